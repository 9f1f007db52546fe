import CPangoCairo
import FoundationEssentials
import SeeMoreSupport

/// An owned Pango font map backed by Cairo and fontconfig.
///
/// Pango font maps are not thread-safe: each thread that lays out text uses its own.
final class FontMap {
    let pointer: UnsafeMutablePointer<PangoFontMap>
    /// The fonts it draws with: the machine's, or a design's own files (`configuration`).
    let fonts: FontFiles
    private let configuration: FontConfiguration?

    /// fontconfig's first initialisation is not safe to race; serialise font map creation.
    private static let creationLock = Lock()
    /// Whether the font map's own resolution is 72 dpi yet (see `pinResolution`).
    private var resolutionPinned = false

    /// - Throws: `FontFilesError` for a file that holds no font; `PangoError` when Pango fails.
    init(fonts: FontFiles = .system) throws {
        Self.creationLock.lock()
        defer { Self.creationLock.unlock() }
        let configuration = try FontConfiguration.forFontMap(fonts)
        guard let map = pango_cairo_font_map_new() else {
            throw PangoError.creationFailed("a Pango font map")
        }
        if let configuration, seemore_font_map_set_config(map, configuration.pointer) == 0 {
            g_object_unref(map)
            throw PangoError.creationFailed("a fontconfig font map for the font files")
        }
        pointer = map
        self.fonts = fonts
        self.configuration = configuration
    }

    /// Gives the font map itself the layouts' resolution, 72 dpi, before it loads its first font; every
    /// text context sets 72 dpi on its own, but Pango measures each font of a laid-out line with a
    /// sample text in a context of the font map's own (`pango_font_get_metrics`), at the font map's
    /// resolution: at Pango's 96 dpi that sample is another font size, and costs a fontconfig
    /// substitution, match and sort of its own per font. Not in `init`: setting it clears the font
    /// map's caches, which waits for fontconfig's initialisation (started by `init` on a thread of
    /// Pango's) and lists every font family — done at the first text instead, the program meanwhile
    /// reads its template while fontconfig initialises.
    func pinResolution() {
        guard !resolutionPinned else { return }
        resolutionPinned = true
        pango_cairo_font_map_set_resolution(OpaquePointer(pointer), 72)
    }

    deinit {
        TextStack.serialized { g_object_unref(pointer) }
    }
}
