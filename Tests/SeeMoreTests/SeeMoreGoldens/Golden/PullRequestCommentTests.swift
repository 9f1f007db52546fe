import Foundation
@testable import SeeMoreGoldens
import Testing

/// `check --pr-comment`: a comment that names every group it can, links into the run when CI says
/// where, and stays under GitHub's limit for any suite.
@Suite struct PullRequestCommentTests {
    /// `count` failing cases, `groups` changes (round robin), each change's sentence `sentenceLength`
    /// characters long; plus one passing case.
    static func summary(cases count: Int, groups: Int, sentenceLength: Int = 40) -> CheckSummary {
        var results: [CaseResult] = []
        for index in 0..<count {
            let group = index % groups
            let change = "change \(group) " + String(repeating: "x", count: max(0, sentenceLength - 10))
            var result = CaseResult(
                name: "card-\(group)/font/\(index).png", outcome: .pixelsChanged, message: "pixels changed",
                goldenPath: "goldens/\(index).png", group: "card-\(group)")
            result.signature = ChangeSignature(key: change, template: "card-\(group)")
            results.append(result)
        }
        results.append(CaseResult(name: "fine.png", outcome: .passed, message: "", goldenPath: "fine.png", group: "fine"))
        return CheckSummary(
            results: CaseResults(results), environmentChanges: [], fingerprintPath: "", fingerprintWritten: false, reportPath: nil
        )
    }

    static let github = [
        "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/design", "GITHUB_RUN_ID": "4242",
        "SEEMORE_ARTIFACT_NAME": "seemore-report",
        "SEEMORE_REPORT_URL": "https://ci.example/seemore report/index.html",
    ]

