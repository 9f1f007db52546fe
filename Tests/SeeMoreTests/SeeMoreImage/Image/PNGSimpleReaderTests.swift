@testable import SeeMoreBench
import CSupport
@testable import SeeMoreImage
import Testing

/// The simple reader (`seemore_png_decode_simple`: the PNGs SeeMore writes, inflated by libdeflate)
/// reads every golden SeeMore writes to libpng's pixels, and declines what it is not sure of, which
/// libpng then reads: whatever it reads, libpng reads alike (Tests/Fuzz/png_decode.c compares the two
/// on fuzzed files too).
@Suite struct PNGSimpleReaderTests {
    /// The pixels the simple reader or libpng alone reads from `png`, or nil.
    static func read(_ png: [UInt8], simple: Bool) -> [UInt8]? {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer {
            simple
                ? seemore_png_decode_simple($0.baseAddress, $0.count, 1 << 30, &pixels, 0, &width, &height)
                : seemore_png_decode_rgba_libpng(
                    $0.baseAddress, $0.count, 1 << 30, &pixels, 0, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else { return nil }
        defer { seemore_png_free(pixels) }
        return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
    }

    /// The simple reader reads `png` to libpng's pixels.
    static func isReadAsLibpngReadsIt(_ png: [UInt8]) -> Bool {
        guard let simple = read(png, simple: true) else { return false }
        return simple == read(png, simple: false)
    }

    /// The simple reader declines `png`, or reads it to libpng's pixels.
    static func isDeclinedOrReadAlike(_ png: [UInt8]) -> Bool {
        guard let simple = read(png, simple: true) else { return true }
        return simple == read(png, simple: false)
    }

    /// `png` with the CRC of every chunk that lies whole in it computed anew.
    static func withRightCRCs(_ png: [UInt8]) -> [UInt8] {
        var bytes = png
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = PNGBomb.be(Int(PNGBomb.crc32(Array(bytes[(offset + 4)..<(offset + 8 + length)]))))
            bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: crc)
            offset += 12 + length
        }
        return bytes
    }

    @Test func everyGoldenOfTheRepository_isReadAsLibpngReadsIt() throws {
        let goldens = try PNGDecoderTests.repositoryGoldens()
        #expect(goldens.count >= 500)
        for (file, png) in goldens { #expect(Self.isReadAsLibpngReadsIt(png), "\(file)") }
    }

    /// Palettes of every bit depth with translucent entries, RGB and RGBA as SeeMore writes them are
    /// read; rows of every filter as libdeflate's writer puts them are read or declined, never read
    /// otherwise.
    @Test(arguments: [1, 2, 3, 5, 16, 17, 256, 257, 600])
    func everyKindSeeMoreWrites_isRead(colors: Int) throws {
        let image = PNGCodecTests.image(colors: colors)
        for setting: PNGCodec.Settings in [.goldens, .cards] {
            let png = try PNGCodec.encode(image, scale: 1, settings: setting)
            #expect(Self.isReadAsLibpngReadsIt(png), "\(setting)")
            #expect(Self.read(png, simple: true).flatMap { RGBAImage(width: 37, height: 23, pixels: $0) } == image)
        }
        #expect(Self.isDeclinedOrReadAlike(try PNGCodec.encode(image, scale: 1, settings: .libpngDefault)))
        for filter in Int32(0)...5 {
            let png = try PNGBench.libdeflate(image, level: 6, filter: filter)
            #expect(Self.isReadAsLibpngReadsIt(png), "libdeflate, filter \(filter)")
        }
    }

    /// What it is not sure of, it declines, and libpng reads: a gamma, a chunk it does not know, a bad
    /// CRC, bytes after IEND, a palette index past the palette, an IDAT split by another chunk.
    @Test func filesInDoubt_areDeclined() throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: 5), scale: 1, settings: .goldens)
        #expect(Self.isReadAsLibpngReadsIt(png))
        let rebuilt = PNGDecoderTests.rebuilt
        let doubtful: [(String, [UInt8])] = [
            ("gamma", rebuilt(png) { type, data in type == "sRGB" ? [("gAMA", [0, 1, 0x86, 0xA0])] : [(type, data)] }),
            (
                "unknown chunk",
                rebuilt(png) { type, data in type == "pHYs" ? [(type, data), ("abCd", [1, 2])] : [(type, data)] }
            ),
            ("bytes after IEND", png + [0]),
            (
                "short palette",
                rebuilt(png) { type, data in type == "PLTE" ? [(type, Array(data.prefix(9)))] : [(type, data)] }
            ),
            (
                "IDAT split by a chunk",
                rebuilt(png) { type, data in
                    type == "IDAT"
                        ? [(type, Array(data.prefix(5))), ("pHYs", []), (type, Array(data.dropFirst(5)))] : [(type, data)]
                }
            ),
        ]
        var badCRC = png
        badCRC[PNGCodecTests.chunks(png).prefix(2).reduce(8) { $0 + 12 + $1.data.count } - 1] ^= 1
        for (label, bytes) in doubtful + [("bad CRC", badCRC)] {
            #expect(Self.read(bytes, simple: true) == nil, "\(label)")
        }
        #expect(Self.read(doubtful[0].1, simple: false) != nil, "libpng reads a gamma")
        #expect(Self.read(doubtful[1].1, simple: false) != nil, "libpng skips an unknown chunk")
    }

    /// Any byte of a golden changed, with every chunk's CRC made right (so that the change reaches the
    /// header, palette and stream): declined, or read to libpng's pixels.
    @Test(arguments: [5, 600])
    func changedBytes_areDeclinedOrReadAlike(colors: Int) throws {
        let png = try PNGCodec.encode(PNGCodecTests.image(colors: colors), scale: 1, settings: .goldens)
        var seed = UInt64(colors)
        var read = 0
        for _ in 0..<600 {
            var changed = png
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let index = 8 + Int(seed >> 33) % (changed.count - 8)
            changed[index] ^= UInt8(truncatingIfNeeded: seed >> 13) | 1
            let fixed = Self.withRightCRCs(changed)
            #expect(Self.isDeclinedOrReadAlike(fixed), "byte \(index)")
            if Self.read(fixed, simple: true) != nil { read += 1 }
        }
        // Some changes leave a file it reads (a color in the palette, a pHYs density).
        #expect(read > 0)
    }
}
