import Foundation
import Testing

@testable import SeeMore

/// Random paragraphs from many scripts, widths, limits and endings: the engine must agree with the
/// reference on every one. The seed is fixed so a failure can be replayed; `SEEMORE_FUZZ_COUNT`,
/// `SEEMORE_FUZZ_SEED` and `SEEMORE_FUZZ_ONLY` (one case's index) explore further.
@Suite struct RandomizedCutTests {
    static let pieces = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs,", "well-known", "(yes)", "“quoted”", "e.g.", "100%",
        "吾輩は", "猫である。", "名前は", "まだ無い。", "「本当に？」", "ニャーニャー", "今天", "天气很好，",
        "서울은", "맑고", "포근한", "날씨가", "ภาษาไทย", "ไม่มีการเว้นวรรค", "مرحبا", "بكم", "שלום", "לכולם",
        "नमस्ते", "संयुक्ताक्षर", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵🇰🇷", "Cafe\u{0301}", "https://example.com/a/long/path?x=1",
        "Supercalifragilisticexpialidocious", "\n", "\n\n", "\r\n", "\u{00A0}", "\u{3000}", "\t", "  ",
    ]

    static let endings: [(String, String, String?)] = [
        ("… ", "See more", nil), ("…", "続きを読む", "Bold"), ("", " ..더보기", "13"), ("… ", "Show more", "DejaVu Serif 17"),
        ("...", "", nil),
    ]
    static let fonts = ["DejaVu Sans 15", "DejaVu Serif 14", "IPAGothic 15", "NanumGothic 16", "DejaVu Sans 11"]

    @Test func engineAgreesWithBruteForceOnRandomParagraphs() throws {
        let count = Int(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_COUNT"] ?? "") ?? 120
        let only = Int(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_ONLY"] ?? "")
        var generator = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_SEED"] ?? "") ?? 2026)
        let engine = try LayoutEngine()
        let reference = try ReferenceCut()
        var truncated = 0
        for index in 0..<count {
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            let words = 5 + Int(generator.next() % 40)
            var text = ""
            for _ in 0..<words {
                text += pick(Self.pieces)
                if generator.next() % 3 != 0 { text += " " }
            }
            let ending = pick(Self.endings)
            var request = TruncationRequest(
                text: text, font: pick(Self.fonts), width: Double(50 + generator.next() % 380),
                lines: 1 + Int(generator.next() % 5),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            if let only, only != index { continue }
            let answers = try reference.answers(request)
            for mode in CutMode.allCases {
                request.cutMode = mode
                let result = try engine.truncate(request)
                let got = ReferenceCut.Answer(truncated: result.truncated, kept: result.cutIndex, suffixWraps: result.suffixWraps)
                if got.truncated { truncated += 1 }
                #expect(
                    got == answers[mode],
                    "#\(index) \(mode) width \(request.width) lines \(request.lines) font \(request.font) ending \(ending): \(text.debugDescription) → \(result.lines)"
                )
            }
        }
        #expect(only != nil || truncated > count / 2)
    }
}
