@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Rule 4 with entities: a word cut never falls inside a link, mention or hashtag (when line N holds
/// text before it; else rule 4's fall-back, the grapheme cut).
@Suite struct EntityCutTests {
    static func cut(
        _ text: String, width: Double, lines: Int, entities: [TextEntity]? = nil, mode: CutMode = .word,
        suffix: String = "See more"
    ) throws -> Truncation {
        var request = TruncationRequest(text: text, width: width, lines: lines, suffix: suffix)
        request.entities = entities
        request.cutMode = mode
        return try LayoutEngine().truncate(request)
    }

    /// Whether the cut lies strictly inside one of the text's entities.
    static func splits(_ text: String, at k: Int) -> Bool {
        TextEntity.find(in: text).contains { $0.range.lowerBound < k && k < $0.range.upperBound }
    }

    @Test(arguments: [
        ("Read the release notes for this week at https://example.com/blog/2026/12/launch-notes-and-more today", 240.0, 2),
        ("今週のお知らせです。詳しくはhttps://example.jp/news/2026/december/release-notesをご覧ください。ありがとう", 200.0, 2),
        ("楽しかった。#今日のできごとを全部ここに書いておく", 200.0, 1),
    ])
    func theCut_landsBeforeOrAfterAnEntity(text: String, width: Double, lines: Int) throws {
        let plain = try Self.cut(text, width: width, lines: lines, entities: [])
        #expect(plain.truncated && Self.splits(text, at: plain.cutIndex), "the text must test the rule: \(plain.kept)")
        let kept = try Self.cut(text, width: width, lines: lines)
        #expect(kept.truncated && !Self.splits(text, at: kept.cutIndex), "\(kept.kept)")
        #expect(kept.cutIndex < plain.cutIndex)
    }

    /// An entity that fills line N leaves no word candidate on it: rule 4's fall-back, the grapheme cut.
    @Test func anEntityFillingTheLastLine_fallsBackToTheGraphemeCut() throws {
        let text = "https://example.com/a/very/long/path/that/is/wider/than/any/line/of/the/card/at/all/ok"
        let word = try Self.cut(text, width: 160, lines: 2)
        let grapheme = try Self.cut(text, width: 160, lines: 2, mode: .grapheme)
        #expect(word.truncated && word.cutIndex == grapheme.cutIndex && word.cutIndex > 0)
    }

    /// Marked spans (a suite's own kinds) are kept whole too, and nothing else is.
    @Test func givenEntities_areTheOnlyOnes() throws {
        let text = "Meet the Grand Budapest Hotel team tomorrow at the lobby of the hotel for the tour"
        let free = try Self.cut(text, width: 200, lines: 2)
        let start = free.cutIndex - 3
        let marked = [TextEntity(kind: .marked, range: start..<(free.cutIndex + 5))]
        let kept = try Self.cut(text, width: 200, lines: 2, entities: marked)
        #expect(kept.cutIndex <= start, "\(free.kept) | \(kept.kept)")
    }

    /// Entities' scalar ranges become the byte ranges of the same scalars, in order, overlapping ones
    /// left out; an index before the start or past the end is placed at the end (no entity then):
    /// random ranges over texts of one- to four-byte scalars, against the scalars' byte offsets counted
    /// one by one.
    @Test func entitiesAreLocated_atTheirScalarsBytes() {
        var generator = SplitMix(seed: 17)
        let alphabet: [Unicode.Scalar] = ["a", " ", "é", "ש", "ب", "日", "한", "😀", "\u{301}"]
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            // Offsets counted scalar by scalar: index i starts at starts[i]; past the end, the end.
            var starts = [0]
            for scalar in scalars { starts.append(starts.last! + UTF8.width(scalar)) }
            func byte(_ index: Int) -> Int { index >= 0 && index < starts.count ? starts[index] : starts.last! }
            let entities = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                let lower = Int.random(in: -2...(scalars.count + 2), using: &generator)
                return TextEntity(kind: .url, range: lower..<max(lower, lower + Int.random(in: 0...8, using: &generator)))
            }
            var expected: [Range<Int>] = []
            for entity in entities.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                let bytes = byte(entity.range.lowerBound)..<max(byte(entity.range.lowerBound), byte(entity.range.upperBound))
                guard !bytes.isEmpty, expected.last.map({ $0.upperBound <= bytes.lowerBound }) ?? true else { continue }
                expected.append(bytes)
            }
            let located = TextStyle.located(entities, in: text)
            #expect(located.map(\.bytes) == expected, "\(text.debugDescription) \(entities.map(\.range))")
            #expect(located.map(\.entity.range) == located.map(\.entity.range).sorted { $0.lowerBound < $1.lowerBound })
        }
    }
}
