import CGLib

/// Hashes of bytes: FNV-1a for cache keys and tags (fast, not for integrity), SHA-256 where someone
/// could want two different files to hash alike (what `approve` accepts).
public enum ContentHash {
    @inlinable
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// SHA-256 in lowercase hex (GLib's GChecksum).
    public static func sha256(_ bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize($0.count)) }
        return g_checksum_get_string(checksum).map { String(cString: $0) } ?? ""
    }
}
