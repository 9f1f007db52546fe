import CSupport
import Foundation
import Testing

@testable import SeeMore

/// The decoder of plain PNGs (`seemore_png_decode_plain`, on libdeflate) that reads SeeMore's own files
/// before libpng: it must give libpng's pixels for every file it takes, and leave every other to libpng.
@Suite struct PlainPNGDecoderTests {
    /// Whether the plain decoder takes `png` itself (rather than leaving it to libpng).
    static func takes(_ png: [UInt8]) -> Bool {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer {
            seemore_png_decode_plain($0.baseAddress, $0.count, 1 << 30, &pixels, 0, &width, &height, &error, error.count)
        }
        if let pixels { seemore_png_free(pixels) }
        return status == 0
    }

    /// Both decoders' answers: the same pixels, or both an error.
    static func agree(_ png: [UInt8]) -> Bool {
        let fast = try? PNGCodec.decode(png)
        let libpng = try? PNGCodec.decode(png, libpngOnly: true)
        return fast == libpng
    }

    /// A buffer the caller hands over is written only when it holds the image exactly; one of another
    /// size is refused by both decoders, and stays the caller's.
    @Test func callersBuffer_ofAnotherSize_isRefused() throws {
        let png = try PNGCodec.encode(
            try #require(RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))), scale: 1)
        for decoder in [seemore_png_decode_plain, seemore_png_decode_rgba_libpng] {
            for capacity in [23, 24, 25] {
                var buffer = [UInt8](repeating: 0, count: 32)
                var width: UInt32 = 0
                var height: UInt32 = 0
                var error = [CChar](repeating: 0, count: 256)
                let status = buffer.withUnsafeMutableBufferPointer { out in
                    var pointer = out.baseAddress
                    return png.withUnsafeBufferPointer {
                        decoder($0.baseAddress, $0.count, 1 << 30, &pointer, capacity, &width, &height, &error, error.count)
                    }
                }
                let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if capacity == 24 {
                    #expect(status == 0)
                    #expect(buffer.prefix(24).allSatisfy { $0 == 200 } && buffer.dropFirst(24).allSatisfy { $0 == 0 })
                } else {
                    #expect(status == -1)
                    #expect(message.contains("3x2 pixels"), "\(message)")
                    #expect(buffer.allSatisfy { $0 == 0 })
                }
            }
        }
    }

    @Test func everyGoldenOfTheRepository_isTakenAndDecodedAsLibpngDoes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../golden-images"
        ).standardized.path
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".png")
        }
        #expect(files.count >= 500)
        for file in files {
            let png = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            #expect(Self.takes(png), "\(file)")
            #expect(try PNGCodec.decode(png) == (try PNGCodec.decode(png, libpngOnly: true)), "\(file)")
        }
    }

    /// Palettes of every bit depth with translucent entries, RGB, RGBA with translucent pixels, and rows
    /// written with each of the five filters (other encoders use them).
    @Test(arguments: [1, 2, 3, 5, 16, 17, 256, 257, 600])
    func everyColorTypeAndFilter_decodesAsLibpngDoes(colors: Int) throws {
        let image = PNGCodecTests.image(colors: colors)
        var settings: [PNGCodec.Settings] = [.goldens, .cards, .libpngDefault]
        for filter in Int32(0)...5 { settings.append(.libdeflate(level: 6, filter: filter)) }
        for setting in settings {
            let png = try PNGCodec.encode(image, scale: 1, settings: setting)
            #expect(Self.takes(png), "\(setting)")
            #expect(try PNGCodec.decode(png) == image, "\(setting)")
            #expect(try PNGCodec.decode(png, libpngOnly: true) == image, "\(setting)")
        }
        let opaque = RGBAImage(width: 9, height: 4, pixels: (0..<36).flatMap { [UInt8($0), UInt8(255 - $0), 7, 255] })!
        let rgb = try PNGCodec.encode(opaque, scale: 1, settings: .cards)
        #expect(PNGCodecTests.chunks(rgb)[0].data[9] == 2, "RGB")
        #expect(Self.takes(rgb))
        #expect(try PNGCodec.decode(rgb) == opaque)
    }

    /// Any byte changed in a golden (a bad CRC, a length past the end, a broken stream, a palette index
    /// past the palette) is either refused by both or decoded alike: the plain decoder leaves it to libpng.
    @Test func changedBytes_areLeftToLibpng() throws {
        let image = PNGCodecTests.image(colors: 5)
        let png = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        var seed: UInt64 = 11
        for _ in 0..<400 {
            var changed = png
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let index = Int(seed >> 33) % changed.count
            changed[index] ^= UInt8(truncatingIfNeeded: seed >> 13) | 1
            #expect(Self.agree(changed), "byte \(index)")
        }
        for length in [0, 8, 20, 33, 40, png.count - 12, png.count - 1] {
            #expect(Self.agree(Array(png.prefix(length))), "the first \(length) bytes")
        }
    }

    /// A PNG with a chunk that may change pixels (gamma) is left to libpng, which applies it.
    @Test func gammaAndOtherChunks_areLeftToLibpng() throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 600), scale: 1, settings: .goldens)
        // The sRGB chunk (which would win over gAMA) replaced by gAMA 1.0: linear, not sRGB.
        var rebuilt = Array(png.prefix(8))
        for chunk in PNGCodecTests.chunks(png) {
            let (type, data) = chunk.type == "sRGB" ? ("gAMA", [0, 1, 0x86, 0xA0]) : (chunk.type, chunk.data)
            let body = Array(type.utf8) + data
            let crc = Self.crc32(body)
            rebuilt += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: data.count >> $0) } + body
            rebuilt += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        let withGamma = rebuilt
        #expect(PNGCodecTests.chunks(withGamma).map(\.type).contains("gAMA"))
        #expect(!Self.takes(withGamma))
        #expect(Self.agree(withGamma))
        #expect(try PNGCodec.decode(withGamma) != (try PNGCodec.decode(png)), "libpng applied the gamma")
    }

    /// The CRC-32 of PNG chunks (ISO 3309), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func tooManyPixels_isRefusedBeforeDecompressing() throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 3), scale: 1, settings: .goldens)
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode(png, maximumPixels: 100) }
    }
}
