import FoundationEssentials
import Glibc
import SeeMoreSupport

/// The font files a design brings (a brand typeface that is not installed, a suite's own fonts), and
/// whether they are the only fonts there are (`hermetic`): then no installed font is ever drawn, a
/// character none of them has is drawn as a box (and reported), and the pictures depend on nothing
/// of the machine but the libraries' versions.
public struct FontFiles: Hashable, Sendable {
    /// Font files (TrueType, OpenType, collections), absolute, in the order they were named.
    public var files: [String]
    public var hermetic: Bool

    public init(files: [String] = [], hermetic: Bool = false) {
        self.files = files
        self.hermetic = hermetic
    }

    /// The machine's installed fonts alone, as fontconfig finds them.
    public static let system = FontFiles()

    /// Says that this program owns its process (SeeMore's executables do): no code of another's uses
    /// fontconfig in it, so the first design's files on top of the machine's fonts may become
    /// fontconfig's current configuration, and the machine's fonts are loaded once, not twice.
    /// A library's caller whose own code uses fontconfig does not call it.
    package static func programOwnsFontconfig() {
        FontConfiguration.claimProcess()
    }

    /// Whether the machine's own configuration is used unchanged.
    package var isSystem: Bool { files.isEmpty && !hermetic }

    /// These fonts and `other`'s: the files of both (these first), hermetic when either is.
    public func merged(with other: FontFiles) -> FontFiles {
        FontFiles(files: files + other.files.filter { !files.contains($0) }, hermetic: hermetic || other.hermetic)
    }

    /// Whether a renderer with these fonts draws what `other` asks for: all its files, and only them
    /// when it is hermetic (a hermetic suite draws its templates that are not hermetic as it is).
    package func covers(_ other: FontFiles) -> Bool {
        other.isSystem || (Set(other.files).isSubset(of: files) && (hermetic || !other.hermetic))
    }

    /// The most files one design may name, and the largest file (a CJK collection is about 20 MB).
    package static let maximumFiles = 256
    package static let maximumFileBytes = 128 << 20
    /// The most faces in one collection (Noto Sans CJK has 10), and in all of a design's files: each
    /// face is loaded by fontconfig, and a collection of 16 384 took 7.7 s and 119 MB.
    package static let maximumFacesPerFile = 64
    public static let maximumFaces = 1_024
    /// What a font file's name ends in.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The font files that `entries` name: files, and folders standing for the font files directly
    /// in them (by name, sorted). Relative entries are relative to `base`. With a `root` (a suite's or
    /// a template's folder, which may come from a stranger) every entry must lie inside it and no
    /// symbolic link may be followed on the way; without one (a command-line flag) any path is taken.
    /// - Throws: `FontFilesError` naming the entry: missing, not a font file, outside the root, a
    ///   link, a folder without font files, too many or too large files.
    package static func expand(_ entries: [String], relativeTo base: String, root: String? = nil) throws -> [String] {
        var files: [String] = []
        for entry in entries {
            guard !entry.utf8.contains(0) else { throw FontFilesError(entry: entry, reason: "the path contains a NUL character") }
            let path = PathPolicy.standardized(entry.hasPrefix("/") ? entry : base + "/" + entry)
            if let root {
                guard PathPolicy.relativePath(path, root: root) != nil else {
                    throw FontFilesError(entry: entry, reason: "it is outside \(root)")
                }
                if let link = PathPolicy.firstSymbolicLink(path, below: root) {
                    throw FontFilesError(entry: entry, reason: "\(link) is a symbolic link")
                }
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw FontFilesError(entry: entry, reason: "there is no such file or folder", isMissing: true)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                let fonts = names.filter { isFontName($0) && isRegularFile(path + "/" + $0) }.map { path + "/" + $0 }
                guard !fonts.isEmpty else {
                    throw FontFilesError(entry: entry, reason: "the folder holds no .ttf, .otf or .ttc file")
                }
                files += fonts
            case S_IFREG:
                guard isFontName(path) else {
                    throw FontFilesError(entry: entry, reason: "a font file's name ends in .ttf, .otf or .ttc")
                }
                files.append(path)
            default:
                throw FontFilesError(entry: entry, reason: "it is neither a file nor a folder")
            }
            guard files.count <= maximumFiles else {
                throw FontFilesError(entry: entry, reason: "more than \(maximumFiles) font files in all")
            }
        }
        for file in files {
            var info = stat()
            if stat(file, &info) == 0, Int(info.st_size) > maximumFileBytes {
                throw FontFilesError(entry: file, reason: "it is larger than \(maximumFileBytes >> 20) MB")
            }
        }
        try checkFaces(files)
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// Refuses, before fontconfig loads any, files that are no TrueType or OpenType font by their bytes
    /// (a web font renamed `.ttf`), a collection of more than `maximumFacesPerFile` faces, and more
    /// than `maximumFaces` faces in all.
    /// - Throws: `FontFilesError` naming the file.
    package static func checkFaces(_ files: [String]) throws {
        var faces = 0
        for file in files {
            faces += try facesOf(file)
            guard faces <= maximumFaces else {
                throw FontFilesError(entry: file, reason: "the font files hold more than \(maximumFaces) faces in all")
            }
        }
    }

    /// The faces fontconfig would load from `file`, known by its bytes, not its name.
    /// - Throws: `FontFilesError` for a web font, a file that is no font, or a collection of too many.
    private static func facesOf(_ file: String) throws -> Int {
        switch FontFileHeader.read(file) {
        case .font: return 1
        case .collection(let faces):
            guard (1...maximumFacesPerFile).contains(faces) else {
                throw FontFilesError(
                    entry: file, reason: "it is a font collection of \(faces) faces; at most \(maximumFacesPerFile) are loaded")
            }
            return faces
        case .webFont(let kind):
            throw FontFilesError(
                entry: file,
                reason: "it is a \(kind) web font, whatever its name: convert it to TrueType or OpenType (.ttf, .otf)")
        case .unknown, nil:
            throw FontFilesError(entry: file, reason: "its bytes are not a TrueType or OpenType font or collection")
        }
    }

    private static func isFontName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

/// A font file or folder that cannot be used, and why.
public struct FontFilesError: Error, Equatable, CustomStringConvertible {
    /// The entry as it was written (a file or folder).
    public var entry: String
    public var reason: String
    /// The entry does not exist (exit 66 on the command line; any other problem is 65).
    public var isMissing = false
    public var description: String { "font files: \(entry): \(reason)" }
}
