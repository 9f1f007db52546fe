import CPangoCairo
import FoundationEssentials
import Glibc
import SeeMoreImage

/// Hooks for `seemore-bench` (and the codec tests) to compare PNG encoders on the same pictures;
/// not library API.
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

    /// Cairo's own `cairo_surface_write_to_png`, through a temporary file.
    package static func cairoPNG(_ surface: Surface) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-bench-\(getpid()).png").path
        defer { unlink(path) }
        let status = cairo_surface_write_to_png(surface.surface.pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
