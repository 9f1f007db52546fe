import Glibc

/// What a font file is, from its first twelve bytes, read before fontconfig opens it: a single
/// TrueType or OpenType font, a collection of `faces` fonts, or something fontconfig would take and
/// draw as boxes (a WOFF web font renamed `.ttf`) or not at all. A collection's face count is read
/// here so that a file of thousands of faces (each one fontconfig loads, seconds and megabytes each
/// hundred) is refused by name before any is loaded.
package enum FontFileHeader: Equatable {
    case font
    case collection(faces: Int)
    case webFont(String)
    case unknown

    /// Reads the header of `bytes`, the file's first bytes (any count).
    package init(_ bytes: [UInt8]) {
        guard bytes.count >= 4 else {
            self = .unknown
            return
        }
        let tag = String(decoding: bytes[0..<4], as: UTF8.self)
        switch tag {
        case "\u{0}\u{1}\u{0}\u{0}", "OTTO", "true": self = .font
        case "wOFF": self = .webFont("WOFF")
        case "wOF2": self = .webFont("WOFF2")
        case "ttcf":
            guard bytes.count >= 12 else {
                self = .unknown
                return
            }
            self = .collection(faces: bytes[8..<12].reduce(0) { $0 << 8 | Int($1) })
        default: self = .unknown
        }
    }

    /// Reads the header of the file at `path`; nil when it cannot be read.
    package static func read(_ path: String) -> FontFileHeader? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 12) }
        guard count >= 0 else { return nil }
        return FontFileHeader(Array(bytes.prefix(count)))
    }
}
