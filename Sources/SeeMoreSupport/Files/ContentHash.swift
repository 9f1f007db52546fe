import CSupport

/// Hashes of bytes: FNV-1a for cache keys and tags (fast, not for integrity), SHA-256 where someone
/// could want two different files to hash alike (what `approve` accepts).
package enum ContentHash {
    /// FNV-1a, 64 bits, in 16 lowercase hex digits.
    package static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(fnv1a64Value(bytes), digits: 16)
    }

    /// FNV-1a, 64 bits. The loop runs over contiguous bytes in concrete code: a generic loop called from
    /// another module runs unspecialized, a witness call a byte (a check of unchanged goldens spent
    /// a third of its time there).
    package static func fnv1a64Value<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { fnv1a64(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { fnv1a64($0) }
    }

    /// FNV-1a, 32 bits.
    package static func fnv1a32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { fnv1a32(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { fnv1a32($0) }
    }

    private static func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func fnv1a32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }

    /// `value` in lowercase hex, zero-padded to `digits`.
    package static func hex<Value: BinaryInteger>(_ value: Value, digits: Int) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    /// SHA-256 in lowercase hex (Nettle's).
    package static func sha256(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// SHA-256 of contiguous bytes in lowercase hex.
    package static func sha256(_ bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        seemore_sha256(bytes.baseAddress, bytes.count, &digest)
        return hex(digest)
    }

    /// Bytes in lowercase hex, two digits each.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
