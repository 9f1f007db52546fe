import SeeMoreSupport

/// The base direction of a paragraph.
public enum TextDirection: String, CaseIterable, Codable, Sendable {
    /// From the paragraph's first strong character, as Unicode's bidi algorithm says (rule P2); a
    /// paragraph without one takes the previous paragraph's direction, the first one left to right.
    case auto
    case ltr
    case rtl

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}

extension IndexedText {
    /// Whether the paragraph holding character `index` runs right to left, as Pango resolves it with
    /// `direction` (see `TextDirection.auto`): from the whole paragraph, never from a part of it.
    /// - Complexity: O(the paragraph up to its first strong character), plus earlier paragraphs while
    ///   they have none.
    func isRightToLeft(paragraphContaining index: Int, direction: TextDirection) -> Bool {
        switch direction {
        case .ltr: return false
        case .rtl: return true
        case .auto: break
        }
        var start = min(index, count)
        while start > 0 && !Self.isParagraphSeparator(scalars[start - 1]) {
            start -= 1
        }
        while true {
            let found = firstStrongDirection(from: start)
            if found == .rtl { return true }
            if found == .ltr || start == 0 { return false }
            // A neutral paragraph takes the previous one's direction.
            start -= 1
            if start > 0 && scalars[start] == "\n" && scalars[start - 1] == "\r" { start -= 1 }
            while start > 0 && !Self.isParagraphSeparator(scalars[start - 1]) {
                start -= 1
            }
        }
    }

    /// Where the paragraph that character `end - 1` belongs to starts (0 when `end` is 0).
    func paragraphStart(before end: Int) -> Int {
        var start = min(end, count)
        while start > 0 && !Self.isParagraphSeparator(scalars[start - 1]) {
            start -= 1
        }
        return start
    }

    /// The direction of the first strong character of the paragraph starting at `start`, or nil
    /// when it has none; reads a window at a time, so it stops soon after that character.
    private func firstStrongDirection(from start: Int) -> TextDirection? {
        var index = start
        while index < count && !Self.isParagraphSeparator(scalars[index]) {
            var windowEnd = index
            while windowEnd < count && windowEnd - index < 64 && !Self.isParagraphSeparator(scalars[windowEnd]) {
                windowEnd += 1
            }
            let found = StrongDirection.of(bytes[byteOffsets[index]..<byteOffsets[windowEnd]])
            if let found { return found }
            index = windowEnd
        }
        return nil
    }
}
