import Foundation
@testable import SeeMoreText
import Testing

/// The words a layout keeps on one line are measured all at once, a paragraph each of one layout
/// (`TextStyle.widths(ofWords:)`): each width must be exactly the word's laid out alone.
@Suite struct WordWidthTests {
    static let pieces = [
        "서울은", "맑고", "포근한", "날씨가", "이어지겠습니다.", "iPhone에서", "(서울)", "“좋아요”", "👍🏽", "👨‍👩‍👧‍👦", "좋아요👍", "Seoul",
        "https://example.com/경로", "100%", "#해시태그", "@서울_맛집", "مرحبا", "بكم", "(مرحبا)", "שלום", "[לכולם]", "abc(", ")xyz",
        "नमस्ते", "ภาษาไทย", "吾輩は猫である", "fi", "AVATAR", "office", "Cafe\u{0301}", "\u{0301}x", "1)", "(2", "AV", "WA",
        "#SwiftUI", "@anna_k", "﷽", "ـبـ", "a\u{200D}b", "x\u{202E}yz", "\u{2067}عربي\u{2069}",
    ]

    @Test(arguments: [false, true])
    func wordsMeasuredTogether_areAsWideAsAlone(markup: Bool) throws {
        let engine = try LayoutEngine()
        var random = RandomPieces(Self.pieces, seed: markup ? 11 : 5)
        let fonts = ["NanumGothic 15", "DejaVu Sans 15", "DejaVu Serif 13", "IPAGothic 21"]
        var compared = 0
        var alone = 0
        for round in 0..<(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_COUNT"].flatMap { Int($0) } ?? 300) {
            var words: [String] = []
            for _ in 0..<(2 + Int(random.next() >> 33) % 12) {
                words.append(random.text(longest: 3))
            }
            words = words.filter { !$0.isEmpty }
            var text = words.joined(separator: " ")
            if markup {
                // Spans across the words: letter spacing, a rise, a size and a weight.
                let spans = [
                    "<span letter_spacing=\"1500\">", "<span rise=\"3000\">", "<span size=\"x-large\">", "<b>",
                ]
                let closes = ["</span>", "</span>", "</span>", "</b>"]
                let pick = Int(random.next() >> 33) % spans.count
                let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                let middle = escaped.index(escaped.startIndex, offsetBy: escaped.count / 3)
                text = String(escaped[..<middle]) + spans[pick] + String(escaped[middle...]) + closes[pick]
            }
            var request = TruncationRequest(text: text, font: fonts[round % fonts.count], width: 200, lines: 3)
            request.markup = markup
            request.entityWeight = round % 3 == 0 ? 700 : nil
            let style = try engine.textStyle(for: request)
            // Each space-separated word of the plain text with a strong character.
            var ranges: [Range<Int>] = []
            var start = 0
            let bytes = style.plainBytes + [0x20]
            for index in bytes.indices where bytes[index] == 0x20 {
                let word = start..<index
                start = index + 1
                if !word.isEmpty {
                    if TextStyle.measuresWithOthers(style.plainBytes[word]) { ranges.append(word) } else { alone += 1 }
                }
            }
            guard ranges.count > 1 else { continue }
            let together = try TextStack.serialized { try style.widths(ofWords: ranges) }
            let alone = try TextStack.serialized { try ranges.map { try style.width(ofWord: $0) } }
            #expect(together == alone, "\(request.font) \(text.debugDescription)")
            compared += ranges.count
        }
        #expect(compared > 1000)
        #expect(alone > 10)  // words starting with a mark are measured alone
    }
}
