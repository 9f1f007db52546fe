import Foundation
@testable import SeeMoreGoldens
import Testing

@Suite struct ReportPageTests {
    @Test func textsFromThePullRequest_cannotCloseTheScript() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        let hostile = "</script><script>alert(1)</script> \u{2028} <!--"
        let result = CaseResult(
            name: suite.cases[0].name, outcome: .layoutChanged, message: "layout changed: cut −\"\(hostile)\"",
            goldenPath: suite.folder + "/" + suite.cases[0].pngPath, group: hostile)
        let summary = CheckSummary(
            results: CaseResults([result]), environmentChanges: [hostile], fingerprintPath: "", fingerprintWritten: false,
            reportPath: nil)
        let html = ReportPage(summary: summary, suite: suite, options: try GoldenFixtures.options(.never)).html
        // The page's own two scripts close; nothing from the data does.
        #expect(html.components(separatedBy: "</script>").count == 3)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<!--"))
        #expect(!html.contains("\u{2028}"))
        // And the data still reads back exactly.
        let path = try BinaryRunner.temporaryFolder().appendingPathComponent("index.html").path
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        let data = try GoldenRunnerTests.pageData(path)
        #expect((data["environmentChanges"] as? [String]) == [hostile])
    }

    @Test func kinds_groupTheUnusableGoldens() {
        for outcome in [GoldenOutcome.unreadableGolden, .unsafeGolden, .oversizedGolden] {
            let result = CaseResult(name: "a", outcome: outcome, message: "", goldenPath: "a.png", group: "")
            #expect(ReportPage.kind(result) == "unreadable")
        }
        #expect(ReportPage.kinds.contains("unreadable"))
    }
}
