import CPangoCairo

/// How many characters of a text fill a number of lines, guessed from the characters alone, so that
/// the cut's first layout shapes little more than what the cut reads (Pango's own ellipsis shapes the
/// whole paragraph: all eight lines of a post cut to three).
///
/// Each character is given a width in ems that most fonts draw it at least as wide as: a guess too
/// short costs a second layout (`UncutLayout` checks that the prefix held what it needs, and lays out
/// more when not), one too long only shapes more than needed. Nothing the cut decides depends on the
/// guess.
enum LinePrefixGuess {
    /// The width in ems that `scalar` is guessed to take at least: a quarter for white space and the
    /// narrow Latin letters and punctuation, 0.45 for the other printable ASCII, nothing for marks,
    /// format and zero-width characters, 0.9 for the wide ones of East Asian scripts, 0.4 for the rest.
    static func ems(_ scalar: Unicode.Scalar) -> Double {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x09, 0x20: return 0.25
            case ..<0x20, 0x7F: return 0
            default: return narrowASCII & (1 << (value - 0x20)) != 0 ? 0.25 : 0.45
            }
        }
        if value < 0x800 { return Double(twoByteTwentieths[Int(value) - 0x80]) / 20 }
        return unicodeEms(value)
    }

    /// `ems` past ASCII, from GLib's character tables.
    private static func unicodeEms(_ value: UInt32) -> Double {
        let character = gunichar(value)
        if g_unichar_iszerowidth(character) != 0 { return 0 }
        switch g_unichar_type(character) {
        case G_UNICODE_NON_SPACING_MARK, G_UNICODE_SPACING_MARK, G_UNICODE_ENCLOSING_MARK, G_UNICODE_FORMAT, G_UNICODE_CONTROL:
            return 0
        default: break
        }
        return g_unichar_iswide(character) != 0 ? 0.9 : 0.4
    }

    /// `ems` of U+0080…U+07FF (Latin, Greek, Cyrillic, Hebrew, Arabic, …) in twentieths, read once from
    /// GLib's tables: a guess per character of those scripts without three lookups each.
    private static let twoByteTwentieths: [UInt8] = (0x80..<0x800).map { UInt8((unicodeEms($0) * 20).rounded()) }

    /// The printable ASCII drawn narrower than half an em in common fonts, a bit each from U+0020 on.
    private static let narrowASCII: UInt128 = " !\"'()*,-./:;I[]`fijlrt|".utf8.reduce(0) { $0 | 1 << ($1 - 0x20) }

    /// The characters of `text[0..<end]` guessed to fill `lines` lines `width` points wide in a font of
    /// `size` points (a paragraph separator ends its line), or `end` when they do not.
    /// - Complexity: O(the characters returned).
    static func characters(filling lines: Int, of text: IndexedText, end: Int, width: Double, size: Double) -> Int {
        let lineWidth = max(width, 1) / max(size, 0.1)
        let filled = Double(lines) * lineWidth
        var used = 0.0
        var index = 0
        while index < end && used <= filled {
            let scalar = text.scalars[index]
            if IndexedText.isParagraphSeparator(scalar) {
                used = ((used / lineWidth).rounded(.down) + 1) * lineWidth
            } else {
                used += ems(scalar)
            }
            index += 1
        }
        return index
    }
}
