/// Why bytes could not be taken as text.
package enum TextDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not valid UTF-8; `offset` is the first byte that is wrong.
    case invalidUTF8(offset: Int)
    /// The text holds a NUL character, which Pango cannot lay out.
    case nulCharacter(offset: Int)

    package var description: String {
        switch self {
        case .invalidUTF8(let offset): return "is not valid UTF-8 at byte \(offset)"
        case .nulCharacter(let offset): return "contains a NUL character at byte \(offset)"
        }
    }
}

/// Decodes bytes as UTF-8 text for layout.
/// - Throws: `TextDecodingError` naming the first offending byte.
package func decodeLayoutText<Bytes: Collection>(_ bytes: Bytes) throws -> String where Bytes.Element == UInt8 {
    let array = Array(bytes)
    if let offset = firstInvalidUTF8Offset(array) {
        throw TextDecodingError.invalidUTF8(offset: offset)
    }
    if let offset = array.firstIndex(of: 0) {
        throw TextDecodingError.nulCharacter(offset: offset)
    }
    return String(decoding: array, as: UTF8.self)
}

/// The offset where the first invalid UTF-8 sequence (RFC 3629) starts, or nil when all is valid.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the first continuation byte
        switch lead {
        case 0x00...0x7F: index += 1; continue
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F  // nothing past U+10FFFF
        default: return index
        }
        for position in 1..<length {
            let byteIndex = index + position
            guard byteIndex < bytes.count else { return index }
            let byte = bytes[byteIndex]
            let (min, max) = position == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            if byte < min || byte > max { return index }
        }
        index += length
    }
    return nil
}
