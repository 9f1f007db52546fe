#!/usr/bin/env bash
# make test-image: builds the image from nothing but this checkout (image/build.sh) and proves it
# draws what this machine draws: its packages are the pinned ones, its fonts and fontconfig rules
# this machine's; it runs as a non-root user, without Swift; goldens recorded in it for
# golden-images/ and examples/brand/ are byte-identical to the committed ones, its ENVIRONMENT.json
# names the image, and `seemore check` in it passes on the committed goldens. Each step is timed; a
# failing step fails the run. Where podman cannot run, it says why and fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/image/containers.conf}
version=$(sed -n 's/.*static let seemore = "\(.*\)".*/\1/p' Sources/SeeMoreText/Version.swift)
tag=seemore:$version
suites=(golden-images examples/brand)
work=.build/image/test
summary=()
failed=0

step() {
    local name=$1 start status
    shift
    echo "==> $name"
    start=$(date +%s.%N)
    "$@"
    status=$?
    summary+=("$(printf '%7.1f s  %-6s  %s' "$(echo "$(date +%s.%N) - $start" | bc)" "$([ "$status" -eq 0 ] && echo ok || echo FAILED)" "$name")")
    [ "$status" -eq 0 ] || failed=1
    return "$status"
}

# seemore in the image ($image, else $tag), the folder $1 mounted as its working folder, as this
# machine's user.
in_image() {
    local folder=$1
    shift
    podman run --rm --network none --user "$(id -u):$(id -g)" -v "$PWD/$work/$folder:/work" "${image:-$tag}" "$@"
}

# A copy of this checkout's files (tracked and new, as they are now).
checkout_copy() {
    rm -rf "$work/$1" && mkdir -p "$work/$1"
    # One tar reading the whole list: xargs split a long list over several tars, whose archives the
    # reading tar stopped at the first end of (the repository's files outgrew one command line).
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work/$1"
}

same_fonts() {
    diff <(fc-list --format '%{file}\n' | sort) \
        <(podman run --rm --network none --entrypoint fc-list "$tag" --format '%{file}\n' | sort) &&
        diff <(ls /etc/fonts/conf.d) <(podman run --rm --network none --entrypoint ls "$tag" /etc/fonts/conf.d)
}

# Runs as uid 1000, has no Swift, and its binaries need no Swift library.
non_root_without_swift() {
    local uid
    uid=$(podman run --rm --network none --entrypoint id "$tag" -u) || return 1
    [ "$uid" = 1000 ] || { echo "runs as uid $uid, not 1000" >&2; return 1; }
    if podman run --rm --network none --entrypoint sh "$tag" -c \
        'command -v swift || ls /usr/lib/swift 2>/dev/null || ldd /usr/local/bin/seemore /usr/local/bin/seemore-serve | grep -i swift'; then
        echo "the image holds Swift" >&2
        return 1
    fi
    podman run --rm --network none "$tag" --version
}

# Every golden removed from a copy, recorded in the image, then compared byte for byte.
record_in_image() {
    checkout_copy recorded || return 1
    local suite count=0 differ=0 path
    for suite in "${suites[@]}"; do
        find "$work/recorded/$suite" -name '*.png' -delete
        rm -f "$work/recorded/$suite/ENVIRONMENT.json"
        # New goldens fail the run that writes them (exit 1); a second run compares them.
        in_image recorded check --suite "$suite/suite.json" --record missing --artifacts /tmp/artifacts > "$work/record.log" 2>&1
        [ $? -eq 1 ] || { cat "$work/record.log"; echo "recording $suite in the image did not write goldens" >&2; return 1; }
        in_image recorded check --suite "$suite/suite.json" --record never --artifacts /tmp/artifacts | tail -2 || return 1
        grep -q "\"image\": \"$tag\"" "$work/recorded/$suite/ENVIRONMENT.json" || {
            echo "$suite/ENVIRONMENT.json recorded in the image does not name $tag" >&2
            return 1
        }
    done
    while IFS= read -r path; do
        count=$((count + 1))
        if ! cmp -s "$path" "$work/recorded/$path"; then
            differ=$((differ + 1))
            echo "differs: $path" >&2
        fi
    done < <(git ls-files "${suites[@]/%//*.png}")
    local recorded
    recorded=$(find "${suites[@]/#/$work/recorded/}" -name '*.png' | wc -l)
    echo "$count committed goldens, $recorded recorded in the image, $differ differ"
    [ "$count" -gt 0 ] && [ "$differ" -eq 0 ] && [ "$recorded" -eq "$count" ]
}

