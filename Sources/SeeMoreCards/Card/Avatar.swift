import SeeMoreSupport
import SeeMoreImage

/// A picture of the author beside or above a card's header: a PNG from the repository, or the
/// initials of the display name on the theme's avatar color.
package struct Avatar: Sendable, Equatable {
    package enum Shape: String, CaseIterable, Codable, Sendable {
        case circle
        /// A square with rounded corners (`cornerRadius`).
        case rounded

        package init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
    }

    package enum Placement: String, CaseIterable, Codable, Sendable {
        /// At the leading edge beside the header; the header and the text are indented past it.
        case beside
        /// On its own row above the header.
        case above

        package init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
    }

    /// Width and height in points.
    package var size: Double = 40
    package var shape = Shape.circle
    package var cornerRadius: Double = 8
    package var placement = Placement.beside
    /// Space between the avatar and the header (beside) or below it (above), in points.
    package var spacing: Double = 12
    /// The picture; nil draws initials.
    package var image: RGBAImage? = nil
    /// `image` as written in the template, resolved by `TemplateLoader` against the template's folder.
    var imageEntry: String? = nil

    /// The largest avatar file read, and the most pixels decoded: far past any avatar, far below
    /// what a stranger's file could make SeeMore hold.
    package static let maximumFileBytes = 4 << 20
    package static let maximumPixels = 2048 * 2048

    /// Reads and decodes the PNG at `path`, which must lie inside `root` (path policy).
    /// - Throws: `AvatarError` naming the problem.
    package static func loadImage(_ path: String, root: String) throws -> RGBAImage {
        switch PathPolicy.read(path, root: root, limit: maximumFileBytes) {
        case .bytes(let bytes):
            do {
                return try PNGCodec.decode(bytes, maximumPixels: maximumPixels)
            } catch {
                throw AvatarError(path: path, reason: "is not a PNG picture SeeMore can read (\(error))")
            }
        case .missing: throw AvatarError(path: path, reason: "does not exist")
        case .tooLarge(let size):
            throw AvatarError(path: path, reason: "has \(size) bytes; an avatar may have \(maximumFileBytes)")
        case .outsideRoot: throw AvatarError(path: path, reason: "is outside \(root)")
        case .symbolicLink: throw AvatarError(path: path, reason: "is a symbolic link; SeeMore follows none")
        case .notRegularFile: throw AvatarError(path: path, reason: "is not a regular file")
        }
    }

    /// Up to two initials of `name`: the first letter of its first and last words ("Anna Kim" → "AK",
    /// "SeeMore" → "S", "김민수" → "김"), upper-cased.
    package static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" || $0 == "." })
            .filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        guard let first = words.first?.first else { return "" }
        var result = String(first).uppercased()
        if words.count > 1, let last = words.last?.first { result += String(last).uppercased() }
        return result
    }
}

/// An avatar picture that cannot be used.
package struct AvatarError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "avatar \(path) \(reason)" }
}
