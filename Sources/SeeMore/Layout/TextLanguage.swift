import CPangoCairo

/// The language a text is shaped and its fallback fonts are picked for (BCP 47: `ja`, `zh-Hans`, `hi`).
///
/// It decides the Han glyph forms (Japanese, Simplified and Traditional Chinese and Korean draw the same
/// code points differently) and which font fontconfig falls back to for a script; never the host's
/// locale, so pictures do not depend on the machine.
package enum TextLanguage {
    /// The language of `text` when none is given, from its letters: Japanese when it has kana, Korean
    /// when it has Hangul, Simplified Chinese when Han is its most common script, otherwise the sample
    /// language Pango names for its most common script (`ar` for Arabic, `hi` for Devanagari, `th` for
    /// Thai, `en` for Latin…). nil for a text without letters. Reads at most the first 4096 characters.
    static func guess(_ text: String) -> String? {
        // Counted by script number in an array: hashing a script per character cost more than the rest.
        var counts = [Int](repeating: 0, count: 256)
        var order: [GUnicodeScript] = []
        for scalar in text.unicodeScalars.prefix(4096) {
            let value = scalar.value
            let script: GUnicodeScript
            if value < 0x80 {  // ASCII: letters are Latin, the rest has no script of its own
                guard (0x61...0x7A).contains(value | 0x20) else { continue }
                script = G_UNICODE_SCRIPT_LATIN
            } else {
                script = g_unichar_get_script(gunichar(value))
            }
            switch script {
            case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED, G_UNICODE_SCRIPT_UNKNOWN: continue
            case G_UNICODE_SCRIPT_HIRAGANA, G_UNICODE_SCRIPT_KATAKANA: return "ja"
            case G_UNICODE_SCRIPT_HANGUL: return "ko"
            default:
                let index = Int(script.rawValue)
                if index >= counts.count { counts += repeatElement(0, count: index + 1 - counts.count) }
                if counts[index] == 0 { order.append(script) }
                counts[index] += 1
            }
        }
        // The most common script; the first seen wins a tie, so the answer is deterministic.
        guard let dominant = order.max(by: { counts[Int($0.rawValue)] < counts[Int($1.rawValue)] }) else { return nil }
        if dominant == G_UNICODE_SCRIPT_HAN { return "zh-Hans" }
        if dominant == G_UNICODE_SCRIPT_LATIN { return "en" }
        guard let language = pango_script_get_sample_language(PangoScript(rawValue: dominant.rawValue)),
            let tag = pango_language_to_string(language)
        else { return nil }
        return String(cString: tag)
    }

    /// The tag Pango and fontconfig understand for a BCP 47 tag: fontconfig knows Chinese by region
    /// (`zh-cn`, `zh-tw`, `zh-hk`), not by script, so `zh-Hans` → `zh-cn` and `zh-Hant` → `zh-tw`.
    static func pangoTag(_ tag: String) -> String {
        let parts = tag.lowercased().split(separator: "-").map(String.init)
        guard parts.first == "zh" else { return tag.lowercased() }
        if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
        if parts.contains("tw") || parts.contains("hant") { return "zh-tw" }
        if parts.contains("sg") { return "zh-sg" }
        return "zh-cn"
    }

    /// Whether `tag` is a well-formed BCP 47 tag as far as SeeMore needs: letters, digits and hyphens,
    /// starting with a 2–3 letter language, at most 35 characters.
    package static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.count <= 35, let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
