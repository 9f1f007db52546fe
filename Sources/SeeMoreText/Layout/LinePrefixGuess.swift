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
    /// The width in twentieths of an em that the character `value` is guessed to take at least: a
    /// quarter em for white space and the narrow Latin letters and punctuation, 0.45 for the other
    /// printable ASCII, nothing for marks, format and zero-width characters, 0.9 for the wide ones of
    /// East Asian scripts, 0.4 for the rest.
    private static func twentieths(_ value: UInt32) -> Int {
        value < 0x800 ? Int(smallTwentieths[Int(value)]) : Int((unicodeEms(value) * 20).rounded())
    }

    /// The guessed width in ems past ASCII, from GLib's character tables.
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

    /// `twentieths` of U+0000…U+07FF (ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic, …), made once
    /// (past ASCII from GLib's tables): a guess per character of those scripts without a lookup.
    private static let smallTwentieths: [UInt8] = (0..<0x800).map { value in
        guard value >= 0x80 else {
            switch value {
            case 0x09, 0x20: return 5
            case ..<0x20, 0x7F: return 0
            default: return narrowASCII & (1 << (value - 0x20)) != 0 ? 5 : 9
            }
        }
        return UInt8((unicodeEms(UInt32(value)) * 20).rounded())
    }

    /// The printable ASCII drawn narrower than half an em in common fonts, a bit each from U+0020 on.
    private static let narrowASCII: UInt128 = " !\"'()*,-./:;I[]`fijlrt|".utf8.reduce(0) { $0 | 1 << ($1 - 0x20) }

    /// The characters of `text[0..<end]` guessed to fill `lines` lines `width` points wide in a font of
    /// `size` points (a paragraph separator ends its line), or `end` when they do not.
    /// - Complexity: O(the characters returned).
    static func characters(filling lines: Int, of text: IndexedText, end: Int, width: Double, size: Double) -> Int {
        // In twentieths of an em, so that the sum is of whole numbers.
        let lineWidth = max(width, 1) / max(size, 0.1) * 20
        let filled = Double(lines) * lineWidth
        var used = 0.0
        var index = 0
        text.scalars.withUnsafeBufferPointer { scalars in
            smallTwentieths.withUnsafeBufferPointer { small in
                while index < end && used <= filled {
                    let value = scalars[index].value
                    if value < 0x800 && value != 0x0A && value != 0x0D {
                        used += Double(small[Int(value)])
                    } else if IndexedText.isParagraphSeparator(scalars[index]) {
                        used = ((used / lineWidth).rounded(.down) + 1) * lineWidth
                    } else {
                        used += Double(twentieths(value))
                    }
                    index += 1
                }
            }
        }
        return index
    }
}
