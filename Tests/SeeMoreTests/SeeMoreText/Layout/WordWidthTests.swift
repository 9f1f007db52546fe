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

    /// An engine keeps plain words' widths across texts (`WordWidths`): texts of shared words in
    /// several fonts, languages, widths and weights are cut by one engine exactly as by an engine of
    /// their own, which measures every word afresh.
    @Test func widthsKeptAcrossTexts_cutAsWidthsMeasured() throws {
        let shared = try LayoutEngine()
        var random = RandomPieces(Self.pieces.filter { !$0.hasPrefix("\u{0301}") } + ["서울은 맑고", "오늘 점심"], seed: 46)
        // Sizes and widths far apart, so that a word fits a line in one and not in another.
        let fonts = ["NanumGothic 15", "DejaVu Sans 23", "DejaVu Serif 11"]
        var cuts = 0
        for round in 0..<240 {
            var words: [String] = []
            for _ in 0..<(6 + Int(random.next() >> 33) % 20) { words.append(random.text(longest: 2)) }
            var request = TruncationRequest(
                text: words.filter { !$0.isEmpty }.joined(separator: " "), font: fonts[round % fonts.count],
                width: [45, 60, 80, 140][round % 4], lines: 2)
            request.language = round % 4 == 0 ? LanguageTag(rawValue: "ja") : round % 4 == 1 ? LanguageTag(rawValue: "ko") : nil
            request.entityWeight = round % 5 == 0 ? 700 : nil
            let kept = try shared.truncate(request)
            let fresh = try LayoutEngine().truncate(request)
            #expect(kept == fresh, "\(request.font) @\(request.width) \(request.text.debugDescription)")
            cuts += kept.truncated ? 1 : 0
        }
        #expect(cuts > 40)
    }
}