# The committed goldens checked in the image, nothing written.
check_in_image() {
    checkout_copy committed || return 1
    local suite
    for suite in "${suites[@]}"; do
        in_image committed check --suite "$suite/suite.json" --record never --artifacts /tmp/artifacts | tail -2 || return 1
    done
}

# The Containerfile's default: SeeMore built from source inside the build, by a builder standing in
# for Docker Hub's Swift image (image/Builder.containerfile, the toolchain mounted from /opt/swift),
# then the committed goldens checked with that image.
from_source() {
    local base=${SEEMORE_IMAGE_BASE:-localhost/seemore-base:bookworm}
    podman build --quiet --network host -f image/Builder.containerfile --build-arg BASE="$base" \
        -t localhost/seemore-builder:latest image > /dev/null || return 1
    # podman resolves `FROM ${BINARIES}` to a stage only when it has built every stage (docker does anyway).
    podman build --quiet --network host --skip-unused-stages=false -v /opt/swift:/opt/swift:ro -f Containerfile \
        --build-arg BASE="$base" \
        --build-arg BUILDER=localhost/seemore-builder:latest --build-arg VERSION="$version" \
        -t "seemore-from-source:$version" . > /dev/null || return 1
    podman image inspect --format 'from source: {{.Size}} bytes' "seemore-from-source:$version"
    image=seemore-from-source:$version check_in_image
}

# action.yml's step as GitHub's runner runs it: action/check.sh in a copy of the repository, with the
# inputs as INPUT_* and GitHub's variables, the image run by podman. The README's design change fails
# with an annotation, a step summary with the change group, JUnit, the comment and the outputs; the
# unchanged copy passes (sharded too); three shards merged by the action are the one run; a path out
# of the repository is refused with exit 64.
run_action() {
    local copy=$1 out=$2
    shift 2
    (cd "$work/$copy" && env GITHUB_ACTIONS=true GITHUB_WORKSPACE="$PWD" GITHUB_SERVER_URL=https://github.com \
        GITHUB_REPOSITORY=acme/cards GITHUB_RUN_ID=77 GITHUB_ACTION_REPOSITORY=acme/seemore \
        GITHUB_STEP_SUMMARY="$out/step-summary.md" GITHUB_OUTPUT="$out/output" INPUT_SUITE=golden-images/suite.json \
        INPUT_ARTIFACTS=seemore-report INPUT_RECORD=never INPUT_SHARD= INPUT_PR_COMMENT=true INPUT_IMAGE="$tag" \
        SEEMORE_ARTIFACT_NAME=seemore-report SEEMORE_CONTAINER_ENGINE=podman "$@" bash action/check.sh) > "$out/log" 2>&1
}

the_action() {
    local out=$PWD/$work/action status
    rm -rf "$out" && mkdir -p "$out" && : > "$out/step-summary.md" && : > "$out/output"
    checkout_copy action-changed || return 1
    sed -i 's/"text": "More"/"text": "Read more"/' "$work/action-changed/Templates/inline-more.json"
    run_action action-changed "$out"
    status=$?
    [ "$status" -eq 1 ] || { cat "$out/log"; echo "the changed design exited $status, not 1" >&2; return 1; }
    grep -q '^::error file=golden-images/inline-more/[^,]*\.png,title=inline-more/' "$out/log" &&
        grep -q '| change group | cases | accept it |' "$out/step-summary.md" &&
        grep -q '\[\[ATTACHMENT|seemore-report/' "$work/action-changed/seemore-report/junit.xml" &&
        grep -q 'gh run download 77 --repo acme/cards' "$work/action-changed/seemore-report/pr-comment.md" &&
        grep -qx 'status=1' "$out/output" && grep -qx 'report=seemore-report/index.html' "$out/output" ||
        { cat "$out/log" "$out/step-summary.md" "$out/output"; echo "the failing run's outputs are not all there" >&2; return 1; }
    grep -c '^::error' "$out/log" | sed 's/^/annotations: /'
    # Sharded as docs/ci.md shows, each shard's folder where download-artifact puts it, then merged:
    # the one run's report, failing as it did.
    local index
    for index in 1 2 3; do
        run_action action-changed "$out" INPUT_SHARD="$index/3" INPUT_ARTIFACTS="seemore-shards/seemore-shard-$index"
        [ $? -le 1 ] || { cat "$out/log"; echo "shard $index/3 failed to run" >&2; return 1; }
    done
    : > "$out/output"
    run_action action-changed "$out" INPUT_MERGE=seemore-shards INPUT_ARTIFACTS=seemore-merged
    status=$?
    [ "$status" -eq 1 ] && grep -qx 'status=1' "$out/output" &&
        diff <(sed 's|seemore-report/index.html|seemore-merged/index.html|' "$work/action-changed/seemore-report/report.json") \
            "$work/action-changed/seemore-merged/report.json" ||
        { cat "$out/log"; echo "the merged shards are not the one run (exit $status)" >&2; return 1; }
    echo "3 shards merged by the action = the one run"
    checkout_copy action-same || return 1
    : > "$out/output"
    run_action action-same "$out" INPUT_SHARD=2/3 || { cat "$out/log"; echo "the unchanged design failed" >&2; return 1; }
    grep -qx 'status=0' "$out/output" || return 1
    ! grep -q '^::error' "$out/log" || { echo "a passing run printed annotations" >&2; return 1; }
    run_action action-same "$out" INPUT_ARTIFACTS=../outside
    status=$?
    [ "$status" -eq 64 ] && grep -q '^::error title=SeeMore action::input artifacts must be a path inside' "$out/log" ||
        { cat "$out/log"; echo "a path out of the repository was not refused (exit $status)" >&2; return 1; }
}

