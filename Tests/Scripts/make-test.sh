#!/usr/bin/env bash
# make test: every test, each step timed; a failing step does not hide the results of the others
# (the unit tests run before the golden check, so one changed golden hides nothing). Prints a table
# of the steps with their times and exits nonzero when any step failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/opt/swift/usr/bin:$PATH
logs=.build/make-test
mkdir -p "$logs"
summary=()
failed=0

step() {
    local name=$1
    shift
    echo "==> $name"
    local start end status
    start=$(date +%s.%N)
    "$@"
    status=$?
    end=$(date +%s.%N)
    summary+=("$(printf '%7.1f s  %-6s  %s' "$(echo "$end - $start" | bc)" "$([ "$status" -eq 0 ] && echo ok || echo FAILED)" "$name")")
    [ "$status" -eq 0 ] || failed=1
    return "$status"
}

# The Swift tests in two processes side by side: Pango and Cairo run one thread at a time in a
# process (TextStack), so one process used about one core of two. The first takes the suites that
# lay out the most in-process (the reference and paint sweeps) and those that start the binary the
# most; the second all the others, new suites included. Then XCTest's own tests.
swift_tests() {
    local bundle=.build/debug/SeeMorePackageTests.xctest
    rm -rf "$logs/attachments" "$logs/statuses.txt" && mkdir -p "$logs/attachments"
    local first='ReferenceCutTests|PaintInvariantsTests|SeeMoreServerTests|StoppedRunTests|ReadmeWalkthroughTests|CheckCommandTests'
    "$bundle" --testing-library swift-testing --attachments-path "$logs/attachments" --filter "$first" \
        > "$logs/swift-tests-1.log" 2>&1 &
    local one=$!
    "$bundle" --testing-library swift-testing --attachments-path "$logs/attachments" --skip "$first" \
        > "$logs/swift-tests-2.log" 2>&1 &
    local two=$!
    wait "$one"
    local status_one=$?
    wait "$two"
    local status_two=$?
    cat "$logs/swift-tests-1.log" "$logs/swift-tests-2.log"
    "$bundle" > "$logs/xctest.log" 2>&1
    local status_xctest=$?
    cat "$logs/xctest.log"
    grep -h "Test run with" "$logs/swift-tests-1.log" "$logs/swift-tests-2.log"
    # How each process ended, for the lines after the table (a crash after its last test prints no ✘).
    echo "Swift Testing processes exited with $status_one and $status_two, XCTest's with $status_xctest" \
        > "$logs/statuses.txt"
    [ "$status_one" -eq 0 ] && [ "$status_two" -eq 0 ] && [ "$status_xctest" -eq 0 ]
}

# In a subshell, so the steps after it run from the repository again.
consumer() (
    # Built from nothing each time (about 30 s): SwiftPM's incremental build of a dependency missed
    # files added to SeeMore, and kept objects compiled against a struct's old stored properties (the
    # test then crashed); a clean clone never has either.
    cd Tests/Fixtures/Consumer && rm -rf .build \
        && SEEMORE_RECORD=never swift test --disable-xctest || exit 1
    # seemore prune --testing after the run: a variant the test no longer takes goes, its goldens stay.
    local goldens=Tests/ConsumerTests/__Goldens__/CardTests
    cp "$goldens/inlineMoreCard.1.collapsed.png" "$goldens/inlineMoreCard.9.collapsed.png" &&
        cp "$goldens/inlineMoreCard.1.collapsed.layout.txt" "$goldens/inlineMoreCard.9.collapsed.layout.txt" || exit 1
    ../../../.build/debug/seemore prune --testing Tests > ../../../.build/make-test/prune.log || exit 1
    if ! grep -qx 'removed 2 files' ../../../.build/make-test/prune.log || [ -e "$goldens/inlineMoreCard.9.collapsed.png" ] ||
        [ "$(ls "$goldens" | wc -l)" -ne 4 ]; then
        cat ../../../.build/make-test/prune.log
        echo "seemore prune --testing did not remove exactly the stale variant" >&2
        exit 1
    fi
    # What only the bench and the tests use never reaches a consumer: none of CBench's code (libdeflate's
    # encoder) in its tests' binary (libdeflate itself it links: goldens are inflated with it).
    if ! symbols=$(nm .build/debug/ConsumerPackageTests.xctest); then
        echo "nm could not read the consumer's tests' binary" >&2
        exit 1
    fi
    if grep -q seemore_png_encode_deflate <<< "$symbols"; then
        echo "the consumer's tests link CBench (the bench's libdeflate encoder)" >&2
        exit 1
    fi
)

# The code as .swift-format says: the toolchain's formatter lints every Swift file of the package
# (`swift format format -i -r Sources Tests Package.swift` fixes what it finds).
lint() {
    swift format lint --strict --recursive Package.swift Sources Tests/SeeMoreTests Tests/SeeMoreServerTests \
        Tests/SeeMoreTestingTests Tests/Fixtures/Consumer/Package.swift Tests/Fixtures/Consumer/Tests
}

step "swift format lint" lint
if ! step "build (debug, with the tests)" swift build --build-tests; then
    printf '%s\n' "${summary[@]}"
    exit 1
fi
step "public API as docs/public-api.txt lists it" /usr/bin/python3 Tests/Scripts/public-api.py
step "targets depend directly on what SeeMore re-exports" /usr/bin/python3 Tests/Scripts/direct-dependencies.py
step "Swift tests" swift_tests
# A failing assertCardSnapshot attaches its golden, actual and diff images to the test's results
# (CardSnapshotTests' changedText_failsWithoutRecording fails on purpose, as a known issue).
attachments() {
    local kind file
    for kind in golden actual diff; do
        file="$logs/attachments/changedText_failsWithoutRecording.guarded.collapsed.$kind.png"
        [ "$(head -c 8 "$file" 2> /dev/null | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
            { echo "no PNG attached as $file" >&2; ls "$logs/attachments" >&2; return 1; }
    done
}
step "Swift Testing attachments of a failing snapshot" attachments
step "golden check of golden-images/" .build/debug/seemore check --suite golden-images/suite.json --record never
step "golden check of examples/brand/" .build/debug/seemore check --suite examples/brand/suite.json --record never
for test in line_pitch report report_scale scan_report playground review; do
    step "browser: $test" /usr/bin/python3 "Tests/Browser/$test.py" .build/debug/seemore
done
step "consumer package (SeeMoreTesting from another package)" consumer
step "coverage-guided fuzzing, 20 s a target" bash Tests/Fuzz/run.sh 20

echo
echo "make test:"
printf '%s\n' "${summary[@]}"
# A CI log may be shown by its end alone: the failing Swift tests' own lines come last, too.
failures=$(grep -h -E '✘|error: .*(XCT|failed)' "$logs"/swift-tests-1.log "$logs"/swift-tests-2.log "$logs"/xctest.log 2> /dev/null)
if [ -n "$failures" ] || ! grep -qs 'with 0 and 0, XCTest.s with 0$' "$logs/statuses.txt"; then
    echo
    cat "$logs/statuses.txt" 2> /dev/null
    echo "failing Swift tests (the first 40 lines; $logs/ has the logs):"
    head -n 40 <<< "$failures"
    for log in swift-tests-1 swift-tests-2 xctest; do
        echo "the end of $log.log:"
        tail -n 3 "$logs/$log.log" 2> /dev/null
    done
fi
exit "$failed"
