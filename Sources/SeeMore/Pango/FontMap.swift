import CPangoCairo
import Foundation

/// An owned Pango font map backed by Cairo and fontconfig.
///
/// Pango font maps are not thread-safe: each thread that lays out text uses its own.
final class FontMap {
    let pointer: UnsafeMutablePointer<PangoFontMap>

    /// fontconfig's first initialisation is not safe to race; serialise font map creation.
    private static let creationLock = NSLock()

    init() throws {
        Self.creationLock.lock()
        defer { Self.creationLock.unlock() }
        guard let map = pango_cairo_font_map_new() else {
            throw PangoError.creationFailed("a Pango font map")
        }
        pointer = map
    }

    deinit {
        TextStack.serialized { g_object_unref(pointer) }
    }
}
