import CSupport

/// PNG encoding and decoding with libpng, settings chosen by measurement (`make bench ARGS=png`,
/// `docs/performance.md`).
///
/// Cards are flat color with anti-aliased text, where PNG's row filters only add noise for zlib to
/// chew on: cards are written unfiltered, at a low zlib level where speed matters (a card served or
/// rendered) and a higher one, with a palette, where size does (committed goldens).
package enum PNGCodec {
    /// Compression settings for `encode`.
    package struct Settings: Sendable, Equatable {
        package var level: Int32
        package var strategy: Int32
        package var filters: Int32
        /// Write an image of at most 256 colors as a palette (the same pixels, fewer bytes).
        package var palette = false

        package init(level: Int32, strategy: Int32, filters: Int32) {
            self.level = level
            self.strategy = strategy
            self.filters = filters
        }

        /// Committed goldens: small, and fast enough to record thousands: zlib level 7, a card of at
        /// most 256 colors as a palette, no row filter (`make bench ARGS=golden-encoders` compares it
        /// with the other levels, libdeflate and the filters).
        package static let goldens: Settings = {
            var settings = Settings(level: 7, strategy: seemore_zlib_strategy_default(), filters: seemore_png_filter_none())
            settings.palette = true
            return settings
        }()
        /// What SeeMore writes.
        package static let cards = Settings(
            level: 3, strategy: seemore_zlib_strategy_default(), filters: seemore_png_filter_none())
        /// libpng's defaults, as `cairo_surface_write_to_png` uses them.
        package static let libpngDefault = Settings(
            level: 6, strategy: seemore_zlib_strategy_filtered(), filters: seemore_png_filter_all())
    }

    /// An error from libpng, with its message.
    package struct CodecError: Error, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Encodes an image as PNG bytes carrying sRGB and a pHYs of 72 × `scale` dpi.
    package static func encode(_ image: RGBAImage, scale: Double, settings: Settings = .cards) throws -> [UInt8] {
        let pixelsPerMeter = UInt32((72 * scale / 0.0254).rounded())
        var options = seemore_png_options(
            level: settings.level, strategy: settings.strategy, filters: settings.filters,
            pixels_per_meter: pixelsPerMeter, palette: settings.palette ? 1 : 0)
        var error = [CChar](repeating: 0, count: 256)
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            seemore_png_encode_rgba(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), &options, &data, &size, &error, error.count)
        }
        guard status == 0, let data else {
            throw CodecError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { seemore_png_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The most pixels `decode` accepts by default: a card of 32767 × 2048 (the 32767-pixel side Cairo
    /// allows, at a width no card reaches), 256 MB decoded.
    package static let maximumPixels = 32767 * 2048

    /// The width and height a PNG's header declares, read without decompressing anything; nil when the
    /// bytes do not start with a PNG signature and an IHDR chunk.
    package static func header(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func number(_ offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return (number(16), number(20))
    }

    /// Decodes PNG bytes into straight RGBA, with libpng under limits for bytes from strangers
    /// (`seemore_png_decode_rgba`): a broken, truncated or hostile file is an error, never a crash or
    /// an allocation past the pixels it is allowed.
    /// - Parameter maximumPixels: an image declaring more is refused before it is decompressed.
    /// - Throws: `CodecError` with libpng's reason when the bytes are not a readable PNG.
    package static func decode(_ bytes: [UInt8], maximumPixels: Int = PNGCodec.maximumPixels) throws -> RGBAImage {
        var error = [CChar](repeating: 0, count: 256)
        func failure() -> CodecError {
            CodecError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        // Decoded straight into the image's array when the header says how large it is: no copy of
        // the pixels.
        if let header = Self.header(bytes), header.width > 0, header.height > 0,
            case let (area, overflow) = header.width.multipliedReportingOverflow(by: header.height), !overflow,
            area <= maximumPixels, area <= Int.max / 4
        {
            let count = area * 4
            var status: Int32 = -1
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var out = buffer.baseAddress
                status = bytes.withUnsafeBufferPointer {
                    seemore_png_decode_rgba(
                        $0.baseAddress, $0.count, UInt64(maximumPixels), &out, count, &width, &height, &error, error.count)
                }
                initialized = status == 0 ? count : 0
            }
            guard status == 0 else { throw failure() }
            guard let image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels) else {
                throw CodecError(
                    message: "the decoder returned \(width)×\(height) pixels for a \(header.width)×\(header.height) header")
            }
            return image
        }
        // Any other bytes: the decoder explains what is wrong with them (or allocates what they need).
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        let status = bytes.withUnsafeBufferPointer {
            seemore_png_decode_rgba(
                $0.baseAddress, $0.count, UInt64(max(0, maximumPixels)), &pixels, 0, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else { throw failure() }
        defer { seemore_png_free(pixels) }
        let count = Int(width) * Int(height) * 4
        guard
            let image = RGBAImage(
                width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        else {
            throw CodecError(message: "libpng returned a buffer that does not match \(width)×\(height)")
        }
        return image
    }

    /// The libpng and zlib versions linked in.
    package static var versions: (libpng: String, zlib: String) {
        (String(cString: seemore_libpng_version()), String(cString: seemore_zlib_version()))
    }
}
