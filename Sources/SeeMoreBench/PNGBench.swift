import CBench
import CPangoCairo
import CSupport
import FoundationEssentials
import Glibc
import SeeMoreImage
import SeeMoreText

/// The encoders `seemore-bench` (and the codec tests) compare SeeMore's PNG writer with, on the same
/// pictures: Cairo's own writer and libdeflate. A module of the bench and the tests only: no product
/// links it.
package enum PNGBench {
    /// An opaque handle on a Cairo surface decoded from a PNG.
    package final class Surface {
        let surface: ImageSurface
        init(_ surface: ImageSurface) { self.surface = surface }
    }

    package static func surface(from png: [UInt8]) throws -> Surface {
        Surface(try ImageSurface(image: try PNGCodec.decode(png)))
    }

    package static func encode(_ surface: Surface, settings: PNGCodec.Settings) throws -> [UInt8] {
        try PNGCodec.encode(RGBAImage(surface.surface), scale: 1, settings: settings)
    }

    /// The pixels libpng alone reads from `png` (what `PNGCodec.decode` reads the PNGs SeeMore wrote
    /// without), or 0 when it cannot.
    package static func libpngPixelCount(_ png: [UInt8]) -> Int {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer {
            seemore_png_decode_rgba_libpng($0.baseAddress, $0.count, 1 << 30, &pixels, 0, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else { return 0 }
        seemore_png_free(pixels)
        return Int(width) * Int(height)
    }

    /// Cairo's own `cairo_surface_write_to_png`, through a temporary file.
    package static func cairoPNG(_ surface: Surface) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-bench-\(getpid()).png").path
        defer { unlink(path) }
        let status = cairo_surface_write_to_png(surface.surface.pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// libdeflate's encoder failed, with its message.
    package struct EncodeError: Error {
        package var message: String
    }

    /// The same PNG as `PNGCodec.encode` writes (8-bit sRGB, pHYs of 72 × `scale` dpi), its rows
    /// filtered by `filter` (0 none … 4 Paeth, 5 the best per row) and compressed by libdeflate at
    /// `level` (1–12) instead of zlib.
    package static func libdeflate(_ image: RGBAImage, level: Int32, filter: Int32 = 0, scale: Double = 1) throws -> [UInt8] {
        var error = [CChar](repeating: 0, count: 256)
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            seemore_png_encode_deflate(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), level, filter,
                UInt32((72 * scale / 0.0254).rounded()), &data, &size, &error, error.count)
        }
        guard status == 0, let data else {
            throw EncodeError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { seemore_bench_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
