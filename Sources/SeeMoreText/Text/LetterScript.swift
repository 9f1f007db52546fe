import CPangoCairo

/// The writing system a letter belongs to, as a reader tells fonts apart: letters of one writing
/// system drawn in two fonts look mismatched ("Việt" with its "ệ" from another font), letters of two
/// ("ב-iOS", "iPhone용") are expected to differ. Han, kana, Hangul and Bopomofo are one system (a
/// Japanese word mixes kanji and kana; Korean text mixes Hangul and Hanja).
package enum LetterScript {
    /// The writing system of `scalar` when it is a letter of one; nil for anything shared between
    /// scripts (digits, punctuation, symbols, emoji) and for combining marks, which belong to their base.
    package static func of(_ scalar: Unicode.Scalar) -> Int32? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
        default: return nil
        }
        let script = g_unichar_get_script(gunichar(scalar.value))
        switch script {
        case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED, G_UNICODE_SCRIPT_UNKNOWN: return nil
        case G_UNICODE_SCRIPT_HIRAGANA, G_UNICODE_SCRIPT_KATAKANA, G_UNICODE_SCRIPT_HANGUL, G_UNICODE_SCRIPT_BOPOMOFO:
            return Int32(G_UNICODE_SCRIPT_HAN.rawValue)
        default: return Int32(script.rawValue)
        }
    }

    /// Whether `scalar` is a letter of a script whose letters join their neighbors, each taking another
    /// form by what is next to it: Arabic, Syriac, N'Ko, Mongolian, Mandaic, Manichaean, Psalter
    /// Pahlavi, Adlam, Hanifi Rohingya, Sogdian, Phags-pa. A word of one broken between two letters is
    /// shaped across the break, which a line laid out alone would not do.
    package static func joinsNeighbors(_ scalar: Unicode.Scalar) -> Bool {
        switch g_unichar_get_script(gunichar(scalar.value)) {
        case G_UNICODE_SCRIPT_ARABIC, G_UNICODE_SCRIPT_SYRIAC, G_UNICODE_SCRIPT_NKO, G_UNICODE_SCRIPT_MONGOLIAN,
            G_UNICODE_SCRIPT_MANDAIC, G_UNICODE_SCRIPT_MANICHAEAN, G_UNICODE_SCRIPT_PSALTER_PAHLAVI, G_UNICODE_SCRIPT_ADLAM,
            G_UNICODE_SCRIPT_HANIFI_ROHINGYA, G_UNICODE_SCRIPT_SOGDIAN, G_UNICODE_SCRIPT_PHAGS_PA:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` is a combining mark, drawn as part of the letter before it.
    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
