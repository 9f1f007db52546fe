import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Random paragraphs from many scripts, widths, limits and endings: the engine must agree with the
/// reference on every one. The seed is fixed so a failure can be replayed; `SEEMORE_FUZZ_COUNT`,
/// `SEEMORE_FUZZ_SEED`, `SEEMORE_FUZZ_ONLY` (one case's index) and `SEEMORE_FUZZ_FROM` (skip the cases
/// before an index) explore further.
@Suite struct RandomizedCutTests {
    static let pieces = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs,", "well-known", "(yes)", "“quoted”", "e.g.", "100%",
        "吾輩は", "猫である。", "名前は", "まだ無い。", "「本当に？」", "ニャーニャー", "今天", "天气很好，",
        "서울은", "맑고", "포근한", "날씨가", "ภาษาไทย", "ไม่มีการเว้นวรรค", "مرحبا", "بكم", "שלום", "לכולם",
        "नमस्ते", "संयुक्ताक्षर", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵🇰🇷", "Cafe\u{0301}", "https://example.com/a/long/path?x=1",
        "Supercalifragilisticexpialidocious", "@anna_k", "#SwiftUI", "#日本語タグ", "@김민수",
        "www.apple.com/kr/iphone-16-pro/specs", "詳しくはhttps://example.jp/about/us", "\n", "\n\n", "\r\n", "\u{00A0}", "\u{3000}",
        "\t", "  ",
    ]

    static let endings: [(String, String, String?)] = [
        ("… ", "See more", nil), ("…", "続きを読む", "Bold"), ("", " ..더보기", "13"), ("… ", "Show more", "DejaVu Serif 17"),
        ("...", "", nil),
    ]
    /// The Japanese suffix gets a gap after text written with spaces, as read-more-tail's (the
    /// generator's stream is unchanged: the gap follows the ending picked).
    static func gap(for ending: (String, String, String?)) -> String { ending.1 == "続きを読む" ? " " : "" }

    /// "Show more" and "..." endings leave trailing punctuation out (`trimPunctuation`), again without
    /// changing the stream.
    static func trimsPunctuation(_ ending: (String, String, String?)) -> Bool { ["Show more", ""].contains(ending.1) }

    static let fonts = ["DejaVu Sans 15", "DejaVu Serif 14", "IPAGothic 15", "NanumGothic 16", "DejaVu Sans 11"]

    /// Korean mixed with Latin, digits, emoji and punctuation, broken by words: Pango 1.50.12 aborts on
    /// some layouts with `allow_breaks` attributes, so this must run through without a crash, and agree.
    static let koreanPieces = [
        "서울은", "맑고", "포근한", "날씨가", "이어지겠습니다.", "18도까지", "대한민국헌법제일조대한민국은민주공화국이다", "iPhone에서",
        "(서울)", "“좋아요”", "👍🏽", "👨‍👩‍👧‍👦", "좋아요👍", "Seoul", "https://example.com/경로", "100%", "ㅋㅋㅋ", "한\u{1100}\u{1161}",
        "다!", "#해시태그", "@서울_맛집", "\n", "  ", "\u{3000}", "가나다라마바사아자차카타파하",
    ]

    @Test func koreanWords_neverAbortAndAgreeWithBruteForce() throws {
        try Self.compareWithReference(defaultSeed: 7) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            var text = ""
            for _ in 0..<(3 + Int(generator.next() % 30)) {
                text += pick(Self.koreanPieces)
                if generator.next() % 4 != 0 { text += " " }
            }
            let ending = pick(Self.endings)
            var request = TruncationRequest(
                text: text, font: pick(["NanumGothic 15", "DejaVu Sans 15", "NanumGothic 22"]),
                width: Double(20 + generator.next() % 300), lines: 1 + Int(generator.next() % 4),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.wordBreak = .keepHangul
            request.gap = Self.gap(for: ending)
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
    }

    /// Japanese with small kana and `ー`, links, Korean, Thai and the other pieces, broken as the
    /// platforms break them (`lineBreak`, `wordBreak`, links not kept whole, spaces in the first
    /// family): Pango's breaks tailored with word attributes must never abort, and the engine must
    /// agree with the reference laying out every candidate with the same attributes.
    @Test func platformBreaks_agreeWithBruteForce() throws {
        let kana = ["ニャーニャー", "チョコレート", "ッとした", "ゃゅょ", "々", "〜", "・", "ー", "？", "！"]
        try Self.compareWithReference(defaultSeed: 44) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            var text = ""
            for _ in 0..<(3 + Int(generator.next() % 30)) {
                text += generator.next() % 3 == 0 ? pick(kana) : pick(Self.pieces + Self.koreanPieces)
                if generator.next() % 3 != 0 { text += " " }
            }
            let ending = pick(Self.endings)
            var request = TruncationRequest(
                text: text,
                font: pick(["DejaVu Sans, IPAGothic, NanumGothic, Noto Sans Thai 15", "IPAGothic 15", "DejaVu Sans 13"]),
                width: Double(20 + generator.next() % 300), lines: 1 + Int(generator.next() % 4),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.lineBreak = pick(LineBreak.allCases)
            request.wordBreak = pick(WordBreak.allCases)
            request.keepsEntitiesWhole = generator.next() % 2 == 0
            request.spacesInFirstFamily = generator.next() % 2 == 0
            request.gap = Self.gap(for: ending)
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
    }

    @Test func engineAgreesWithBruteForceOnRandomParagraphs() throws {
        let engine = try Self.compareWithReference(defaultSeed: 2026) { generator in
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
            request.gap = Self.gap(for: ending)
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
    }

    /// Word cuts of one left-to-right paragraph, uncounted (as a card asks), are looked for first on the
    /// layout Pango's own ellipsis makes: they must be the full search's, described alike, and the
    /// reference's — in Latin, CJK, Thai, Devanagari, Korean, emoji and marks, with every ending.
    @Test func cutsOnPangosEllipsis_areTheFullSearchsAndTheReferences() throws {
        let pieces = Self.pieces.filter { !$0.contains(where: \.isNewline) && !StrongDirection.needsBidi($0.utf8) }
        // Most cuts are found so; the others (a word longer than line N, an ending hardly wider than
        // Pango's ellipsis) by the full search.
        try Self.compareQuickSearch(defaultSeed: 31, share: 3) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            var text = ""
            for _ in 0..<(8 + Int(generator.next() % 50)) {
                text += pick(pieces)
                if generator.next() % 4 != 0 { text += " " }
            }
            let ending = pick(Self.endings)
            var request = TruncationRequest(
                text: text, font: pick(Self.fonts), width: Double(60 + generator.next() % 360),
                lines: 2 + Int(generator.next() % 4),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.gap = Self.gap(for: ending)
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
    }

    /// Long paragraphs narrower than the first layout's guess of what fills N lines (pieces in 5 pt
    /// spans, zero-width spaces among them): the prefix first laid out holds too little, and the longer
    /// prefixes laid out after it must find the full search's cut (which lays out no guessed prefix),
    /// described alike, and as a layout of the whole collapsed text describes it (its tabs among them:
    /// Pango's tab stops are eight spaces of the font at a layout's start, a 5 pt span's or the body's).
    /// The reference reads no markup.
    @Test func cutsOnPangosEllipsis_ofTextNarrowerThanGuessed_areTheFullSearchs() throws {
        let pieces = Self.pieces.filter { !$0.contains(where: \.isNewline) && !StrongDirection.needsBidi($0.utf8) }
        let (quick, count) = try Self.compareQuickSearch(defaultSeed: 67, share: 3, againstReference: false) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            var text = ""
            for _ in 0..<(30 + Int(generator.next() % 60)) {
                let piece = pick(pieces)
                text += generator.next() % 3 == 0 ? piece : "<span size=\"5000\">\(piece)</span>"
                text += pick([" ", " ", " ", "\u{200B}", ""])
            }
            let ending = pick(Self.endings)
            var request = TruncationRequest(
                text: text, font: pick(Self.fonts), width: Double(60 + generator.next() % 360),
                lines: 2 + Int(generator.next() % 4),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.markup = true
            request.gap = Self.gap(for: ending)
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
        #expect(quick.prefixesLaidOutAgain > count / 4, "\(quick.prefixesLaidOutAgain) of \(count)")
    }

    /// Right-to-left paragraphs — Hebrew and Arabic alone, with punctuation, and with Latin words,
    /// digits and emoji among them — are looked for on Pango's ellipsis too, where line N goes one way:
    /// the same cut and description as the full search, and the reference's.
    /// With `isolates`, every paragraph holds links, mentions and Latin words in isolates (as a card
    /// shows its entities in right-to-left text) from its first words on, and at times an isolate never
    /// closed: cuts that leave none open are measured from sums too.
    @Test(arguments: [false, true])
    func rightToLeftCutsOnPangosEllipsis_areTheFullSearchsAndTheReferences(isolates: Bool) throws {
        let hebrew = ["שלום", "לכולם", "השקנו", "היום", "את", "תהליך", "ההצטרפות", "החדש!", "תודה", "ענקית", "(כן)", "בלילה,"]
        let arabic = ["مرحبا", "بكم", "تعرف", "على", "خدمات", "الخرائط", "الجديدة", "المطاعم،", "والمقاهي", "«نعم»"]
        let mixed = ["Google", "Maps", "iPhone", "2026", "١٢٣", "👍🏽", "https://example.com/a", "@anna_k", "#SwiftUI"]
        let isolated = [
            "\u{2066}https://example.com/a\u{2069}", "\u{2066}@anna_k\u{2069}", "\u{2068}iPhone 2026\u{2069}",
            "\u{2067}שלום לכולם\u{2069}", "\u{2066}#SwiftUI\u{2069}",
        ]
        let (quick, count) = try Self.compareQuickSearch(defaultSeed: isolates ? 59 : 53, share: 4) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            let words = pick([hebrew, arabic, hebrew + arabic])
            let others = isolates ? isolated : generator.next() % 3 == 0 ? mixed : []
            var text = isolates ? pick(words) + " " + pick(isolated) + " " : ""
            for _ in 0..<(8 + Int(generator.next() % 50)) {
                text += others.isEmpty || generator.next() % 5 != 0 ? pick(words) : pick(others)
                if generator.next() % 6 != 0 { text += " " }
            }
            if isolates && generator.next() % 8 == 0 { text += "\u{2066}" + pick(mixed) }
            let ending = pick(Self.endings + [("… ", "עוד", nil), ("… ", "المزيد", "Bold")])
            var request = TruncationRequest(
                text: text, font: pick(["DejaVu Sans 15", "Noto Sans Hebrew 15", "Noto Sans Arabic 14", "DejaVu Sans 11"]),
                width: Double(60 + generator.next() % 360), lines: 2 + Int(generator.next() % 4),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.direction = pick([.auto, .auto, .rtl])
            request.trimPunctuation = Self.trimsPunctuation(ending)
            return request
        }
        // Right-to-left lines are measured and described from the sums of their runs too.
        #expect(quick.cutsDescribedFromSums > count / 8, "\(quick.cutsDescribedFromSums) of \(count)")
    }

    /// Line N starting inside an isolate opened on the line before (RLI "שלום לכולם" broken after its
    /// first word): the whole text draws it two levels higher than a layout of the line alone would, so
    /// such a line is measured and described from its runs or from the whole collapsed text. Found by
    /// the right-to-left corpus at 400 cases (seed 59): laid out alone, the first kept 99 characters
    /// where 109 fit, and the second put its suffix 100 pt left of where the card draws it.
    @Test(
        arguments: [
            (
                "השקנו \u{2066}#SwiftUI\u{2069} \u{2066}https://example.com/a\u{2069} خدمات תהליך \u{2066}#SwiftUI\u{2069} תודה "
                    + "خدمات\u{2067}שלום לכולם\u{2069} \u{2067}שלום לכולם\u{2069} \u{2066}@anna_k\u{2069} החדש! "
                    + "\u{2066}https://example.com/a\u{2069} השקנוعلى \u{2066}@anna_k\u{2069} تعرف (כן) תהליך",
                258.0, 3, "Noto Sans Arabic 14", "…", "続きを読む", "Bold"
            ),
            (
                "לכולם \u{2068}iPhone 2026\u{2069} השקנו \u{2067}שלום לכולם\u{2069} \u{2068}iPhone 2026\u{2069} השקנו "
                    + "\u{2066}https://example.com/a\u{2069} תהליךבלילה, ההצטרפות את השקנו תודה היום \u{2067}שלום לכולם\u{2069}תהליךאת "
                    + "היום השקנו תהליך \u{2067}שלום לכולם\u{2069} שלום בלילה, \u{2066}https://example.com/a\u{2069} ההצטרפות בלילה,"
                    + "תודה ההצטרפות \u{2068}iPhone 2026\u{2069}ענקית את ",
                143.0, 5, "Noto Sans Hebrew 15", "… ", "עוד", nil
            ),
        ] as [(String, Double, Int, String, String, String, String?)])
    func linesStartingInsideAnIsolate_areCutAndDescribedAsTheWholeText(
        _ example: (String, Double, Int, String, String, String, String?)
    ) throws {
        var request = TruncationRequest(
            text: example.0, font: example.3, width: example.1, lines: example.2, ellipsis: example.4, suffix: example.5,
            suffixFont: example.6)
        request.fullCountLimit = 0
        let found = try LayoutEngine().truncate(request)
        let relaying = try LayoutEngine()
        relaying.composesResults = false
        let whole = try relaying.truncate(request)
        #expect(found.cutIndex == whole.cutIndex)
        #expect(LayoutEngineTests.rectsAgree(found.suffixRects, whole.suffixRects), "\(found.suffixRects) \(whole.suffixRects)")
        let answer = ReferenceCut.Answer(truncated: found.truncated, kept: found.cutIndex, suffixWraps: found.suffixWraps)
        #expect(answer == (try ReferenceCut().answers(request))[.word])
    }

    /// Right-to-left paragraphs of Arabic words run together, longer than a line, so that Pango breaks
    /// them between letters and line N starts inside a word: Pango shapes that line's first run with
    /// the letters before the break as context (its first letter in its final form), so neither the
    /// sum of line N's runs nor a layout of line N alone may shape it without them (a third of the
    /// texts are given as markup, which is measured so). Some lines start inside an isolate left open
    /// on the line before (a layout of line N alone would not hold it).
    @Test func rightToLeftWordsBrokenAcrossLines_areCutAsTheFullSearchAndTheReference() throws {
        let arabic = ["مرحبا", "بكم", "تعرف", "على", "خدمات", "الخرائط", "الجديدة", "المطاعم", "والمقاهي", "سنتحدث", "قريبا"]
        let (quick, count) = try Self.compareQuickSearch(defaultSeed: 71, share: 12) { generator in
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            var text = ""
            for _ in 0..<(10 + Int(generator.next() % 30)) {
                for _ in 0..<(generator.next() % 3 == 0 ? 4 + Int(generator.next() % 6) : 1) { text += pick(arabic) }
                text += generator.next() % 5 == 0 ? " \u{2067}" + pick(arabic) + " " + pick(arabic) + "\u{2069} " : " "
            }
            let ending = pick([("… ", "المزيد", "Bold"), ("", " ..더보기", "13"), ("… ", "See more", nil)])
            var request = TruncationRequest(
                text: text, font: pick(["DejaVu Sans 15", "Noto Sans Arabic 14", "Noto Sans Hebrew 15"]),
                width: Double(60 + generator.next() % 160), lines: 2 + Int(generator.next() % 3),
                ellipsis: ending.0, suffix: ending.1, suffixFont: ending.2)
            request.direction = pick([.auto, .rtl])
            // As markup (the text holds no tags), line N is measured and described by a layout of it
            // alone instead of from its runs' sums.
            request.markup = generator.next() % 3 == 0
            return request
        }
        #expect(quick.cutsDescribedFromSums > count / 20, "\(quick.cutsDescribedFromSums) of \(count)")
    }

    /// Cuts `SEEMORE_FUZZ_COUNT` (default 120) uncounted requests made by `make` with the quick search
    /// on Pango's ellipsis and with the full search alone: the same cut, description and painter's
    /// kept text, and the reference's; more than one in `share` found by the quick search.
    @discardableResult
    static func compareQuickSearch(
        defaultSeed: UInt64, share: Int, againstReference: Bool = true, make: (inout SplitMix) -> TruncationRequest
    ) throws -> (engine: LayoutEngine, count: Int) {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["SEEMORE_FUZZ_COUNT"] ?? "") ?? 120
        var generator = SplitMix(seed: UInt64(environment["SEEMORE_FUZZ_SEED"] ?? "") ?? defaultSeed)
        let quick = try LayoutEngine()
        let full = try LayoutEngine()
        full.findsCutsOnPangosEllipsis = false
        // Every cut described from a layout of the whole collapsed text, not from its last line.
        let relaying = try LayoutEngine()
        relaying.composesResults = false
        let reference = try ReferenceCut()
        for index in 0..<count {
            var request = make(&generator)
            request.fullCountLimit = 0
            let label =
                "#\(index) width \(request.width) lines \(request.lines) font \(request.font) \(request.direction): \(request.text.debugDescription)"
            var found = try quick.truncate(request)
            let expected = try full.truncate(request)
            #expect(found.fullLineCount <= expected.fullLineCount || expected.fullLineCountIsExact == false, "\(label)")
            (found.fullLineCount, found.fullLineCountIsExact) = (expected.fullLineCount, expected.fullLineCountIsExact)
            #expect(found == expected, "\(label)")
            var whole = try relaying.truncate(request)
            #expect(LayoutEngineTests.rectsAgree(found.suffixRects, whole.suffixRects), "\(label)")
            (whole.suffixRects, whole.suffixRect) = (found.suffixRects, found.suffixRect)
            (whole.fullLineCount, whole.fullLineCountIsExact) = (found.fullLineCount, found.fullLineCountIsExact)
            #expect(whole == found, "\(label)")
            let alone = try quick.kept(request)
            #expect(alone.truncated == expected.truncated && alone.kept == expected.kept, "\(label)")
            guard againstReference else { continue }
            let answer = ReferenceCut.Answer(truncated: found.truncated, kept: found.cutIndex, suffixWraps: found.suffixWraps)
            #expect(answer == (try reference.answers(request))[.word], "\(label)")
        }
        #expect(quick.cutsFoundOnPangosEllipsis > count / share, "\(quick.cutsFoundOnPangosEllipsis) of \(count)")
        #expect(full.cutsFoundOnPangosEllipsis == 0)
        #expect(quick.cutsDescribedFromLastLine > count / share, "\(quick.cutsDescribedFromLastLine) of \(count)")
        return (quick, count)
    }

    /// Cuts `SEEMORE_FUZZ_COUNT` (default 120) requests made by `make` in both modes and compares each
    /// with the reference; more than half must be truncated, or the corpus tests too little. What a card
    /// painter asks (`kept`, whose layout breaks no line past N+1) must say what `truncate` and `clamp` say,
    /// and `truncate` without the full line count what it says with it.
    /// - Returns: the engine, for what it counted.
    @discardableResult
    static func compareWithReference(defaultSeed: UInt64, make: (inout SplitMix) -> TruncationRequest) throws -> LayoutEngine {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["SEEMORE_FUZZ_COUNT"] ?? "") ?? 120
        let only = Int(environment["SEEMORE_FUZZ_ONLY"] ?? "")
        let from = Int(environment["SEEMORE_FUZZ_FROM"] ?? "") ?? 0
        var generator = SplitMix(seed: UInt64(environment["SEEMORE_FUZZ_SEED"] ?? "") ?? defaultSeed)
        let engine = try LayoutEngine()
        let reference = try ReferenceCut()
        var truncated = 0
        for index in 0..<count {
            var request = make(&generator)
            if let only, only != index { continue }
            if index < from { continue }
            let answers = try reference.answers(request)
            let clamped = try engine.clamp(request)
            let clampedAlone = try engine.kept(request, clamped: true)
            #expect(
                clampedAlone.truncated == clamped.truncated && clampedAlone.kept == clamped.kept,
                "#\(index) clamped alone: \(request.text.debugDescription)")
            for mode in CutMode.allCases {
                request.cutMode = mode
                let result = try engine.truncate(request)
                let got = ReferenceCut.Answer(truncated: result.truncated, kept: result.cutIndex, suffixWraps: result.suffixWraps)
                if got.truncated { truncated += 1 }
                let alone = try engine.kept(request)
                #expect(
                    alone.truncated == result.truncated && alone.kept == result.kept,
                    "#\(index) \(mode) kept alone: \(request.text.debugDescription)")
                // Uncounted, the layout breaks no line past N+1 (N+2 with hyphens): the same cut and
                // description, and a line count that is a lower bound (exact only when it says so).
                for hyphens in Hyphens.allCases {
                    var counted = request
                    counted.hyphens = hyphens
                    let expected = hyphens == request.hyphens ? result : try engine.truncate(counted)
                    var uncounted = counted
                    uncounted.fullCountLimit = 0
                    var described = try engine.truncate(uncounted)
                    #expect(
                        described.fullLineCountIsExact
                            ? described.fullLineCount == expected.fullLineCount
                            : described.fullLineCount <= expected.fullLineCount,
                        "#\(index) \(mode) hyphens \(hyphens) uncounted line count: \(request.text.debugDescription)")
                    (described.fullLineCount, described.fullLineCountIsExact) = (
                        expected.fullLineCount, expected.fullLineCountIsExact
                    )
                    #expect(
                        described == expected, "#\(index) \(mode) hyphens \(hyphens) uncounted: \(request.text.debugDescription)")
                }
                #expect(
                    got == answers[mode],
                    """
                    #\(index) \(mode) width \(request.width) lines \(request.lines) font \(request.font) \
                    ending \(request.ellipsis.debugDescription) \(request.suffix.debugDescription) \
                    lineBreak \(request.lineBreak.map(\.rawValue) ?? "pango") wordBreak \(request.wordBreak) \
                    entities whole \(request.keepsEntitiesWhole) spaces \(request.spacesInFirstFamily): \
                    \(request.text.debugDescription) → \(result.lines)
                    """)
            }
        }
        #expect(only != nil || from > 0 || truncated > count / 2)
        return engine
    }
}
