import Foundation
@testable import SeeMoreGoldens
import Testing

/// The GitHub Actions workflow docs/ci.md shows, run as CI runs its check step: its command and
/// environment verbatim, in a clone with the README's design change; then the pull-request comment
/// it wrote is followed as a reviewer follows it (its `seemore approve --group` command, run in another
/// clone after the artifacts were downloaded there), and the check passes.
@Suite struct CIWorkflowTests {
    static let workflow = ReadmeWalkthroughTests.repository + "/examples/github-actions/seemore-check.yml"

    static let commentWorkflow = ReadmeWalkthroughTests.repository + "/examples/github-actions/seemore-comment.yml"

    /// The shell script of the comment workflow's step that builds the comment from report.json.
    static func commentScript() throws -> String {
        let text = try String(contentsOfFile: commentWorkflow, encoding: .utf8)
        let start = try #require(text.range(of: "      - name: Build the comment from report.json\n"))
        let end = try #require(
            text.range(of: "      - name: Post or update the comment", range: start.upperBound..<text.endIndex))
        let step = text[start.upperBound..<end.lowerBound]
        let run = try #require(step.range(of: "run: |\n"))
        return step[run.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(10)) }
            .joined(separator: "\n")
    }

    /// Runs the comment workflow's build step in `folder` (which holds seemore-report/report.json).
    static func buildComment(in folder: String) throws -> (status: Int32, comment: String, output: String) {
        let run = try ReadmeWalkthroughTests.bash(
            "export RUN_URL=https://github.com/acme/cards/actions/runs/77\n" + (try commentScript()), in: folder)
        let comment = (try? String(contentsOfFile: folder + "/comment.md", encoding: .utf8)) ?? ""
        return (run.status, comment, run.output)
    }

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
            if !trimmed.hasPrefix("#"), let colon = trimmed.firstIndex(of: ":"), trimmed != "env:",
                !trimmed.hasPrefix("working-directory:")
            {
                environment[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
        }
        return (run.joined(separator: " "), environment)
    }

    @Test func theWorkflowsCheck_writesAComment_whoseCommandApprovesTheChange() throws {
        let (run, stepEnvironment) = try Self.checkStep()
        // SeeMore as the base branch builds it checks the pull request's files, in their own folder.
        #expect(
            run.hasPrefix("../seemore-tool/.build/release/seemore check ")
                && run.contains("--pr-comment seemore-report/pr-comment.md"), "\(run)")
        let workflowText = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        #expect(
            workflowText.contains("working-directory: pr")
                && workflowText.contains("ref: \"${{ github.event.pull_request.base.sha }}\""))
        #expect(!workflowText.contains("make deps && swift build\n"), "the pull request's own Makefile is never run")
        for file in [Self.workflow, Self.commentWorkflow] {
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("timeout-minutes:"), "\(file) has a time limit")
        }
        #expect(stepEnvironment["SEEMORE_ARTIFACT_NAME"] == "seemore-report")
        let readme = try String(contentsOfFile: ReadmeWalkthroughTests.repository + "/README.md", encoding: .utf8)
        let change = try #require(
            ReadmeWalkthroughTests.shellBlocks(in: readme, section: "Five minutes with SeeMore").dropFirst().first)

        // Two clones: CI's, where the pull request's change is checked, and the reviewer's.
        let folder = try BinaryRunner.temporaryFolder().path
        let binaries =
            "\"\(BinaryRunner.executable.path)\" \"\(BinaryRunner.executable.deletingLastPathComponent().path)/seemore-serve\""
        var setUp = "set -e\n"
        // The base branch's SeeMore, built beside the pull request's checkout.
        setUp += """
            mkdir -p "\(folder)/seemore-tool/.build/release" && cp \(binaries) "\(folder)/seemore-tool/.build/release/"

            """
        for clone in ["pr", "reviewer"] {
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
        let checked = try ReadmeWalkthroughTests.bash(exports + run, in: folder + "/pr")
        #expect(checked.status == 1, "\(checked.output)")
        let comment = try String(contentsOfFile: folder + "/pr/seemore-report/pr-comment.md", encoding: .utf8)
        #expect(comment.hasPrefix(PullRequestComment.marker))
        #expect(comment.contains("[the run's artifacts](https://github.com/acme/cards/actions/runs/77#artifacts)"), "\(comment)")
        #expect(
            comment.contains("`gh run download 77 --repo acme/cards --name seemore-report --dir seemore-report`"), "\(comment)")
        let rows = comment.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 1, "the README's change is one group: \(comment)")
        let row = try #require(rows.first)
        #expect(row.contains("inline-more: the ending \"… More\" → \"… Read more\""), "\(row)")
        let command = String(try #require(row.firstMatch(of: /`(seemore approve --artifacts [^`]+ --group [0-9a-f]{8})`/)).1)

        // The reviewer: the artifacts downloaded into their clone, the row's command, the check.
        let reviewed = try ReadmeWalkthroughTests.bash(
            """
            set -e
            cp -R "\(folder)/pr/seemore-report" seemore-report
            .build/debug/\(command)
            .build/debug/seemore check --record never
            """, in: folder + "/reviewer")
        #expect(reviewed.status == 0, "\(reviewed.output)")
        #expect(reviewed.output.contains("approved group "), "\(reviewed.output)")
        #expect(reviewed.output.contains(" 0 failed"), "\(reviewed.output)")

        // The comment workflow posts a comment it rebuilt from report.json, with the same group's command.
        let built = try Self.buildComment(in: folder + "/pr")
        #expect(built.status == 0, "\(built.output)")
        #expect(built.comment.hasPrefix(PullRequestComment.marker + "\n"), "\(built.comment)")
        #expect(built.comment.contains("`\(command)`"), "\(built.comment)")
        #expect(built.comment.contains("inline-more: the ending \"… More\" → \"… Read more\""), "\(built.comment)")
    }

    /// A report.json the pull request's run forged: Markdown in a sentence is dropped to plain text, and
    /// an ID or a count that is not one stops the comment (nothing is posted).
    @Test func theCommentWorkflow_rebuildsTheComment_fromCheckedFields() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/seemore-report", withIntermediateDirectories: true)
        func report(id: String, count: String, sentence: String) throws {
            let json =
                #"{"summary": {"cases": 3, "failed": 2}, "groups": [{"id": "\#(id)", "count": \#(count), "sentence": "\#(sentence)"}]}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/seemore-report/report.json"))
        }
        try report(
            id: "0a1b2c3d", count: "2",
            sentence: "t: the ending @octocat [x](//e.vil) ![](https://e.vil/p.png) <img src=x> `code` #12")
        let built = try Self.buildComment(in: folder)
        #expect(built.status == 0, "\(built.output)")
        for forbidden in ["@", "[x]", "![", "<img", "https://e.vil", "#12", "`code`"] {
            #expect(!built.comment.contains(forbidden), "\(forbidden) in \(built.comment)")
        }
        #expect(
            built.comment.contains("| `0a1b2c3d` t: the ending octocat x(e.vil) (https:e.vilp.png) img src=x code 12 | 2 |"),
            "\(built.comment)")
        for (id, count) in [("0a1b2c3d | x", "2"), ("0a1b2c3d", "-1"), ("0a1b2c3d", "\"2\""), ("`x`", "2")] {
            try report(id: id, count: count, sentence: "s")
            let refused = try Self.buildComment(in: folder)
            #expect(refused.status != 0, "id \(id), count \(count): \(refused.comment)")
        }
    }
}
