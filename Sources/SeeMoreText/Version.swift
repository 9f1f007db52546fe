import SeeMoreSupport

/// SeeMore's version and the text stack it draws with.
package enum Version {
    package static let seemore = "0.4.0"

    /// `seemore 0.4.0 (Pango 1.50.12, Cairo 1.16.0, HarfBuzz 6.0.0, FreeType 2.12.1)`.
    package static var line: String {
        let libraries = Dictionary(LibraryVersions.all.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        let stack = [("Pango", "pango"), ("Cairo", "cairo"), ("HarfBuzz", "harfbuzz"), ("FreeType", "freetype")]
            .map { "\($0.0) \(libraries[$0.1] ?? "?")" }.joined(separator: ", ")
        return "seemore \(seemore) (\(stack))"
    }

    /// The same as a JSON object, for `--json` outputs and the report.
    package static var json: JSONValue {
        .object([("seemore", .string(seemore))] + LibraryVersions.all.map { ($0.name, .string($0.version)) })
    }
}
