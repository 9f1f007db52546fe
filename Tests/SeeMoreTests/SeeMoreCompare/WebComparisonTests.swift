import Foundation
@testable import SeeMoreCards
@testable import SeeMoreCompare
@testable import SeeMoreScan
@testable import SeeMoreText
@testable import SeeMoreWeb
import Testing

/// SeeMore's lines beside Chromium's: the same where both break alike, and a known difference found
/// exactly where it is.
@Suite(.serialized) struct WebComparisonTests {
    private static func comparison(widths: [Double]) throws -> WebComparison {
        guard let path = Browser.installedPath else {
            Issue.record("chromium is not installed (make deps installs it): the browser tests cannot run")
            throw Browser.Failure(message: "no chromium")
        }
        let template = try TemplateLoader.standard(templatesFolder: nil).load("inline-more")
        return try WebComparison(matrix: ScanMatrix(templates: [template], widths: widths), browser: try Browser(path: path))
    }

    /// A plain English text breaks alike in both; a link does not: SeeMore breaks after the scheme and
    /// at each "/", Chromium keeps "https://" with the host and breaks the link only where it
    /// overflows (#44's URL rule to come). The comparison says exactly that.
    @Test func aKnownDifference_isFoundWhereItIs() throws {
        let comparison = try Self.comparison(widths: [240, 320])
        let texts = [
            SeeMoreScan.CorpusText(
                id: "url", text: "Notes from the design review are at https://example.com/design/review/notes-for-the-team today",
                language: nil, line: 1),
            SeeMoreScan.CorpusText(
                id: "plain",
                text: "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds and "
                    + "filed bugs at two in the morning.", language: nil, line: 2),
        ]
        let cases = try comparison.compare(texts)
        #expect(cases.map { "\($0.id)@\(Int($0.cell.width))" } == ["url@240", "plain@240", "url@320", "plain@320"])
        #expect(cases.allSatisfy { $0.error == nil })
        let plain = cases.filter { $0.id == "plain" }
        #expect(plain.allSatisfy { $0.firstDifference == nil && $0.ours.count > 3 }, "\(plain)")
        let url240 = try #require(cases.first)
        #expect(url240.firstDifference == 1)
        #expect(url240.ours[1] == "review are at https://")
        #expect(url240.web[1] == "review are at ")
        let url320 = cases[2]
        #expect(url320.firstDifference == 1)
        #expect(url320.ours[1].hasSuffix("/review/") && url320.web[1].hasPrefix("https://example.com/design/review/n"))
        let agreement = WebComparison.Agreement(cases)
        #expect(agreement.texts == 4 && agreement.sameTexts == 2 && agreement.errors == 0)
        #expect(agreement.sameLines == plain.map(\.ours.count).reduce(0, +) + 2)
        #expect(agreement.lines == cases.map(\.lines).reduce(0, +))
    }

    @Test func lineTrimming_andTheLongerSide() {
        var item = WebComparison.Case(
            id: "x", cell: ScanStatistics.Key(template: "t", font: "", width: 1), ours: ["a ", "b"], web: [" a", "b", "c"])
        #expect(item.firstDifference == 2 && item.sameLines == 2 && item.lines == 3)
        item.web = ["a", "b"]
        #expect(item.firstDifference == nil && item.sameLines == 2)
    }
}
