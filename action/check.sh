#!/usr/bin/env bash
# The step action.yml runs, as GitHub's runner runs it: in the repository ($GITHUB_WORKSPACE, the
# working folder), with the action's inputs as INPUT_* variables and GitHub's own (GITHUB_*). Runs
# `seemore check` in the SeeMore image with the repository mounted (with INPUT_MERGE, `seemore check
# merge` of the shards' folders under it), appends its Markdown summary
# (counts and change groups) to the step summary, writes the outputs, and exits with the check's
# status. SEEMORE_CONTAINER_ENGINE=podman runs it with podman (the tests do).
set -uo pipefail
action=$(cd "$(dirname "$0")/.." && pwd)
engine=${SEEMORE_CONTAINER_ENGINE:-docker}
suite=${INPUT_SUITE:-golden-images/suite.json}
artifacts=${INPUT_ARTIFACTS:-seemore-report}
record=${INPUT_RECORD:-never}
shard=${INPUT_SHARD:-}
merge=${INPUT_MERGE:-}
image=${INPUT_IMAGE:-}

fail_usage() {
    echo "::error title=SeeMore action::$1"
    exit 64
}
# Paths stay inside the repository: the container sees only it.
for pair in "suite=$suite" "artifacts=$artifacts" ${merge:+"merge=$merge"}; do
    value=${pair#*=}
    case "/$value/" in
        //* | *"/../"* | "//") fail_usage "input ${pair%%=*} must be a path inside the repository, not '$value'" ;;
    esac
done
case "$record" in never | missing | failed | all) ;; *) fail_usage "input record must be never, missing, failed or all, not '$record'" ;; esac
if [ -z "$image" ]; then
    version=$(sed -n 's/.*static let seemore = "\(.*\)".*/\1/p' "$action/Sources/SeeMoreText/Version.swift")
    repository=${GITHUB_ACTION_REPOSITORY:-${GITHUB_REPOSITORY:-}}
    [ -n "$repository" ] && [ -n "$version" ] || fail_usage "input image is empty and the action's repository is unknown"
    image=ghcr.io/${repository,,}:$version
fi

mkdir -p "$artifacts"
if [ -n "$merge" ]; then
    # The shards' folders, as download-artifact lays them out: one subfolder an artifact.
    shards=()
    for folder in "$merge"/*/; do [ -d "$folder" ] && shards+=("${folder%/}"); done
    [ "${#shards[@]}" -gt 0 ] || fail_usage "input merge names '$merge', which holds no shard's folder"
    arguments=(check merge --suite "$suite" "${shards[@]}")
else
    arguments=(check --suite "$suite" --record "$record")
    [ -n "$shard" ] && arguments+=(--shard "$shard")
fi
arguments+=(--artifacts "$artifacts" --junit "$artifacts/junit.xml" --summary "$artifacts/summary.md")
[ "${INPUT_PR_COMMENT:-true}" = true ] && arguments+=(--pr-comment "$artifacts/pr-comment.md")

"$engine" run --rm --network none --user "$(id -u):$(id -g)" -v "$PWD:/work" \
    -e CI=true -e GITHUB_ACTIONS -e GITHUB_SERVER_URL -e GITHUB_REPOSITORY -e GITHUB_RUN_ID \
    -e SEEMORE_ARTIFACT_NAME -e SEEMORE_REPORT_URL "$image" "${arguments[@]}"
status=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$artifacts/summary.md" ]; then
    cat "$artifacts/summary.md" >> "$GITHUB_STEP_SUMMARY"
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    printf 'report=%s\nstatus=%s\n' "$artifacts/index.html" "$status" >> "$GITHUB_OUTPUT"
fi
exit "$status"