# The GitLab job's script, run in the image as GitLab's runner runs it (the image's shell, the
# project as the working folder), on the changed design: it fails, with JUnit attachments.
gitlab_job() {
    local script
    script=$(sed -n 's/^    - //p' examples/gitlab/seemore.gitlab-ci.yml)
    [ -n "$script" ] || { echo "no script in examples/gitlab/seemore.gitlab-ci.yml" >&2; return 1; }
    grep -q "name: ghcr.io/seemore/seemore:$version" examples/gitlab/seemore.gitlab-ci.yml || return 1
    rm -rf "$work/action-changed/seemore-report"
    podman run --rm --network none --user "$(id -u):$(id -g)" -v "$PWD/$work/action-changed:/builds/acme/cards" \
        -w /builds/acme/cards -e CI=true -e GITLAB_CI=true -e SEEMORE_SUITE=golden-images/suite.json \
        --entrypoint sh "$tag" -c "$script" > "$work/gitlab.log" 2>&1
    local status=$?
    [ "$status" -eq 1 ] && grep -q '\[\[ATTACHMENT|seemore-report/' "$work/action-changed/seemore-report/junit.xml" ||
        { cat "$work/gitlab.log"; echo "the GitLab job exited $status or wrote no attachments" >&2; return 1; }
}

# Approve from the pull request (action/approve.sh, as seemore-approve.yml runs it) against a local
# bare repository standing in for GitHub: the pull request's branch carries the README's design
# change, its check fails; a comment from someone who may not write does nothing, a malformed one is
# refused, a writer's `/seemore approve ID` pushes a commit of goldens only, and the branch as
# pushed then passes the check.
approve_from_pr() {
    local remote=$PWD/$work/remote.git pr=$work/pr id before status
    rm -rf "$remote" && git init --quiet --bare "$remote" || return 1
    checkout_copy pr || return 1
    (cd "$pr" && git init --quiet && git add -A && git -c user.name=t -c user.email=t@t commit --quiet -m base &&
        git remote add origin "$remote" && git push --quiet origin HEAD:refs/heads/main &&
        sed -i 's/"text": "More"/"text": "Read more"/' Templates/inline-more.json &&
        git -c user.name=t -c user.email=t@t commit --quiet -am "Read more" &&
        git push --quiet origin HEAD:refs/heads/design) || return 1
    in_image pr check --record never --artifacts seemore-report > "$work/approve-check.log" 2>&1
    [ $? -eq 1 ] || { cat "$work/approve-check.log"; echo "the design change did not fail the check" >&2; return 1; }
    id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["groups"][0]["id"])' "$pr/seemore-report/report.json") || return 1
    before=$(git -C "$remote" rev-parse design)
    approve() {
        (cd "$pr" && env SEEMORE_CONTAINER_ENGINE=podman SEEMORE_IMAGE="$tag" SEEMORE_BRANCH=design SEEMORE_ACTOR=reviewer \
            "$@" bash "$OLDPWD/action/approve.sh") > "$work/approve.log" 2>&1
    }
    approve SEEMORE_ASSOCIATION=CONTRIBUTOR SEEMORE_COMMENT="/seemore approve $id"
    status=$?
    [ "$status" -eq 0 ] && [ "$(git -C "$remote" rev-parse design)" = "$before" ] && [ -z "$(git -C "$pr" status --porcelain -- . ':(exclude)seemore-report')" ] ||
        { cat "$work/approve.log"; echo "a contributor's comment changed something (exit $status)" >&2; return 1; }
    approve SEEMORE_ASSOCIATION=MEMBER SEEMORE_COMMENT="/seemore approve $id; curl evil"
    status=$?
    [ "$status" -eq 64 ] && [ "$(git -C "$remote" rev-parse design)" = "$before" ] ||
        { cat "$work/approve.log"; echo "a malformed comment was not refused (exit $status)" >&2; return 1; }
    approve SEEMORE_ASSOCIATION=MEMBER SEEMORE_COMMENT="$(printf '/seemore approve %s\r\nThanks!' "$id")" ||
        { cat "$work/approve.log"; echo "a writer's approval failed" >&2; return 1; }
    cat "$work/approve.log"
    local files
    files=$(git -C "$remote" diff --name-only "$before" design)
    [ -n "$files" ] && ! printf '%s\n' "$files" | grep -v -E '^golden-images/(.*\.(png|layout\.txt)|ENVIRONMENT\.json)$' ||
        { printf '%s\n' "$files"; echo "the pushed commit holds more than goldens" >&2; return 1; }
    rm -rf "$work/pushed" && git clone --quiet --branch design "$remote" "$work/pushed" || return 1
    in_image pushed check --record never --artifacts /tmp/artifacts | tail -1
}

