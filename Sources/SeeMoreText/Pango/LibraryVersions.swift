import CPangoCairo
import SeeMoreImage

/// The versions of the text stack in use, for the golden-image environment fingerprint.
package enum LibraryVersions {
    package static var all: [(name: String, version: String)] {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        seemore_freetype_version(&major, &minor, &patch)
        let fontconfig = Int(FcGetVersion())
        return [
            ("pango", String(cString: pango_version_string())),
            ("cairo", String(cString: cairo_version_string())),
            ("harfbuzz", String(cString: hb_version_string())),
            ("freetype", "\(major).\(minor).\(patch)"),
            ("fontconfig", "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)"),
            ("libpng", PNGCodec.versions.libpng),
            ("zlib", PNGCodec.versions.zlib),
        ]
    }
}
