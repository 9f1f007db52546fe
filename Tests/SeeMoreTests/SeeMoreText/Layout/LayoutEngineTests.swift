import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct LayoutEngineTests {
    /// Results gathered from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var byThread: [Int: [Truncation]] = [:]

        func set(_ results: [Truncation], thread: Int) {
            lock.withLock { byThread[thread] = results }
        }

        func get(_ thread: Int) -> [Truncation]? {
            lock.withLock { byThread[thread] }
        }
    }

    static let requests: [TruncationRequest] = CorpusText.all.flatMap { corpus in
        [160.0, 333].map { TruncationRequest(text: corpus.text, font: corpus.font, width: $0, lines: 2) }
    }

    @Test func enginesOnSeparateThreads_agreeWithOneThread() throws {
        let engine = try LayoutEngine()
        let expected = try Self.requests.map { try engine.truncate($0) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            guard let engine = try? LayoutEngine() else { return }
            results.set(Self.requests.compactMap { try? engine.truncate($0) }, thread: thread)
        }
        for thread in 0..<4 {
            #expect(results.get(thread) == expected, "thread \(thread)")
        }
    }

    /// What a card painter asks for (whether the text is cut, what is kept) is what `truncate` and
    /// `clamp` say, for every corpus text, width, line limit and mode.
    @Test(arguments: CorpusText.all.indices)
    func keptAlone_agreesWithTheFullDescription(_ index: Int) throws {
        let engine = try LayoutEngine()
        for request in Self.requestsInEveryMode(index) {
            let full = try engine.truncate(request)
            let alone = try engine.kept(request)
            #expect(
                alone.truncated == full.truncated && alone.kept == full.kept,
                "\(request.width) \(request.lines) \(request.cutMode)")
        }
        for request in ReferenceCutTests.requests(for: CorpusText.all[index], index: index) {
            let clamped = try engine.clamp(request)
            let alone = try engine.kept(request, clamped: true)
            #expect(alone.truncated == clamped.truncated && alone.kept == clamped.kept, "clamp \(request.width) \(request.lines)")
        }
    }

    /// A cut measured on its last line alone is described from that line's layout and the uncut
    /// text's lines above it; the description is the one a layout of the whole collapsed text gives,
    /// for every corpus text, width, line limit, ending and mode.
    @Test(arguments: CorpusText.all.indices)
    func describedFromTheLastLine_asFromTheWholeCollapsedText(_ index: Int) throws {
        let composing = try LayoutEngine()
        let relaying = try LayoutEngine()
        relaying.composesResults = false
        for request in Self.requestsInEveryMode(index) {
            let composed = try composing.truncate(request)
            var whole = try relaying.truncate(request)
            let label = "\(CorpusText.all[index].name) \(request.width) \(request.lines) \(request.cutMode)"
            // Sums of the same line boxes in another order: equal within rounding.
            #expect(Self.rectsAgree(composed.suffixRects, whole.suffixRects), "\(label)")
            #expect(Self.rectsAgree(composed.suffixRect.map { [$0] } ?? [], whole.suffixRect.map { [$0] } ?? []), "\(label)")
            whole.suffixRects = composed.suffixRects
            whole.suffixRect = composed.suffixRect
            #expect(composed == whole, "\(label)")
        }
        #expect(relaying.cutsDescribedFromLastLine == 0)
        if index == 0 {
            #expect(composing.cutsDescribedFromLastLine > 0, "the English text is described from its last line")
            #expect(composing.cutsDescribedFromSums > 0, "the English text is described from its runs' sums")
        }
    }

    /// One engine keeps the ellipsis and suffix it measured after a run (`EndingRuns`) from text to
    /// text: a line that starts in another script or font shifts them onto another baseline, so what it
    /// keeps must still describe every corpus text as a layout of the whole collapsed text does.
    @Test func summedCuts_keptFromTextToText_asFromTheWholeCollapsedText() throws {
        let composing = try LayoutEngine()
        let relaying = try LayoutEngine()
        relaying.composesResults = false
        for index in CorpusText.all.indices.reversed() {
            for request in Self.requestsInEveryMode(index) {
                let composed = try composing.truncate(request)
                var whole = try relaying.truncate(request)
                let label = "\(CorpusText.all[index].name) \(request.width) \(request.lines) \(request.cutMode)"
                #expect(Self.rectsAgree(composed.suffixRects, whole.suffixRects), "\(label)")
                whole.suffixRects = composed.suffixRects
                whole.suffixRect = composed.suffixRect
                #expect(composed == whole, "\(label)")
            }
        }
        #expect(composing.cutsDescribedFromSums > 100)
    }

    /// Texts in which Pango never adds a hyphen at a break go without the attribute that turns hyphens
    /// off; any letter of a hyphenating script, a soft hyphen or a hyphenation point keeps it.
    @Test func hyphenAttribute_onlyWherePangoCouldAddAHyphen() {
        #expect(!TextStyle.mayTakeHyphens("吾輩は猫である。ニャーニャー 123 — 오늘 서울"))
        #expect(!TextStyle.mayTakeHyphens(""))
        #expect(TextStyle.mayTakeHyphens("猫 a"))
        #expect(TextStyle.mayTakeHyphens("123\u{AD}456"))
        #expect(TextStyle.mayTakeHyphens("12\u{2027}3"))
        #expect(TextStyle.mayTakeHyphens("Привет"))
        #expect(TextStyle.mayTakeHyphens("か\u{3099}"))  // a combining mark: Pango counts its script as any other
    }

    /// Korean words are runs of letters, marks and digits holding Hangul (byte ranges); a text without
    /// Hangul has none, whatever its other scripts.
    @Test func koreanWordRanges() {
        let text = "오늘 18도까지, iPhone에서 (서울) Seoul 東京 ㅋㅋ"
        let words = KoreanLineBreak.wordRanges(in: text).map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
        #expect(words == ["오늘", "18도까지", "iPhone에서", "서울", "ㅋㅋ"])
        #expect(KoreanLineBreak.wordRanges(in: "Seoul 東京 1234 Привет ünïcödé").isEmpty)
        #expect(KoreanLineBreak.wordRanges(in: "").isEmpty)
        #expect(KoreanLineBreak.wordRanges(in: "a\u{1100}\u{1161}b") == [0..<8])  // conjoining jamo joined to letters
    }

    /// The reference cut's requests for corpus text `index`, each in every cut mode.
    static func requestsInEveryMode(_ index: Int) -> [TruncationRequest] {
        ReferenceCutTests.requests(for: CorpusText.all[index], index: index).flatMap { request in
            CutMode.allCases.map { mode in
                var request = request
                request.cutMode = mode
                return request
            }
        }
    }

    static func rectsAgree(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 && abs($0.width - $1.width) < 1e-9
                    && abs($0.height - $1.height) < 1e-9
            }
    }

    @Test func sameEngine_givesTheSameAnswerTwice() throws {
        let engine = try LayoutEngine()
        let first = try Self.requests.map { try engine.truncate($0) }
        let second = try Self.requests.reversed().map { try engine.truncate($0) }.reversed()
        #expect(first == Array(second))
    }

    @Test func invalidRequests_throwNamingTheField() throws {
        let engine = try LayoutEngine()
        #expect(throws: TruncationRequestError.invalidWidth(0)) {
            try engine.truncate(TruncationRequest(text: "x", width: 0))
        }
        #expect(throws: TruncationRequestError.invalidWidth(.infinity)) {
            try engine.truncate(TruncationRequest(text: "x", width: .infinity))
        }
        #expect(throws: TruncationRequestError.invalidLineLimit(0)) {
            try engine.truncate(TruncationRequest(text: "x", lines: 0))
        }
        #expect(throws: TruncationRequestError.nulCharacter(field: "suffix")) {
            try engine.truncate(TruncationRequest(text: "x", suffix: "a\u{0}b"))
        }
    }

    @Test func suffixRect_coversTheSuffixOnTheLastLine() throws {
        let engine = try LayoutEngine()
        for width in stride(from: 150.0, through: 400, by: 25) {
            let result = try engine.truncate(
                TruncationRequest(
                    text: CutRuleTests.english, width: width, lines: 2, suffixFont: "Bold"))
            let rect = try #require(result.suffixRect)
            #expect(rect.x >= 0 && rect.x + rect.width <= width + 0.01)
            #expect(rect.width > 50 && rect.width < 90)
            #expect(rect.y > 15 && rect.y < 20)  // second line of a 15 pt DejaVu Sans text
            #expect(rect.height > 15 && rect.height < 20)
        }
    }

    @Test func rightToLeftText_putsTheSuffixAtTheLeftEnd() throws {
        let engine = try LayoutEngine()
        let text = CorpusText.all.first { $0.name == "he" }!.text
        let result = try engine.truncate(TruncationRequest(text: text, width: 250, lines: 2, ellipsis: "… ", suffix: "עוד"))
        let rect = try #require(result.suffixRect)
        #expect(result.truncated)
        // An RTL paragraph is aligned right and ends at the left, so the suffix is the leftmost content.
        #expect(rect.x + rect.width < 125, "\(rect)")
        #expect(rect.x > 0)
    }

    @Test func fonts_listTheFallbackFamilyForAnotherScript() throws {
        let engine = try LayoutEngine()
        let result = try engine.truncate(TruncationRequest(text: "Hello 東京 서울", font: "DejaVu Sans 15"))
        #expect(result.fonts.first == "DejaVu Sans")
        #expect(result.fonts.count >= 2)
        #expect(!result.fontFallback)
    }

    @Test func missingFamily_isReportedWithWhatWasUsed() throws {
        let engine = try LayoutEngine()
        let result = try engine.truncate(
            TruncationRequest(text: "Hello", font: "Definitely Missing Sans 15", suffixFont: "Another Missing Face"))
        #expect(result.fontFallback)
        #expect(result.fontSubstitutions.map(\.requested) == ["Definitely Missing Sans", "Another Missing Face"])
        #expect(result.fontSubstitutions.allSatisfy { !$0.used.isEmpty })
    }

    @Test func genericAndCaseVariantFamilies_areNotFallbacks() throws {
        let engine = try LayoutEngine()
        for font in ["sans-serif 15", "Monospace 12", "dejavu serif 14", "Missing Face, DejaVu Sans 15", "IPAゴシック 15", "나눔고딕 15"]
        {
            let result = try engine.truncate(TruncationRequest(text: "Hello", font: font))
            #expect(!result.fontFallback, "\(font)")
        }
    }

    @Test func glyphsNoFontHas_areCountedAsUnknown() throws {
        let engine = try LayoutEngine()
        let result = try engine.truncate(TruncationRequest(text: "private \u{E000}\u{E001} use"))
        #expect(result.unknownGlyphs == 2)
        let clean = try engine.truncate(TruncationRequest(text: "plain text"))
        #expect(clean.unknownGlyphs == 0)
    }
}
