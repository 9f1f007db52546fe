import CPangoCairo

/// The language a text is shaped and its fallback fonts are picked for (BCP 47: `ja`, `zh-Hans`, `hi`).
///
/// It decides the Han glyph forms (Japanese, Simplified and Traditional Chinese and Korean draw the same
/// code points differently) and which font fontconfig falls back to for a script; never the host's
/// locale, so pictures do not depend on the machine.
package enum TextLanguage {
    /// The language of `text` when none is given, from its letters: Japanese when it has kana, Korean
    /// when it has Hangul, Chinese when Han is its most common script — Traditional (`zh-Hant`) when it
    /// holds more Traditional-only than Simplified-only characters (`HanVariants`), else Simplified
    /// (`zh-Hans`) — otherwise the sample
    /// language Pango names for its most common script (`ar` for Arabic, `hi` for Devanagari, `th` for
    /// Thai, `en` for Latin…). nil for a text without letters. Reads at most the first 4096 characters.
    package static func guess(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { guess(utf8: $0) }
    }

    /// `guess` of valid UTF-8, read byte by byte (cheaper than the string's scalar view).
    private static func guess(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Counted by script number in an array, not hashed per character.
        var counts = [Int](repeating: 0, count: 256)
        var order: [GUnicodeScript] = []
        var index = 0
        var characters = 0
        var variants = (traditional: 0, simplified: 0)
        while index < bytes.count && characters < 4096 {
            let byte = bytes[index]
            characters += 1
            let script: GUnicodeScript
            if byte < 0x80 {  // ASCII: letters are Latin, the rest has no script of its own
                index += 1
                guard (0x61...0x7A).contains(byte | 0x20) else { continue }
                script = G_UNICODE_SCRIPT_LATIN
            } else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= bytes.count else { break }
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                index += length
                script = g_unichar_get_script(gunichar(value))
                if script == G_UNICODE_SCRIPT_HAN, let scalar = Unicode.Scalar(value) {
                    if HanVariants.traditionalOnly.contains(scalar) { variants.traditional += 1 }
                    if HanVariants.simplifiedOnly.contains(scalar) { variants.simplified += 1 }
                }
            }
            switch script {
            case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED, G_UNICODE_SCRIPT_UNKNOWN: continue
            case G_UNICODE_SCRIPT_HIRAGANA, G_UNICODE_SCRIPT_KATAKANA: return "ja"
            case G_UNICODE_SCRIPT_HANGUL: return "ko"
            default:
                let slot = Int(script.rawValue)
                if slot >= counts.count { counts += repeatElement(0, count: slot + 1 - counts.count) }
                if counts[slot] == 0 { order.append(script) }
                counts[slot] += 1
            }
        }
        // The most common script; the first seen wins a tie, so the answer is deterministic.
        guard let dominant = order.max(by: { counts[Int($0.rawValue)] < counts[Int($1.rawValue)] }) else { return nil }
        if dominant == G_UNICODE_SCRIPT_HAN { return variants.traditional > variants.simplified ? "zh-Hant" : "zh-Hans" }
        if dominant == G_UNICODE_SCRIPT_LATIN { return "en" }
        return ScriptLanguage.sample(of: dominant)
    }

    /// The tag Pango and fontconfig understand for a BCP 47 tag: fontconfig knows Chinese by region
    /// (`zh-cn`, `zh-tw`, `zh-hk`), not by script, so `zh-Hans` → `zh-cn` and `zh-Hant` → `zh-tw`.
    static func pangoTag(_ tag: String) -> String {
        // The common case, a lowercase tag of another language than Chinese, is its own.
        let utf8 = tag.utf8
        if utf8.first != 0x2D, utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }),
            !(utf8.starts(with: "zh".utf8) && (utf8.count == 2 || utf8.dropFirst(2).first == 0x2D))
        {
            return tag
        }
        let parts = tag.lowercased().split(separator: "-").map(String.init)
        guard parts.first == "zh" else { return tag.lowercased() }
        if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
        if parts.contains("tw") || parts.contains("hant") { return "zh-tw" }
        if parts.contains("sg") { return "zh-sg" }
        return "zh-cn"
    }
}
