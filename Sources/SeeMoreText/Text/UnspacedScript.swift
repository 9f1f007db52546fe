/// Scripts written without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar): each of their
/// characters stands as a word of its own where text is split into words.
package enum UnspacedScript {
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default: return false
        }
    }
}