# examples/kubernetes/ as Kubernetes would run it (image/run-kubernetes-job.py): the Indexed Job's
# pods, one per JOB_COMPLETION_INDEX, check and scan their shards in the image; the merge Job's pod
# combines them. The merged check passes on the committed goldens with every case of the suite, and
# the merged scan holds every text of the corpus.
kubernetes_jobs() {
    local copy=$work/kubernetes cases texts
    if ! python3 -c 'import yaml' 2> /dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-yaml > /dev/null || return 1
    fi
    checkout_copy kubernetes || return 1
    python3 image/run-kubernetes-job.py examples/kubernetes/seemore-shards.yaml "$tag" "$PWD/$copy" > "$work/kubernetes.log" 2>&1 &&
        python3 image/run-kubernetes-job.py examples/kubernetes/seemore-merge.yaml "$tag" "$PWD/$copy" >> "$work/kubernetes.log" 2>&1 ||
        { cat "$work/kubernetes.log"; echo "a pod failed" >&2; return 1; }
    texts=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["texts"])' "$copy/scan/scan.json") || return 1
    ls -d "$copy"/shards/check-* "$copy"/shards/scan-* | wc -l | sed 's/^/shard folders: /'
    [ "$texts" = "$(grep -c . examples/corpus/posts.jsonl)" ] || { echo "the merged scan has $texts texts" >&2; return 1; }
    # The merged report is the one run's (but for the folder it names).
    in_image kubernetes check --record never --artifacts one-run > /dev/null || return 1
    diff <(sed 's|one-run/index.html|seemore-report/index.html|' "$copy/one-run/report.json") "$copy/seemore-report/report.json" ||
        { echo "the merged report is not the one run's" >&2; return 1; }
    echo "merged scan: $texts texts; merged check = one run: $(grep -m1 '"cases"' "$copy/seemore-report/report.json")"
}

# The version a docker user builds and the docs' commands name is this one.
versions_agree() {
    grep -q "^ARG VERSION=$version\$" Containerfile || { echo "Containerfile's ARG VERSION is not $version" >&2; return 1; }
    ! grep -ho 'seemore:[0-9][0-9.]*[0-9]' README.md docs/ci.md Containerfile examples/gitlab/seemore.gitlab-ci.yml | grep -v "^$tag\$" || {
        echo "README.md, docs/ci.md or Containerfile name another version than $tag" >&2
        return 1
    }
}

step "the image's version is seemore's ($version)" versions_agree
if step "image $tag (make image)" bash image/build.sh; then
    step "pinned packages" bash image/check-packages.sh "$tag"
    step "this machine's fonts and fontconfig rules" same_fonts
    step "non-root, without Swift" non_root_without_swift
    step "goldens recorded in the image = committed" record_in_image
    step "seemore check in the image" check_in_image
    step "the GitHub Action's step (action/check.sh)" the_action
    step "the GitLab job (examples/gitlab)" gitlab_job
    step "approve from the pull request (action/approve.sh)" approve_from_pr
    step "an Indexed Job's shards merged (examples/kubernetes)" kubernetes_jobs
    step "the image built from source (docker build's default)" from_source
fi
echo
printf '%s\n' "${summary[@]}"
exit "$failed"
