import CGLib
@testable import SeeMoreSupport
import Testing

/// SHA-256 (Nettle's, through `seemore_sha256`): FIPS 180's known answers, and GLib's digest of the
/// same bytes at every length around SHA-256's 64-byte blocks and beyond.
@Suite struct ContentHashTests {
    @Test func knownAnswers() {
        #expect(ContentHash.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentHash.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func randomBytes_hashAsGLibHashesThem() {
        var seed: UInt64 = 46
        func next() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        for length in Array(0...300) + [4095, 4096, 4097, 100_003] {
            let bytes = (0..<length).map { _ in next() }
            let theirs = bytes.withUnsafeBufferPointer { buffer -> String in
                guard let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count)) else {
                    return "none"
                }
                defer { g_free(digest) }
                return String(cString: digest)
            }
            #expect(ContentHash.sha256(bytes) == theirs, "\(length) bytes")
        }
    }
}
