#!/usr/bin/env bash
# Approve from the pull request: the step seemore-approve.yml runs when someone comments
# `/seemore approve ID [ID …]` on a pull request. In a checkout of the pull request's branch with the
# check's artifacts downloaded into it, it approves those change groups in the SeeMore image
# (`seemore approve --group`, which renders nothing and copies only files whose SHA-256 the report
# vouches for), commits the goldens and pushes them to the branch. docs/security.md has its threat
# model.
#
# Variables: SEEMORE_COMMENT (the comment's body), SEEMORE_ASSOCIATION (its author's association with
# the repository: only OWNER, MEMBER and COLLABORATOR may approve), SEEMORE_ACTOR (who asked),
# SEEMORE_BRANCH (the pull request's branch), SEEMORE_ARTIFACTS (default seemore-report),
# SEEMORE_IMAGE, SEEMORE_REMOTE (default origin), SEEMORE_CONTAINER_ENGINE (default docker).
# Exit: 0 pushed (or not asked by a writer: nothing done), 64 a comment that is not a command,
# 65 approve refused or something other than goldens changed, 1 the push failed.
set -uo pipefail
engine=${SEEMORE_CONTAINER_ENGINE:-docker}
artifacts=${SEEMORE_ARTIFACTS:-seemore-report}
remote=${SEEMORE_REMOTE:-origin}
actor=${SEEMORE_ACTOR:-someone}

case "${SEEMORE_ASSOCIATION:-}" in
    OWNER | MEMBER | COLLABORATOR) ;;
    *)
        echo "::notice title=SeeMore approve::only a writer of the repository may approve; $actor is ${SEEMORE_ASSOCIATION:-no one here}"
        exit 0
        ;;
esac
# The first line, exactly: /seemore approve ID [ID …], each ID 8 hexadecimal digits.
command=$(printf '%s\n' "${SEEMORE_COMMENT:-}" | head -n 1 | tr -d '\r')
if ! [[ "$command" =~ ^/seemore\ approve(\ [0-9a-f]{8})+$ ]]; then
    echo "::error title=SeeMore approve::the comment must start with '/seemore approve ID [ID …]' (IDs as the check's comment lists them)"
    exit 64
fi
groups=()
for id in ${command#/seemore approve }; do groups+=(--group "$id"); done
[ -n "${SEEMORE_BRANCH:-}" ] && [[ "$SEEMORE_BRANCH" =~ ^[A-Za-z0-9._/-]+$ ]] || {
    echo "::error title=SeeMore approve::no usable branch to push to: '${SEEMORE_BRANCH:-}'"
    exit 64
}
[ -n "${SEEMORE_IMAGE:-}" ] || { echo "::error title=SeeMore approve::SEEMORE_IMAGE is not set"; exit 64; }

"$engine" run --rm --network none --user "$(id -u):$(id -g)" -v "$PWD:/work" "$SEEMORE_IMAGE" \
    approve --artifacts "$artifacts" "${groups[@]}" || exit 65

# Only goldens may have changed: PNGs, layout snapshots and ENVIRONMENT.json, outside the artifacts.
changed=$(git status --porcelain --untracked-files=all -- . ":(exclude)$artifacts" | cut -c4-)
[ -n "$changed" ] || { echo "nothing to approve: the goldens already match"; exit 0; }
while IFS= read -r path; do
    case "$path" in
        *.png | *.layout.txt | */ENVIRONMENT.json | ENVIRONMENT.json) ;;
        *) echo "::error title=SeeMore approve::approve changed '$path', which is no golden: nothing is pushed"; exit 65 ;;
    esac
done <<< "$changed"
printf '%s\n' "$changed" | git add --pathspec-from-file=-
git -c user.name="seemore-approve" -c user.email="seemore-approve@users.noreply.github.com" commit --quiet \
    -m "Approve SeeMore change groups ${command#/seemore approve }" -m "Requested by @$actor: $command" || exit 65
git push --quiet "$remote" "HEAD:refs/heads/$SEEMORE_BRANCH" || exit 1
echo "pushed $(printf '%s\n' "$changed" | wc -l) golden files to $SEEMORE_BRANCH"
