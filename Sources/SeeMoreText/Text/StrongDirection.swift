import CPangoCairo

/// The direction of a text's first strong character (Unicode's bidi rule P2, as Pango applies it to
/// a paragraph), and whether a text needs the bidi algorithm at all.
enum StrongDirection {
    /// `PANGO_DIRECTION_RTL` or `_LTR` after the first strong character in `bytes` (UTF-8), or
    /// `PANGO_DIRECTION_NEUTRAL` when there is none.
    static func of<Bytes: Collection>(_ bytes: Bytes) -> PangoDirection where Bytes.Element == UInt8 {
        switch scan(bytes, with: seemore_first_strong_direction) {
        case 1: return PANGO_DIRECTION_RTL
        case 0: return PANGO_DIRECTION_LTR
        default: return PANGO_DIRECTION_NEUTRAL
        }
    }

    /// Whether `bytes` (UTF-8) hold a character that takes a paragraph through the bidi algorithm: a
    /// right-to-left letter, an Arabic letter or number, an embedding, override, pop or isolate.
    /// Without one, every character of a left-to-right paragraph is at level 0.
    static func needsBidi<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        scan(bytes, with: seemore_holds_bidi) != 0
    }

    /// `function` called on the bytes, copied only when they are not contiguous.
    private static func scan<Bytes: Collection>(
        _ bytes: Bytes, with function: (UnsafePointer<CChar>?, Int) -> Int32
    ) -> Int32 where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) { function($0.baseAddress, $0.count) }
        }
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { function($0.baseAddress, $0.count) }
            }
    }
}
