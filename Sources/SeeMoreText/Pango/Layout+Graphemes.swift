import CPangoCairo
import SeeMoreSupport

extension Layout {
    /// The graphemes of line `index` (0-based) in logical order: each one's bytes and logical rectangle
    /// in points (as `rect(ofBytes:)` places them). Empty for a line that does not exist.
    package func graphemes(inLine index: Int) -> [(bytes: Range<Int>, rect: Rect)] {
        let lines = lineByteRanges
        guard lines.indices.contains(index) else { return [] }
        let line = lines[index]
        let text = textBytes
        // The line's first character's index among the text's characters (what the attributes count).
        var character = 0
        for byte in text[..<min(line.lowerBound, text.count)] where byte & 0xC0 != 0x80 { character += 1 }
        var starts: [Int] = []
        withLogAttributes { attributes in
            var position = character
            for offset in line where offset < text.count && text[offset] & 0xC0 != 0x80 {
                if position < attributes.count, attributes[position].is_cursor_position != 0 { starts.append(offset) }
                position += 1
            }
        }
        return starts.enumerated().map { number, start in
            let end = number + 1 < starts.count ? starts[number + 1] : line.upperBound
            return (start..<end, graphemeRect(atByte: start))
        }
    }
}
