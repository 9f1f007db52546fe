import Foundation
@testable import SeeMoreGoldens
import Testing

/// `::error` annotations for failing cases: one each at the golden's path, at most 50 and a notice
/// for the rest, and no input can end the command or start another.
@Suite struct GitHubAnnotationsTests {
    @Test func eachFailure_isOneLine_atItsGolden() {
        let summary = PullRequestCommentTests.summary(cases: 3, groups: 1)
        let lines = GitHubAnnotations(summary: summary).lines
        #expect(
            lines.split(separator: "\n") == [
                "::error file=goldens/0.png,title=card-0/font/0.png::pixels: pixels changed",
                "::error file=goldens/1.png,title=card-0/font/1.png::pixels: pixels changed",
                "::error file=goldens/2.png,title=card-0/font/2.png::pixels: pixels changed",
            ], "\(lines)")
    }

    @Test func junitTimes_areSecondsToTheMillisecond() {
        #expect(JUnitReport.seconds(0) == "0.000" && JUnitReport.seconds(0.0125) == "0.013")
        #expect(
            JUnitReport.seconds(61.5) == "61.500" && JUnitReport.seconds(.nan) == "0.000" && JUnitReport.seconds(-1) == "0.000")
    }

    @Test func manyFailures_stopAtFifty_withANotice() {
        let lines = GitHubAnnotations(summary: PullRequestCommentTests.summary(cases: 80, groups: 4)).lines.split(separator: "\n")
        #expect(lines.count == 51 && lines.last == "::notice title=SeeMore::30 more failing cases are in the report")
    }

    @Test func hostileNames_cannotBreakTheCommand() {
        let hostile = CaseResult(
            name: "a,title=x::evil\n::error::second", outcome: .pixelsChanged, message: "100% done\r\n::warning::x",
            goldenPath: "/g:1,2.png", group: "g")
        let summary = CheckSummary(
            results: CaseResults([hostile]), environmentChanges: [], fingerprintPath: "", fingerprintWritten: false,
            reportPath: nil)
        let lines = GitHubAnnotations(summary: summary, paths: PortablePaths(base: "/")).lines
        #expect(lines.split(separator: "\n").count == 1, "\(lines)")
        #expect(lines.hasPrefix("::error file=g%3A1%2C2.png,title=a%2Ctitle=x%3A%3Aevil"), "\(lines)")
        // The message's line breaks are shown as text, so its "::warning::" starts no command.
        #expect(lines.hasSuffix("::pixels: 100%25 done\\u{D}\\u{A}::warning::x\n"), "\(lines)")
    }
}
