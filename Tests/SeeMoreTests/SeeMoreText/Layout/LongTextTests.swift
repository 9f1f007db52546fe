@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// Long paragraphs: the cut reads only the first lines, and line counting survives Pango's 32-bit widths.
@Suite struct LongTextTests {
    static func words(count: Int, seed: UInt64) -> String {
        let vocabulary = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "東京", "서울", "🎉"]
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
    }

    @Test func oneMegabyteParagraph_isCutLikeItsBeginning() throws {
        let text = Self.words(count: 150_000, seed: 7)
        #expect(text.utf8.count > 1_000_000)
        let engine = try LayoutEngine()
        for cutMode in CutMode.allCases {
            var request = TruncationRequest(text: text, width: 343, lines: 3, cutMode: cutMode)
            request.fullCountLimit = 0
            let long = try engine.truncate(request)
            request.text = String(text.prefix(3000))
            let short = try engine.truncate(request)
            #expect(long.truncated)
            #expect(long.kept == short.kept)
            #expect(long.lines == short.lines)
            #expect(long.suffixRect == short.suffixRect)
            #expect(!long.fullLineCountIsExact)
        }
    }

    @Test func lineLimitReachingPastASafeParagraph_isRefusedNotMiscounted() throws {
        let text = Self.words(count: 150_000, seed: 3)
        let engine = try LayoutEngine()
        #expect(throws: TruncationRequestError.paragraphTooLong(lines: 1_000, limit: UncutLayout.safeParagraph)) {
            try engine.truncate(TruncationRequest(text: text, width: 100_000, lines: 1_000))
        }
        // A limit whose lines fit in the longest safe prefix is answered.
        let result = try engine.truncate(TruncationRequest(text: text, width: 343, lines: 500))
        #expect(result.truncated && result.lineCount == 500)
        #expect(throws: TruncationRequestError.invalidLineLimit(Int.max)) {
            try engine.truncate(TruncationRequest(text: text, lines: Int.max))
        }
    }

    @Test func windowedLineCount_equalsOneWholeLayout() throws {
        // 20 000 characters: long enough for several windows, short enough for Pango to lay out whole.
        let text = Self.words(count: 3_000, seed: 11) + "\n\nsecond paragraph\n" + Self.words(count: 500, seed: 12)
        let engine = try LayoutEngine()
        let result = try engine.truncate(TruncationRequest(text: text, width: 200, lines: 2))
        #expect(result.fullLineCountIsExact)

        let lineCount = try TextStack.serialized {
            let context = try TextContext(fontMap: try FontMap())
            let layout = try Layout(context: context)
            layout.setWidth(points: 200)
            layout.setFont(try FontDescription("DejaVu Sans 15"))
            layout.setText(Array(text.utf8))
            return layout.lineCount
        }
        #expect(lineCount > 400)
        #expect(result.fullLineCount == lineCount)
    }

    @Test func megabyteParagraph_countsEveryLine() throws {
        // Every line of "x x x …" holds the same number of words, so the count is known exactly.
        let text = Array(repeating: "x", count: 500_000).joined(separator: " ")
        let engine = try LayoutEngine()
        let probe = try engine.truncate(TruncationRequest(text: String(text.prefix(999)), width: 100, lines: 1000))
        let firstLineWords = probe.lines[0].split(separator: " ").count
        #expect(firstLineWords > 3)
        var request = TruncationRequest(text: text, width: 100, lines: 3)
        let bounded = try engine.truncate(request)
        #expect(!bounded.fullLineCountIsExact, "past the default limit, only the first lines are laid out")
        // Lines 1…N+1 (Pango breaks none past them): a lower bound.
        #expect(bounded.fullLineCount >= 4 && bounded.fullLineCount < 100)
        request.fullCountLimit = nil
        let result = try engine.truncate(request)
        #expect(result.fullLineCountIsExact)
        let expected = (500_000 + firstLineWords - 1) / firstLineWords
        #expect(result.fullLineCount == expected)
    }
}

/// A small deterministic random number generator for test data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
