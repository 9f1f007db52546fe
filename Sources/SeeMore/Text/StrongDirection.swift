import CPangoCairo

/// The direction of a text's first strong character (Unicode's bidi rule P2, as Pango applies it to
/// a paragraph).
enum StrongDirection {
    /// `PANGO_DIRECTION_RTL` or `_LTR` after the first strong character in `bytes` (UTF-8), or
    /// `PANGO_DIRECTION_NEUTRAL` when there is none.
    static func of<Bytes: Collection>(_ bytes: Bytes) -> PangoDirection where Bytes.Element == UInt8 {
        let found =
            bytes.withContiguousStorageIfAvailable { buffer in
                buffer.withMemoryRebound(to: CChar.self) { seemore_first_strong_direction($0.baseAddress, $0.count) }
            }
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { seemore_first_strong_direction($0.baseAddress, $0.count) }
            }
        switch found {
        case 1: return PANGO_DIRECTION_RTL
        case 0: return PANGO_DIRECTION_LTR
        default: return PANGO_DIRECTION_NEUTRAL
        }
    }
}