    @Test func everyGroup_hasARow_withItsCount_link_andApproveCommand() throws {
        let summary = Self.summary(cases: 12, groups: 3)
        let markdown = PullRequestComment(summary: summary, artifactsFolder: "seemore-artifacts", environment: Self.github)
            .markdown
        #expect(markdown.hasPrefix(PullRequestComment.marker + "\n"))
        #expect(markdown.contains("12 of 13 cases changed, in 3 change groups"), "\(markdown)")
        #expect(
            markdown.contains("[the run's artifacts](https://github.com/acme/design/actions/runs/4242#artifacts)"), "\(markdown)")
        #expect(
            markdown.contains("`gh run download 4242 --repo acme/design --name seemore-report --dir seemore-artifacts`"),
            "\(markdown)")
        for group in summary.changeGroups.groups {
            // The space in the report's URL cannot end the link early.
            #expect(
                markdown.contains("[`\(group.id)`](https://ci.example/seemore%20report/index.html#change:\(group.id))"),
                "\(markdown)")
            #expect(markdown.contains("`seemore approve --artifacts seemore-artifacts --group \(group.id)`"))
            #expect(markdown.contains(group.sentence))
        }
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { $0.contains("| 4 |") })
        #expect(!markdown.contains("more change group"))
    }

    @Test func outsideCI_theCommentHasNoLinks() {
        let markdown = PullRequestComment(summary: Self.summary(cases: 4, groups: 2), artifactsFolder: "a", environment: [:])
            .markdown
        #expect(!markdown.contains("]("), "\(markdown)")
        #expect(!markdown.contains("http"))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }.count == 2)
    }

    @Test func aHugeRun_staysUnderGitHubsLimit_andCountsTheGroupsItLeavesOut() throws {
        let summary = Self.summary(cases: 20_000, groups: 5_000, sentenceLength: 400)
        let markdown = PullRequestComment(summary: summary, artifactsFolder: "artifacts", environment: Self.github).markdown
        #expect(markdown.utf8.count <= 65_536)
        #expect(markdown.utf8.count > 50_000, "the comment uses its room: \(markdown.utf8.count)")
        let listed = markdown.split(separator: "\n").filter { $0.hasPrefix("| [`") }.count
        #expect(listed > 10 && listed < 5_000)
        #expect(
            markdown.contains("\(5_000 - listed) more change groups (\((5_000 - listed) * 4) cases) are in the report."),
            "\(markdown.suffix(400))")
        #expect(markdown.hasSuffix("then commit the goldens.\n"))
    }

    @Test func aPassingRun_saysSo() {
        let summary = CheckSummary(
            results: CaseResults([CaseResult(name: "a.png", outcome: .passed, message: "", goldenPath: "a.png", group: "a")]),
            environmentChanges: [], fingerprintPath: "", fingerprintWritten: false, reportPath: nil)
        let markdown = PullRequestComment(summary: summary, artifactsFolder: "a", environment: [:]).markdown
        #expect(markdown.contains("all 1 case match their goldens"), "\(markdown)")
        #expect(!markdown.contains("| change |"))
    }

    @Test func hostileSentences_cannotBreakTheTable() {
        var result = CaseResult(name: "a.png", outcome: .pixelsChanged, message: "", goldenPath: "a.png", group: "a")
        result.signature = ChangeSignature(key: "a | b\n| --- |\n<img src=x>", template: "t|<script>")
        let summary = CheckSummary(
            results: CaseResults([result]), environmentChanges: [], fingerprintPath: "", fingerprintWritten: false,
            reportPath: nil)
        let markdown = PullRequestComment(summary: summary, artifactsFolder: "a", environment: [:]).markdown
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 1, "\(markdown)")
        #expect(!markdown.contains("<img") && !markdown.contains("<script"), "\(markdown)")
    }

    /// Markdown from the pull request (a template's suffix, a font path in ENVIRONMENT.json) renders as
    /// text: on main `"… More" → "… @octocat"` pinged octocat, `[x](//e.vil)` and `![](//e.vil/p.png)`
    /// rendered, and five 105 KB font paths made a comment of 525 598 characters.
    @Test func markdownFromThePullRequest_isInert_andEveryFieldIsCut() {
        var result = CaseResult(name: "a.png", outcome: .layoutChanged, message: "", goldenPath: "a.png", group: "a")
        result.signature = ChangeSignature(
            key: "the ending \"… More\" → \"… @octocat [x](//e.vil) ![](//e.vil/p.png) *bold* see https://e.vil www.e.vil #12\"",
            template: "t")
        var summary = CheckSummary(
            results: CaseResults([result]),
            environmentChanges: (0..<5).map { "font /fonts/" + String(repeating: "a", count: 105_000) + "\($0).ttf" },
            fingerprintPath: "", fingerprintWritten: false, reportPath: nil)
        summary.designChanges = ["@team [x](//e.vil)"]
        let markdown = PullRequestComment(summary: summary, artifactsFolder: "a", environment: [:]).markdown
        #expect(markdown.utf8.count < 5_000, "\(markdown.utf8.count) bytes")
        #expect(!markdown.contains("@octocat") && markdown.contains("@\u{200D}octocat"), "\(markdown)")
        // Brackets escaped: no link or image can form.
        #expect(!markdown.contains("[x](") && !markdown.contains("![") && markdown.contains("\\[x\\](//e.vil)"), "\(markdown)")
        #expect(!markdown.contains("*bold*") && markdown.contains("\\*bold\\*"), "\(markdown)")
        #expect(
            !markdown.contains("https://e.vil") && !markdown.contains("www.e.vil") && !markdown.contains("#12"), "\(markdown)")
        let step = MarkdownSummary(summary: summary, artifactsFolder: "a").markdown
        #expect(step.utf8.count < 10_000, "\(step.utf8.count) bytes")
        #expect(!step.contains("@team") && !step.contains("[x]("), "\(step)")
    }

    /// The step summary lists at most 500 failing cases, each field cut: 5 000 failing cases of long
    /// names stay far under GitHub's 1 MiB.
    @Test func theStepSummary_isBounded() {
        let summary = Self.summary(cases: 5_000, groups: 7, sentenceLength: 2_000)
        let step = MarkdownSummary(summary: summary, artifactsFolder: String(repeating: "f", count: 10_000)).markdown
        #expect(step.utf8.count < 600_000, "\(step.utf8.count) bytes")
        #expect(step.contains("4500 more failing cases in the report."), "\(step.suffix(300))")
    }
}
