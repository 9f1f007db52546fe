@testable import SeeMoreBench
import CSupport
import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// The golden decoder (`seemore_png_decode_rgba`: libpng under limits): every PNG SeeMore or another
/// encoder writes decodes to its pixels; every broken or hostile file is an error, never a crash, a
/// double free or an allocation it did not need.
@Suite struct PNGDecoderTests {
    /// Decodes with the C decoder directly: the status, the message and the pixels (nil on failure).
    static func decode(_ png: [UInt8], maximumPixels: UInt64 = 1 << 30) -> (status: Int32, message: String, pixels: [UInt8]?) {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer {
            seemore_png_decode_rgba($0.baseAddress, $0.count, maximumPixels, &pixels, 0, &width, &height, &error, error.count)
        }
        let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0, let pixels else { return (status, message, nil) }
        defer { seemore_png_free(pixels) }
        return (status, message, Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    /// `png` rebuilt chunk by chunk, each chunk's type and data as `change` returns them (nil drops it).
    static func rebuilt(_ png: [UInt8], _ change: (String, [UInt8]) -> [(String, [UInt8])]) -> [UInt8] {
        var bytes = PNGBomb.signature
        for chunk in PNGCodecTests.chunks(png) {
            for (type, data) in change(chunk.type, chunk.data) { bytes += PNGBomb.chunk(type, data) }
        }
        return bytes
    }

    /// A buffer the caller hands over is written only when it holds the image exactly; one of another
    /// size is refused, and stays the caller's.
    @Test func callersBuffer_ofAnotherSize_isRefused() throws {
        let png = try PNGCodec.encode(
            try #require(RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))), scale: 1)
        for capacity in [23, 24, 25] {
            var buffer = [UInt8](repeating: 0, count: 32)
            var width: UInt32 = 0
            var height: UInt32 = 0
            var error = [CChar](repeating: 0, count: 256)
            let status = buffer.withUnsafeMutableBufferPointer { out in
                var pointer = out.baseAddress
                return png.withUnsafeBufferPointer {
                    seemore_png_decode_rgba(
                        $0.baseAddress, $0.count, 1 << 30, &pointer, capacity, &width, &height, &error, error.count)
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

    /// The repository's golden PNGs (golden-images/), by path in that folder.
    static func repositoryGoldens() throws -> [(file: String, png: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../../golden-images"
        ).standardized.path
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".png")
        }
        return try files.map { ($0, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))) }
    }

    /// Every golden of the repository decodes to its header's size, and its pixels written again as a
    /// golden decode to the same pixels.
    @Test func everyGoldenOfTheRepository_decodes() throws {
        let goldens = try Self.repositoryGoldens()
        #expect(goldens.count >= 500)
        for (file, png) in goldens {
            let image = try PNGCodec.decode(png)
            let header = try #require(PNGCodec.header(png))
            #expect(image.width == header.width && image.height == header.height, "\(file)")
            #expect(try PNGCodec.decode(try PNGCodec.encode(image, scale: 1, settings: .goldens)) == image, "\(file)")
        }
    }

    /// Palettes of every bit depth with translucent entries, RGB, RGBA with translucent pixels, and rows
    /// written with each of the five filters (other encoders use them), interlaced or not.
    @Test(arguments: [1, 2, 3, 5, 16, 17, 256, 257, 600])
    func everyColorTypeAndFilter_decodesToItsPixels(colors: Int) throws {
        let image = PNGCodecTests.image(colors: colors)
        for setting: PNGCodec.Settings in [.goldens, .cards, .libpngDefault] {
            let png = try PNGCodec.encode(image, scale: 1, settings: setting)
            #expect(try PNGCodec.decode(png) == image, "\(setting)")
        }
        for filter in Int32(0)...5 {
            let png = try PNGBench.libdeflate(image, level: 6, filter: filter)
            #expect(try PNGCodec.decode(png) == image, "libdeflate, filter \(filter)")
        }
        let opaque = RGBAImage(width: 9, height: 4, pixels: (0..<36).flatMap { [UInt8($0), UInt8(255 - $0), 7, 255] })!
        let rgb = try PNGCodec.encode(opaque, scale: 1, settings: .cards)
        #expect(PNGCodecTests.chunks(rgb)[0].data[9] == 2, "RGB")
        #expect(try PNGCodec.decode(rgb) == opaque)
    }

    /// The 81-byte PNG that made the hand-written decoder free a buffer twice (three zero-length IDAT
    /// chunks), with two to six of them, and empty IDATs among real ones.
    @Test(arguments: [1, 2, 3, 4, 6])
    func zeroLengthIDATs_areAnErrorOrTheImage(count: Int) throws {
        let header = PNGBomb.be(10) + PNGBomb.be(10) + [8, 6, 0, 0, 0]
        var png = PNGBomb.signature + PNGBomb.chunk("IHDR", header)
        for _ in 0..<count { png += PNGBomb.chunk("IDAT", []) }
        png += PNGBomb.chunk("IEND", [])
        if count == 3 { #expect(png.count == 81) }
        let decoded = Self.decode(png)
        #expect(decoded.status == -1 && decoded.pixels == nil, "\(decoded.message)")
        // Empty IDATs before, between and after the real ones: the same pixels.
        let image = PNGCodecTests.image(colors: 600)
        let real = try PNGCodec.encode(image, scale: 1, settings: .cards)
        let padded = Self.rebuilt(real) { type, data in
            type == "IDAT" ? [("IDAT", []), ("IDAT", []), (type, data), ("IDAT", []), ("IDAT", [])] : [(type, data)]
        }
        #expect(try PNGCodec.decode(padded) == image)
    }

    /// The image's stream split into IDAT chunks of one to seven bytes decodes as one chunk does.
    @Test(arguments: [1, 2, 7])
    func splitIDATs_decodeToTheSamePixels(size: Int) throws {
        let image = PNGCodecTests.image(colors: 17)
        let png = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        let stream = PNGCodecTests.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let split = Self.rebuilt(png) { type, data in
            guard type == "IDAT" else { return [(type, data)] }
            return stride(from: 0, to: stream.count, by: size).map { ("IDAT", Array(stream[$0..<min($0 + size, stream.count)])) }
        }
        #expect(try PNGCodec.decode(split) == image)
    }

    /// A chunk whose length runs past the end of the file, for every kind of chunk and declared length
    /// up to 2³¹ − 1: an error, with nothing allocated for it (a tEXt chunk declaring 2 GB made libpng
    /// allocate 2 GB before it found the file ended).
    @Test(arguments: ["IHDR", "PLTE", "IDAT", "tEXt", "zTXt", "iTXt", "iCCP", "sPLT", "eXIf", "abCd"])
    func chunkLengthPastTheFile_isAnError(type: String) throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 5), scale: 1, settings: .goldens)
        let chunks = PNGCodecTests.chunks(png)
        for length in [100, 1 << 20, 0x7FFF_FFFF] {
            // The chunks a real file has before one of this type: none before IHDR, all before PLTE or
            // IDAT, IHDR before any other.
            let before = ["IHDR", "PLTE", "IDAT"].contains(type) ? Array(chunks.prefix { $0.type != type }) : [chunks[0]]
            var bytes = PNGBomb.signature
            for chunk in before { bytes += PNGBomb.chunk(chunk.type, chunk.data) }
            bytes += PNGBomb.be(length) + Array(type.utf8) + [UInt8](repeating: 0x61, count: 40)
            let decoded = Self.decode(bytes)
            #expect(decoded.status == -1, "\(type) of \(length) bytes")
        }
    }

    /// A zTXt chunk that inflates to 64 MB, an iTXt to 16 MB and an iCCP profile to 32 MB are
    /// skipped: the image decodes, and nothing is decompressed from them.
    @Test func compressedTextAndProfileBombs_areSkipped() throws {
        let image = PNGCodecTests.image(colors: 5)
        let png = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        let text = Array("Comment".utf8) + [0, 0] + PNGBomb.zlibZeros(64 << 20)
        let profile = Array("icc".utf8) + [0, 0] + PNGBomb.zlibZeros(32 << 20)
        let bombed = Self.rebuilt(png) { type, data in
            type == "IHDR"
                ? [(type, data), ("zTXt", text), ("iTXt", Array("T".utf8) + [0, 1, 0, 0, 0] + PNGBomb.zlibZeros(1 << 24))]
                : type == "sRGB" ? [("iCCP", profile)] : [(type, data)]
        }
        #expect(bombed.count < 1_000_000)
        // Memory is measured where a process of its own decodes such goldens (UntrustedGoldenTests).
        #expect(try PNGCodec.decode(bombed) == image)
    }

    /// Any byte changed in a golden (a bad CRC, a length past the end, a broken stream, a palette index
    /// past the palette) and any truncation: an error, or an image of the size its header declares.
    @Test func changedAndTruncatedBytes_areAnErrorOrAnImage() throws {
        let image = PNGCodecTests.image(colors: 5)
        let png = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        var seed: UInt64 = 11
        func check(_ bytes: [UInt8], _ label: String) {
            let decoded = Self.decode(bytes)
            if decoded.status == 0, let header = PNGCodec.header(bytes) {
                #expect(decoded.pixels?.count == header.width * header.height * 4, "\(label)")
            } else {
                #expect(decoded.status == -1 && !decoded.message.isEmpty, "\(label)")
            }
        }
        for _ in 0..<400 {
            var changed = png
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let index = Int(seed >> 33) % changed.count
            changed[index] ^= UInt8(truncatingIfNeeded: seed >> 13) | 1
            check(changed, "byte \(index)")
        }
        for length in [0, 8, 20, 33, 40, png.count - 12, png.count - 1] {
            check(Array(png.prefix(length)), "the first \(length) bytes")
        }
    }

    /// A PNG declaring a gamma other than sRGB's has it applied (libpng converts to sRGB).
    @Test func gamma_isApplied() throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 600), scale: 1, settings: .goldens)
        // The sRGB chunk (which would win over gAMA) replaced by gAMA 1.0: linear, not sRGB.
        let withGamma = Self.rebuilt(png) { type, data in type == "sRGB" ? [("gAMA", [0, 1, 0x86, 0xA0])] : [(type, data)] }
        #expect(PNGCodecTests.chunks(withGamma).map(\.type).contains("gAMA"))
        #expect(try PNGCodec.decode(withGamma) != (try PNGCodec.decode(png)), "libpng applied the gamma")
    }

    @Test func tooManyPixels_isRefusedBeforeDecompressing() throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 3), scale: 1, settings: .goldens)
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode(png, maximumPixels: 100) }
        // A side past Cairo's 32767 pixels is refused by libpng's own limit, whatever the budget.
        let wide = PNGBomb.headerOnly(width: 40_000, height: 1)
        #expect(Self.decode(wide, maximumPixels: 1 << 40).status == -1)
    }
}
