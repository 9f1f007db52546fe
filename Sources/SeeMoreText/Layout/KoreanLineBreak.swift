import SeeMoreSupport

/// How Korean text breaks into lines.
public enum KoreanLineBreak: String, Sendable, CaseIterable, Codable {
    /// Between words only, as iOS (`hangulWordPriority`), CSS `word-break: keep-all` and most Korean
    /// apps break it: a run of Hangul letters (with the letters and digits joined to it, "18도까지") stays
    /// on one line unless it alone is wider than the line.
    case words
    /// Between any two syllables, as Unicode's line breaking (UAX #14) and plain Pango allow.
    case syllables

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }

    /// The byte ranges of `text` inside which `words` forbids line breaks: maximal runs of letters,
    /// marks and digits joined without space or punctuation, holding at least one Hangul character.
    /// Break opportunities at their edges, and at punctuation and spaces, stay as UAX #14 makes them.
    /// - Complexity: O(the text's length).
    static func wordRanges(in text: String) -> [Range<Int>] {
        // Hangul starts at U+1100: in UTF-8 a lead byte of 0xE1 or more. Without one there is no word
        // to keep (most texts; the scan below asks Unicode's category of every character).
        guard text.containsUTF8Byte(where: { $0 >= 0xE1 }), text.unicodeScalars.contains(where: isHangul) else { return [] }
        var ranges: [Range<Int>] = []
        var runStart = 0
        var runHasHangul = false
        var offset = 0
        var inRun = false
        func close() {
            if inRun && runHasHangul { ranges.append(runStart..<offset) }
            inRun = false
            runHasHangul = false
        }
        for scalar in text.unicodeScalars {
            if isWordPart(scalar) {
                if !inRun {
                    inRun = true
                    runStart = offset
                }
                if isHangul(scalar) { runHasHangul = true }
            } else {
                close()
            }
            offset += UTF8.width(scalar)
        }
        close()
        return ranges
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value | 0x20)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Hangul syllables and jamo (conjoining, compatibility, extended and halfwidth).
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC: return true
        default: return false
        }
    }
}
