import Foundation
import Testing

@testable import SeeMore

/// Inputs a hostile pull request can send: none may crash the process or take unbounded time.
@Suite struct HostileInputTests {
    @Test func zalgoCluster_isRefusedNotShapedForMinutes() throws {
        let engine = try LayoutEngine()
        let zalgo = "a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(throws: TruncationRequestError.combiningRunTooLong(at: 1, limit: 30)) {
            try engine.truncate(TruncationRequest(text: zalgo))
        }
        // Thirty marks on a base are allowed (the stream-safe limit), and so is a long text of such clusters.
        let allowed = String(repeating: "a" + String(repeating: "\u{0301}", count: 30) + " ", count: 2_000)
        #expect(try engine.truncate(TruncationRequest(text: allowed)).truncated)
        // Marks hidden in markup entities count too.
        var markup = TruncationRequest(text: "a" + String(repeating: "&#x301;", count: 31))
        markup.markup = true
        #expect(throws: TruncationRequestError.combiningRunTooLong(at: 1, limit: 30)) { try engine.truncate(markup) }
    }

    /// Pango 1.50 lays out P paragraphs in O(P × length): the cut lays out no more paragraphs than
    /// its N + 3 lines need, the line limit is bounded, and whole layouts refuse thousands of lines.
    @Test func millionShortLines_areCutQuicklyAndRefusedWhole() throws {
        let text = String(repeating: "x\n", count: 1_000_000)
        let engine = try LayoutEngine()
        let start = Date()
        let cut = try engine.truncate(TruncationRequest(text: text, lines: TruncationRequest.maximumLines))
        #expect(Date().timeIntervalSince(start) < 20, "generous: about 0.2 s in a release build")
        #expect(cut.truncated && cut.lineCount == TruncationRequest.maximumLines)
        #expect(throws: TruncationRequestError.invalidLineLimit(3_000)) {
            try engine.truncate(TruncationRequest(text: text, lines: 3_000))
        }
        #expect(throws: TruncationRequestError.tooManyParagraphs(50_001, limit: LayoutEngine.maximumWholeParagraphs)) {
            try engine.expandedText(TruncationRequest(text: String(text.prefix(100_000))))
        }
    }
}
