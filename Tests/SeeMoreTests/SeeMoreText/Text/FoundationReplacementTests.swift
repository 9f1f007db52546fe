import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// What the library writes without Foundation, against Foundation's own answers.
@Suite struct FoundationReplacementTests {
    @Test func trimmingWhitespace_asFoundationTrims() {
        let pieces = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{2028}", "\u{2029}",
            "\u{200B}", "a", "é", "東", " b ", "\u{FEFF}",
        ]
        var seed: UInt64 = 3
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(seed >> 60) + 1 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(
                text.trimmingWhitespace(newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.debugDescription)")
        }
    }

    @Test func fixedPoint_asStringFormatWrites() {
        let values: [Double] = [
            0, -0.0, 0.005, 0.015, 0.125, 1.005, 2.675, -1.5, 123_456.789, 1e20, 1e300, -1e-9, .infinity, -.infinity, .nan,
            150.49499999, 0.1 + 0.2,
        ]
        for value in values {
            for places in 0...3 {
                #expect(FixedPoint.string(value, places: places) == String(format: "%.\(places)f", value), "\(value) \(places)")
            }
        }
    }
}
