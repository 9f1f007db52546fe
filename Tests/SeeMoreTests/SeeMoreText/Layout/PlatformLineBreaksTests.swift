@testable import SeeMoreText
import Testing

/// Where lines may break as the platforms break them (ICU with CSS Text 3's levels, Chromium's
/// ASCII pairs, `word-break`), on made examples after CSS Text 3's own.
struct PlatformLineBreaksTests {
    /// The characters before which a line may break, as strings from there to the next opportunity.
    static func pieces(
        _ text: String, lineBreak: LineBreak = .auto, wordBreak: WordBreak = .normal, language: String? = nil
    ) -> [String] {
        let bytes = Array(text.utf8)
        var starts =
            [0] + PlatformLineBreaks.opportunities(in: text, language: language, lineBreak: lineBreak, wordBreak: wordBreak)
        starts.append(bytes.count)
        return zip(starts, starts.dropFirst()).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
    }

    /// CSS Text 3: `strict` forbids a break before a small kana or `ー` (class CJ), `normal` and
    /// `loose` allow it; `loose` alone breaks before an iteration mark.
    @Test func smallKana_startALineUnderNormalAndLooseOnly() {
        let text = "チョコレート"
        #expect(Self.pieces(text, lineBreak: .strict, language: "ja") == ["チョ", "コ", "レー", "ト"])
        #expect(Self.pieces(text, lineBreak: .normal, language: "ja") == ["チ", "ョ", "コ", "レ", "ー", "ト"])
        #expect(Self.pieces(text, lineBreak: .loose, language: "ja") == ["チ", "ョ", "コ", "レ", "ー", "ト"])
        // auto is the locale's own: normal for Japanese, strict for a text of no language.
        #expect(Self.pieces(text, lineBreak: .auto, language: "ja") == Self.pieces(text, lineBreak: .normal, language: "ja"))
        #expect(Self.pieces(text, lineBreak: .auto) == Self.pieces(text, lineBreak: .strict))
        #expect(Self.pieces("人々", lineBreak: .normal, language: "ja") == ["人々"])
        #expect(Self.pieces("人々", lineBreak: .loose, language: "ja") == ["人", "々"])
    }

    /// `anywhere` breaks between any two graphemes, punctuation too, but never before a space (which
    /// hangs at the line's end) nor inside a grapheme.
    @Test func anywhere_breaksBetweenGraphemes() {
        #expect(Self.pieces("ab, c👍🏽", lineBreak: .anywhere) == ["a", "b", ", ", "c", "👍🏽"])
        #expect(Self.pieces("Cafe\u{301}!", lineBreak: .anywhere) == ["C", "a", "f", "e\u{301}", "!"])
    }

    /// `keep-all` keeps Hangul and Han runs whole (breaks at spaces and punctuation only);
    /// `keep-hangul` Hangul only; `normal` breaks between any two syllables.
    @Test func keepAll_keepsKoreanAndChineseWords() {
        let korean = "서울은 맑고"
        #expect(Self.pieces(korean, wordBreak: .keepAll, language: "ko") == ["서울은 ", "맑고"])
        #expect(Self.pieces(korean, wordBreak: .keepHangul, language: "ko") == ["서울은 ", "맑고"])
        #expect(Self.pieces(korean, wordBreak: .normal, language: "ko") == ["서", "울", "은 ", "맑", "고"])
        #expect(Self.pieces("今天天气", wordBreak: .keepAll, language: "zh") == ["今天天气"])
        #expect(Self.pieces("今天天气", wordBreak: .keepHangul, language: "zh") == ["今", "天", "天", "气"])
        // Thai breaks by dictionary under keep-all too (UAX #14's SA class is left alone).
        #expect(Self.pieces("ภาษาไทย", wordBreak: .keepAll, language: "th").count > 1)
    }

    /// `break-all` breaks between any two letters, in a word and around `#` and `@`.
    @Test func breakAll_breaksInsideWords() {
        #expect(Self.pieces("word #tag", wordBreak: .breakAll) == ["w", "o", "r", "d ", "#", "t", "a", "g"])
        #expect(Self.pieces("word #tag") == ["word ", "#tag"])
    }

    /// Links break as Chromium breaks them: not after the scheme's `//` nor after a `/` before a
    /// letter or digit (ICU would), but after `?` and after a hyphen.
    @Test func links_breakAsBrowsersBreakThem() {
        #expect(
            Self.pieces("see https://example.com/a/long-path?x=1") == ["see ", "https://example.com/a/long-", "path?", "x=1"])
        // A hyphen before a digit breaks after a letter or digit, never as a minus sign (but under
        // break-all, as in Chromium).
        #expect(Self.pieces("ABCD-1234 x -5") == ["ABCD-", "1234 ", "x ", "-5"])
        #expect(Self.pieces("x -5", wordBreak: .breakAll) == ["x ", "-", "5"])
    }

    /// Pango's layout breaks only where the platform does: a layout's log attributes, with the
    /// words `TextStyle` marks, are exactly `PlatformLineBreaks`' opportunities.
    @Test func layouts_breakExactlyAtThePlatformsOpportunities() throws {
        let texts = [
            ("チョコレートを食べた。ニャーニャー「本当に？」", "ja"), ("서울은 맑고 포근한 날씨가 18도까지", "ko"),
            ("see https://example.com/a/long/path?x=1 and (this) — that", "en"), ("ภาษาไทยไม่มีการเว้นวรรค ครับ", "th"),
            ("今天天气很好，我们去公园。#日本語タグ @김민수", "zh"),
        ]
        for (text, language) in texts {
            for lineBreak in LineBreak.allCases {
                for wordBreak in WordBreak.allCases {
                    var request = TruncationRequest(text: text, font: "DejaVu Sans, IPAGothic, NanumGothic 15", width: 200)
                    request.lineBreak = lineBreak
                    request.wordBreak = wordBreak
                    request.keepsEntitiesWhole = false
                    let found = try TextStack.serialized { () -> [Int] in
                        let context = try TextContext(fontMap: try FontMap())
                        let layout = try Layout(context: context)
                        let style = try TextStyle(
                            request: request, fonts: try ResolvedFonts(request: request) { _ in nil },
                            measuring: try Layout(context: context), wordWidths: WordWidths(),
                            language: language, endingLanguage: TextLanguage.guess(request.ellipsis + request.suffix))
                        try style.apply(Array(text.utf8), to: layout)
                        var starts: [Int] = []
                        for (offset, byte) in text.utf8.enumerated() where byte & 0xC0 != 0x80 { starts.append(offset) }
                        return layout.withLogAttributes { attributes in
                            starts.indices.dropFirst().filter { attributes[$0].is_line_break != 0 }.map { starts[$0] }
                        }
                    }
                    let wanted = PlatformLineBreaks.opportunities(
                        in: text, language: language, lineBreak: lineBreak, wordBreak: wordBreak)
                    #expect(found == wanted, "\(lineBreak) \(wordBreak): \(text)")
                }
            }
        }
    }
}
