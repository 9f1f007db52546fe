#!/bin/bash
# Instructions a cut costs, counted by callgrind rather than timed: the machine's speed drifts by a
# third from minute to minute, so a change of 1-3 % shows in this count long before it shows in
# medians. Usage: Benchmarks/instructions.sh BENCH "ROW" [BENCH2 ...]
#   BENCH: a seemore-bench binary (a release build); ROW: a micro benchmark's name as `seemore-bench
#   ROW` selects it, e.g. "not counted) he-cut @240".
# Counts what runs inside LayoutEngine.truncate for 201 runs and for 1 (SEEMORE_BENCH_RUNS), and
# prints the difference over 200: the first run's font loading and the program's start cancel out.
# Needs valgrind (apt-get install -y valgrind); its 3.19 cannot read Swift's DWARF 5, so each
# binary is read through a copy with its debug information stripped (its symbols kept).
set -euo pipefail
command -v valgrind > /dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 66; }
[ $# -ge 2 ] || { echo "usage: $0 BENCH \"ROW\" [BENCH2 ...]" >&2; exit 64; }
row=$2
binaries=("$1" "${@:3}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for binary in "${binaries[@]}"; do
    [ -x "$binary" ] || { echo "instructions.sh: $binary is not an executable" >&2; exit 66; }
    strip --strip-debug -o "$work/bench" "$binary"
    symbol=$(nm "$work/bench" | awk '$2 == "T" { print $3 }' | grep 'LayoutEngine' | while read -r name; do
        case "$(echo "$name" | swift demangle --compact)" in
            *closure*) ;;
            *"LayoutEngine.truncate(SeeMoreText.TruncationRequest)"*) echo "$name" ;;
        esac
    done | head -1)
    [ -n "$symbol" ] || { echo "instructions.sh: no LayoutEngine.truncate in $binary" >&2; exit 65; }
    # Runs the row `1` or `201` times under callgrind, leaving its count in $work/out.N.
    count() {
        SEEMORE_BENCH_RUNS=$1 valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" --toggle-collect="$symbol" \
            "$work/bench" "$row" > "$work/stdout" 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
        grep -qE "\([0-9]+ runs\)" "$work/stdout" || { echo "instructions.sh: no benchmark is named \"$row\"" >&2; exit 64; }
    }
    count 1
    count 201
    one=$(awk '/^summary:/ { print $2 }' "$work/out.1")
    many=$(awk '/^summary:/ { print $2 }' "$work/out.201")
    echo "$binary: $(((many - one) / 200)) instructions a cut ($row)"
done
