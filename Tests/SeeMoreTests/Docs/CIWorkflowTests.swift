import Foundation
@testable import SeeMoreGoldens
import Testing

/// The GitHub Actions workflow docs/ci.md shows, run as CI runs its check step: its command and
/// environment verbatim, in a clone with the README's design change; then the pull-request comment
/// it wrote is followed as a reviewer follows it (its `seemore approve --group` command, run in another
/// clone after the artifacts were downloaded there), and the check passes.
@Suite struct CIWorkflowTests {
    static let workflow = ReadmeWalkthroughTests.repository + "/examples/github-actions/seemore-check.yml"

    /// The check step of the workflow: its `run` (folded lines joined) and its `env`.
    static func checkStep() throws -> (run: String, environment: [String: String]) {
        let lines = try String(contentsOfFile: workflow, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("- name: Check the goldens") })
        var environment: [String: String] = [:]
        var run: [String] = []
        var inRun = false
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- ") { break }
            if trimmed.hasPrefix("run: >") { inRun = true; continue }
            if inRun, !trimmed.isEmpty { run.append(trimmed); continue }
            if !trimmed.hasPrefix("#"), let colon = trimmed.firstIndex(of: ":"), trimmed != "env:" {
                environment[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return (run.joined(separator: " "), environment)
    }

    @Test func theWorkflowsCheck_writesAComment_whoseCommandApprovesTheChange() throws {
        let (run, stepEnvironment) = try Self.checkStep()
        #expect(run.hasPrefix(".build/debug/seemore check ") && run.contains("--pr-comment seemore-report/pr-comment.md"), "\(run)")
        #expect(stepEnvironment["SEEMORE_ARTIFACT_NAME"] == "seemore-report")
        let readme = try String(contentsOfFile: ReadmeWalkthroughTests.repository + "/README.md", encoding: .utf8)
        let change = try #require(ReadmeWalkthroughTests.shellBlocks(in: readme, section: "Five minutes with SeeMore").dropFirst().first)

        // Two clones: CI's, where the pull request's change is checked, and the reviewer's.
        let folder = try BinaryRunner.temporaryFolder().path
        let binaries = "\"\(BinaryRunner.executable.path)\" \"\(BinaryRunner.executable.deletingLastPathComponent().path)/seemore-serve\""
        var setUp = "set -e\n"
        for clone in ["ci", "reviewer"] {
            setUp += """
                git clone --quiet --depth 1 "file://\(ReadmeWalkthroughTests.repository)" "\(folder)/\(clone)"
                git -C "\(ReadmeWalkthroughTests.repository)" ls-files -m -z | while IFS= read -r -d '' file; do
                    cp "\(ReadmeWalkthroughTests.repository)/$file" "\(folder)/\(clone)/$file"
                done
                mkdir -p "\(folder)/\(clone)/.build/debug" && cp \(binaries) "\(folder)/\(clone)/.build/debug/"
                (cd "\(folder)/\(clone)" && \(change))

                """
        }
        let prepared = try ReadmeWalkthroughTests.bash(setUp, in: "/")
        try #require(prepared.status == 0, "\(prepared.output)")

        // CI: the step as written, with what GitHub Actions sets.
        var exports = "export CI=true GITHUB_SERVER_URL=https://github.com GITHUB_REPOSITORY=acme/cards GITHUB_RUN_ID=77\n"
        for (name, value) in stepEnvironment.sorted(by: { $0.key < $1.key }) { exports += "export \(name)=\(value)\n" }
        let checked = try ReadmeWalkthroughTests.bash(exports + run, in: folder + "/ci")
        #expect(checked.status == 1, "\(checked.output)")
        let comment = try String(contentsOfFile: folder + "/ci/seemore-report/pr-comment.md", encoding: .utf8)
        #expect(comment.hasPrefix(PullRequestComment.marker))
        #expect(comment.contains("[the run's artifacts](https://github.com/acme/cards/actions/runs/77#artifacts)"), "\(comment)")
        #expect(comment.contains("`gh run download 77 --repo acme/cards --name seemore-report --dir seemore-report`"), "\(comment)")
        let rows = comment.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 1, "the README's change is one group: \(comment)")
        let row = try #require(rows.first)
        #expect(row.contains("inline-more: the ending \"… More\" → \"… Read more\""), "\(row)")
        let command = String(try #require(row.firstMatch(of: /`(seemore approve --artifacts [^`]+ --group [0-9a-f]{8})`/)).1)

        // The reviewer: the artifacts downloaded into their clone, the row's command, the check.
        let reviewed = try ReadmeWalkthroughTests.bash(
            """
            set -e
            cp -R "\(folder)/ci/seemore-report" seemore-report
            .build/debug/\(command)
            .build/debug/seemore check --record never
            """, in: folder + "/reviewer")
        #expect(reviewed.status == 0, "\(reviewed.output)")
        #expect(reviewed.output.contains("approved group "), "\(reviewed.output)")
        #expect(reviewed.output.contains(" 0 failed"), "\(reviewed.output)")
    }
}
