#!/bin/bash
# make bench-serve: `seemore serve` under wrk (8 connections, keep-alive) on this machine: an uncached
# collapsed inline-more card at @1x (every request another text) and a cached one (the same URL).
set -euo pipefail
binary=${1:-.build/release/seemore}
log=$(mktemp)
"$binary" serve --port 0 > "$log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q "Serving on" "$log" && break; sleep 0.1; done
url=$(sed -n 's/Serving on \(http[^ ]*\) .*/\1/p' "$log")
[ -n "$url" ] || { echo "the server did not start:"; cat "$log"; exit 1; }
here=$(dirname "$0")
echo "== uncached: a new text on every request"
wrk -t2 -c8 -d10s --latency -s "$here/uncached.lua" "$url" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors"
echo "== cached: the same card"
wrk -t2 -c8 -d10s --latency "${url}render.png?template=inline-more&width=320&text=We%20shipped%20the%20new%20onboarding%20flow%20today" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors"
echo "== one process per card: seemore render"
start=$(date +%s.%N)
for i in $(seq 20); do "$binary" render --text "We shipped the new onboarding flow today! $i" --width 320 --state collapsed --out "$(mktemp -d)" > /dev/null; done
end=$(date +%s.%N)
echo "seemore render: $(echo "($end - $start) * 1000 / 20" | bc -l | cut -c1-5) ms per card"
