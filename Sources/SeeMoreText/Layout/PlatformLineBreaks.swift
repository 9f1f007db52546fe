import CPangoCairo
import CSupport

/// Where lines may break in a text as the web, Android and iOS find it: ICU's line-break iterator
/// (UAX #14 with ICU's and CSS Text 3's tailorings, chosen by the locale's `lb` keyword), which
/// Chromium, WebKit, Android's Minikin and Core Text all break lines with; between two printable
/// ASCII characters Chromium's own table (`AsciiLineBreaks`); and CSS's `word-break` on top, as
/// Chromium applies it.
enum PlatformLineBreaks {
    /// The byte offsets of `text` before which a line may break, in order, 0 and the end left out;
    /// mandatory breaks (after a line feed) included.
    /// - Complexity: O(the text's length).
    static func opportunities(in text: String, language: String?, lineBreak: LineBreak, wordBreak: WordBreak) -> [Int] {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 1 else { return [] }
        let isBoundary = icuBoundaries(of: text, scalars: scalars, language: language, lineBreak: lineBreak)
        // Byte offsets inside a Korean word, for `keep-hangul`.
        var hangulWords = Set<Int>()
        if wordBreak == .keepHangul {
            for word in KoreanLineBreak.wordRanges(in: text) { hangulWords.formUnion(word.dropFirst()) }
        }
        var result: [Int] = []
        var byteOffset = UTF8.width(scalars[0])
        var base = 0  // the last character before `index` that is no mark
        for index in 1..<scalars.count {
            let before = scalars[index - 1]
            let after = scalars[index]
            var breaks = isBoundary[index]
            if lineBreak == .anywhere {
                // A grapheme boundary, but not before a space (preserved spaces hang at the line's end)
                // nor between two letters that join (`LetterScript.joinsNeighbors`): SeeMore lays out a
                // line alone as inside its paragraph, which a break between joined letters (each
                // changing form) would not keep; `break-all` leaves such words whole too.
                if breaks
                    && (isWhiteSpace(after) || (LetterScript.joinsNeighbors(scalars[base]) && LetterScript.joinsNeighbors(after)))
                {
                    breaks = false
                }
            } else if let table = AsciiLineBreaks.breaks(
                between: before, and: after, wordBreak: wordBreak, twoBefore: index >= 2 ? scalars[index - 2] : nil)
            {
                breaks = table
            } else {
                switch wordBreak {
                case .normal: break
                case .keepAll:
                    if breaks && isKeptLetter(scalars[base]) && isKeptLetter(after) { breaks = false }
                case .keepHangul:
                    if breaks && hangulWords.contains(byteOffset) { breaks = false }
                case .breakAll:
                    // Chromium breaks a Thai (SA) text before every character, marks too.
                    if !breaks && isBrokenApart(scalars[base]) && isBrokenApart(after)
                        && !(LetterScript.joinsNeighbors(scalars[base]) && LetterScript.joinsNeighbors(after))
                        && (!isMark(after) || g_unichar_break_type(gunichar(after.value)) == G_UNICODE_BREAK_COMPLEX_CONTEXT)
                    {
                        breaks = true
                    }
                }
            }
            if breaks { result.append(byteOffset) }
            if !isMark(after) { base = index }
            byteOffset += UTF8.width(after)
        }
        return result
    }

    /// Whether ICU finds a boundary before each character of `scalars` (one more: the end): its
    /// line-break iterator, or its grapheme iterator for `anywhere`.
    private static func icuBoundaries(
        of text: String, scalars: [Unicode.Scalar], language: String?, lineBreak: LineBreak
    ) -> [Bool] {
        let units = Array(text.utf16)
        var scalarIndex = [Int](repeating: -1, count: units.count + 1)
        var unitOffset = 0
        for (index, scalar) in scalars.enumerated() {
            scalarIndex[unitOffset] = index
            unitOffset += scalar.utf16.count
        }
        scalarIndex[unitOffset] = scalars.count
        var unitBoundaries = [UInt8](repeating: 0, count: units.count + 1)
        let status = units.withUnsafeBufferPointer { buffer in
            seemore_icu_boundaries(
                buffer.baseAddress, Int32(buffer.count),
                lineBreak == .anywhere ? "" : icuLocale(language, lineBreak: lineBreak), lineBreak == .anywhere ? 1 : 0,
                &unitBoundaries)
        }
        var isBoundary = [Bool](repeating: false, count: scalars.count + 1)
        guard status == 0 else { return isBoundary }
        for (offset, boundary) in unitBoundaries.enumerated() where boundary != 0 {
            if case let index = scalarIndex[offset], index >= 0 { isBoundary[index] = true }
        }
        return isBoundary
    }

    /// ICU's locale for `language` (a BCP 47 tag) with CSS's strictness as its `lb` keyword; `auto`
    /// leaves the locale's own (`normal` for Japanese and Chinese, `strict` for the rest).
    static func icuLocale(_ language: String?, lineBreak: LineBreak) -> String {
        let base = String((language ?? "").map { $0 == "-" ? "_" : $0 })
        switch lineBreak {
        case .auto, .anywhere: return base
        case .loose, .normal, .strict: return base + "@lb=" + lineBreak.rawValue
        }
    }

    /// A letter or digit `keep-all` keeps with its neighbour: not one of the scripts written without
    /// spaces that break by dictionary (Thai, Lao, Khmer, Myanmar: UAX #14's class SA), which CSS
    /// leaves to break as before.
    private static func isKeptLetter(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) && g_unichar_break_type(gunichar(scalar.value)) != G_UNICODE_BREAK_COMPLEX_CONTEXT
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// A character `break-all` breaks next to another such: UAX #14's letters (AL, HL, and AI, which
    /// CSS resolves to AL), digits (NU) and the scripts written without spaces (SA).
    private static func isBrokenApart(_ scalar: Unicode.Scalar) -> Bool {
        switch g_unichar_break_type(gunichar(scalar.value)) {
        case G_UNICODE_BREAK_ALPHABETIC, G_UNICODE_BREAK_HEBREW_LETTER, G_UNICODE_BREAK_AMBIGUOUS, G_UNICODE_BREAK_NUMERIC,
            G_UNICODE_BREAK_COMPLEX_CONTEXT:
            return true
        default: return false
        }
    }

    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x20 || scalar.value == 0x09 || scalar.properties.generalCategory == .spaceSeparator
    }
}
