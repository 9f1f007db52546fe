import CPangoCairo

/// The direction of a text's first strong character (Unicode's bidi rule P2, as Pango applies it to
/// a paragraph), and whether a text needs the bidi algorithm at all (FriBidi, through the shim).
enum StrongDirection {
    /// `.rtl` or `.ltr` after the first strong character in `bytes` (UTF-8), or nil when there is none.
    static func of<Bytes: Collection>(_ bytes: Bytes) -> TextDirection? where Bytes.Element == UInt8 {
        switch scan(bytes, with: seemore_first_strong_direction) {
        case 1: return .rtl
        case 0: return .ltr
        default: return nil
        }
    }

    /// Reads `bytes` from byte `from` on for the first character that needs the bidi algorithm, as
    /// `needsBidi` asks, restarting at each paragraph separator: where the last paragraph read starts
    /// (relative to `from`; 0 when none started) and where that character is in it (relative to `from`;
    /// nil when there is none).
    static func scanParagraphs(_ bytes: [UInt8], from: Int, count: Int) -> (restart: Int, found: Int?) {
        var found = -1
        let restart = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                seemore_scan_paragraph_bidi(chars.baseAddress.map { $0 + from }, count, &found)
            }
        }
        return (Int(restart), found >= 0 ? Int(found) : nil)
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
