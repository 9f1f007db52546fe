#!/usr/bin/env bash
# Usage: image/check-packages.sh IMAGE. Compares image/packages.txt with what IMAGE has installed
# (exactly the pinned version) and with this machine's packages (the same upstream version, the part
# before the Debian revision: the machine that records the goldens draws with the same libraries
# and fonts). Prints one line a package; exits 1 naming every mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/image/containers.conf}
image=$1
pins=$(grep -v '^#' image/packages.txt | grep .)
names=$(printf '%s\n' "$pins" | cut -d= -f1)
# shellcheck disable=SC2086
inside=$(podman run --rm --network none --entrypoint dpkg-query "$image" -W -f='${Package}=${Version}\n' $names)
upstream() { local version=${1#*:}; echo "${version%-*}"; }
failed=0
while IFS== read -r name pinned; do
    in_image=$(printf '%s\n' "$inside" | sed -n "s/^$name=//p")
    on_host=$(dpkg-query -W -f='${Version}' "$name" 2> /dev/null || echo "(not installed)")
    verdict=ok
    if [ -z "$pinned" ]; then
        # Named without a version (it draws nothing): installed in the image, any version.
        [ -n "$in_image" ] || { verdict="the image has nothing"; failed=1; }
        pinned="(any)"
    elif [ "$in_image" != "$pinned" ]; then
        verdict="the image has ${in_image:-nothing}"
        failed=1
    elif [ "$(upstream "$on_host")" != "$(upstream "$pinned")" ]; then
        verdict="this machine has $on_host"
        failed=1
    fi
    printf '%-24s %-28s %s\n' "$name" "$pinned" "$verdict"
done <<< "$pins"
[ "$failed" -eq 0 ] || { echo "image/packages.txt does not match (see above)" >&2; exit 1; }
