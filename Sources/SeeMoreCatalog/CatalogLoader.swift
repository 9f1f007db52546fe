import FoundationEssentials
import SeeMoreSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a team's string catalogs from files and folders into one `StringCatalog`, each by its
/// kind: `.xcstrings`, `LOCALE.lproj/*.strings`, `values*/*.xml`, `.arb`, `.po`, i18next `.json`.
///
/// A folder is searched (at most `CatalogLimits.maximumDepth` deep, `maximumFiles` files) for the
/// files of those kinds where they lie in an app (a `.strings` file in an `.lproj` folder, a
/// `.xml` in a `values` folder, a `.json` named or foldered by its locale); hidden folders are
/// skipped. Paths stay inside `root`; no symbolic link is followed.
public enum CatalogLoader {
    /// The catalog kinds by file name, for messages.
    package static let kinds =
        ".xcstrings, .strings (in LOCALE.lproj), strings.xml (in values-LOCALE), .arb, .po or i18next .json"

    /// Loads `paths` (files or folders, relative to `base`) in order: the first to give a key for a
    /// locale wins.
    /// - Throws: `CatalogError` naming the file (and line) that cannot be read.
    public static func load(_ paths: [String], relativeTo base: String = ".", root: String? = nil) throws(CatalogError)
        -> StringCatalog
    {
        var catalog = StringCatalog()
        for entry in paths {
            guard !entry.utf8.contains(0) else { throw CatalogError(file: entry, message: "the path contains a NUL character") }
            let path = PathPolicy.standardized(entry.hasPrefix("/") ? entry : base + "/" + entry)
            if let root {
                guard PathPolicy.isInside(path, root: root) else {
                    throw CatalogError(file: entry, message: "it is outside \(root)")
                }
                if let link = PathPolicy.firstSymbolicLink(path, below: root) {
                    throw CatalogError(file: entry, message: "\(link) is a symbolic link")
                }
            }
            var info = stat()
            guard lstat(path, &info) == 0 else { throw CatalogError(file: entry, message: "there is no such file or folder") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                var files: [String] = []
                try collect(path, depth: 0, into: &files)
                guard !files.isEmpty else {
                    throw CatalogError(file: entry, message: "the folder holds no catalog (\(kinds))")
                }
                for file in files { try read(file, into: &catalog) }
            case S_IFREG:
                guard reader(for: path) != nil else {
                    throw CatalogError(file: entry, message: "a catalog's name ends in \(kinds)")
                }
                try read(path, into: &catalog)
            case S_IFLNK:
                throw CatalogError(file: entry, message: "it is a symbolic link")
            default:
                throw CatalogError(file: entry, message: "it is neither a file nor a folder")
            }
        }
        return catalog
    }

    /// Reads one catalog file by its kind.
    package static func read(_ file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        guard let reader = reader(for: file) else {
            throw CatalogError(file: file, message: "a catalog's name ends in \(kinds)")
        }
        let bytes: [UInt8]
        switch PathPolicy.readDocument(file, limit: CatalogLimits.maximumFileBytes) {
        case .success(let data): bytes = [UInt8](data)
        case .failure(.tooLarge(let size)):
            throw CatalogError(
                file: file, message: "the file has \(size) bytes; a catalog has at most \(CatalogLimits.maximumFileBytes)")
        case .failure: throw CatalogError(file: file, message: "cannot read the file")
        }
        try reader(bytes, file, &catalog)
        catalog.files.append(file)
    }

    private typealias Reader = ([UInt8], String, inout StringCatalog) throws(CatalogError) -> Void

    private static func reader(for file: String) -> Reader? {
        switch CatalogPath.fileExtension(file) {
        case "xcstrings": return XCStringsReader.read
        case "strings": return AppleStringsReader.read
        case "xml": return AndroidStringsReader.read
        case "arb": return ARBReader.read
        case "po": return GettextReader.read
        case "json": return I18nextReader.read
        default: return nil
        }
    }

    /// Whether a file found in a folder is a catalog where it lies.
    private static func isCatalog(_ file: String) -> Bool {
        let folder = CatalogPath.folderName(file)
        switch CatalogPath.fileExtension(file) {
        case "xcstrings", "arb", "po": return true
        case "strings": return folder.hasSuffix(".lproj")
        case "xml": return AndroidStringsReader.folderLocale(folder) != nil
        case "json": return StringCatalog.localeTag(CatalogPath.stem(file)) != nil || StringCatalog.localeTag(folder) != nil
        default: return false
        }
    }

    private static func collect(_ folder: String, depth: Int, into files: inout [String]) throws(CatalogError) {
        guard depth <= CatalogLimits.maximumDepth else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                try collect(path, depth: depth + 1, into: &files)
            case S_IFREG where isCatalog(path):
                files.append(path)
                guard files.count <= CatalogLimits.maximumFiles else {
                    throw CatalogError(file: folder, message: "more than \(CatalogLimits.maximumFiles) catalog files")
                }
            default:
                continue  // a link is never followed; other files are not catalogs
            }
        }
    }
}
