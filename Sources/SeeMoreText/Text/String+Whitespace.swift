extension StringProtocol {
    /// The text without white space at either end: Unicode's space separators, tab and U+200B ZERO
    /// WIDTH SPACE, as Foundation's `CharacterSet.whitespaces`; with `newlines`, also Unicode's line
    /// and paragraph separators, U+000A–U+000D and U+0085, as `.whitespacesAndNewlines`.
    package func trimmingWhitespace(newlines: Bool = false) -> String {
        func isWhite(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default:
                return scalar == "\t" || scalar == "\u{200B}"
                    || (newlines && ((0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85))
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhite($0) }), let last = scalars.lastIndex(where: { !isWhite($0) })
        else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
