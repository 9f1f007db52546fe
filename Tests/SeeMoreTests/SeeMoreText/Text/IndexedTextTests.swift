@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// IndexedText's one pass over the UTF-8 bytes against the standard library's own scalars.
@Suite struct IndexedTextTests {
    @Test func scalarsAndOffsets_areTheStandardLibrarys() {
        let pieces = [
            "a", " ", "é", "e\u{301}", "東", "한", "ש", "🎉", "👩‍💻", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\n",
            "\u{0}",
        ]
        var random = RandomPieces(pieces, seed: 7)
        for _ in 0..<2_000 {
            let text = random.text(longest: 31)
            let indexed = IndexedText(text)
            #expect(indexed.bytes == Array(text.utf8))
            #expect(indexed.scalars == Array(text.unicodeScalars), "\(text.debugDescription)")
            var offsets = [0]
            for scalar in text.unicodeScalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
            #expect(indexed.byteOffsets == offsets, "\(text.debugDescription)")
        }
    }

    /// The trim's own White_Space list against the standard library's property, for every scalar.
    @Test func isWhitespace_isUnicodesWhiteSpace() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if IndexedText.isWhitespace(scalar) != scalar.properties.isWhitespace {
                Issue.record("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
    }
}
