import FoundationEssentials
import Glibc
import SeeMoreSupport
import SeeMoreText

/// Finds card templates by name in template folders, or loads one from a path.
public struct TemplateLoader: Sendable {
    /// Folders searched in order for `NAME.json`.
    package var folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// The folders every command, suite, test and the server look in, in this order: the explicit
    /// folder (`--templates DIR`, a suite's `templates`) when given, the project's own `./Templates`,
    /// then the built-in ones: those of the running program when it is given (`program`, its path,
    /// which only a program knows: the `Templates/` folder of the package it was built in, or
    /// `PREFIX/share/seemore/Templates` beside an installed `PREFIX/bin/seemore`, `make install`), and
    /// those of the SeeMore checkout the library was compiled from. A folder is listed once.
    public static func standard(templatesFolder: String? = nil, program: String? = nil) -> TemplateLoader {
        var folders: [String] = []
        if let templatesFolder { folders.append(templatesFolder) }
        folders.append(FileManager.default.currentDirectoryPath + "/Templates")
        var builtIn = [builtInFolder]
        if let program {
            let executable = URL(fileURLWithPath: program)
            if let package = packageFolder(containing: executable) {
                folders.append(package.appendingPathComponent("Templates").path)
            }
            let installed = executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../share/seemore/Templates").standardized.path
            builtIn.insert(installed, at: 0)
        }
        for folder in builtIn.compactMap({ $0 }) where FileManager.default.fileExists(atPath: folder) {
            folders.append(folder)
        }
        // The same folder by another path (a link, `.` and `..`) is looked in once, where it came first.
        var seen = Set<String>()
        return TemplateLoader(
            folders: folders.filter {
                seen.insert(URL(fileURLWithPath: PathPolicy.standardized($0)).resolvingSymlinksInPath().path).inserted
            })
    }

    /// When `name` is in more than one folder and the copies differ: a one-line note naming the file
    /// used and the others. Byte-identical copies (a clone's `Templates/` beside an installed
    /// seemore's) change nothing and are not mentioned.
    package func shadowingNote(for name: String) -> String? {
        guard PathPolicy.isSafeName(name) else { return nil }
        let found = folders.map { $0 + "/" + name + ".json" }.filter { FileManager.default.fileExists(atPath: $0) }
        guard found.count > 1 else { return nil }
        let used = FileManager.default.contents(atPath: found[0])
        let differing = found.dropFirst().filter { FileManager.default.contents(atPath: $0) != used }
        guard !differing.isEmpty else { return nil }
        return
            "template '\(name)' is \(found[0]); \(differing.joined(separator: ", ")) differs and is not used (earlier folders come first)"
    }

    /// The notes of `shadowingNote` for `names`, as one line when there are several.
    package func shadowingNotes(for names: [String]) -> [String] {
        let shadowed = names.filter { shadowingNote(for: $0) != nil }
        guard shadowed.count > 1, let first = shadowingNote(for: shadowed[0]) else { return shadowed.compactMap(shadowingNote) }
        return [first + "; so do \(shadowed.dropFirst().joined(separator: ", "))"]
    }

    /// The `Templates/` folder of the SeeMore package this library was compiled from: a package that
    /// depends on SeeMore builds it from source (its checkout, or a path), so its templates are there
    /// by name for `assertCardSnapshot` and `seemore` alike. nil when the sources are gone.
    package static var builtInFolder: String? {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Templates").standardized.path
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }

    /// The nearest folder above `file` holding both `Package.swift` and `Templates/`.
    package static func packageFolder(containing file: URL) -> URL? {
        var folder = file.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            let manifest = folder.appendingPathComponent("Package.swift").path
            var isFolder = false
            if FileManager.default.fileExists(atPath: manifest),
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates").path, isDirectory: &isFolder),
                isFolder
            {
                return folder
            }
            if folder.path == "/" { break }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Names of the templates in the folders, sorted.
    public func available() -> [String] {
        var names = Set<String>()
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in files where file.hasSuffix(".json") { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    /// The file of the template named `name` — a plain name (`PathPolicy.isSafeName`), never a path —
    /// in the first folder that has it as a regular file, not a symbolic link; nil otherwise. What a
    /// stranger names (the server's and `render --batch`'s `template` field) is looked up here.
    package func file(named name: String) -> String? {
        guard PathPolicy.isSafeName(name) else { return nil }
        return folders.map { $0 + "/" + name + ".json" }.first { path in
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The template file `path` in `folder`, read under the path policy (no symbolic link, a regular
    /// file inside the folder, at most `PathPolicy.maximumDocumentBytes`): the template and its bytes.
    package static func load(path: String, root folder: String) throws -> (template: CardTemplate, bytes: [UInt8]) {
        let bytes: [UInt8]
        switch PathPolicy.read(path, root: folder, limit: PathPolicy.maximumDocumentBytes) {
        case .bytes(let read): bytes = read
        case .tooLarge(let size):
            throw TemplateError.invalid(
                path: path, line: 1, column: 1, field: nil,
                message: "the file has \(size) bytes; a template has at most \(PathPolicy.maximumDocumentBytes)")
        default: throw TemplateError.unreadable(path: path)
        }
        var template = try decode(Data(bytes), path: path)
        if template.name.isEmpty { template.name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
        return (template, bytes)
    }

    /// The file `load(nameOrPath)` reads, or nil when no folder has it.
    package func path(for nameOrPath: String) -> String? {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") { return nameOrPath }
        return folders.map { $0 + "/" + nameOrPath + ".json" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Loads a template by name (`inline-more`) or by path (anything with a `/` or ending in `.json`).
    /// - Throws: `TemplateError`: unknown name (listing the available ones), unreadable file, or a JSON
    ///   or field error with its file, line and column.
    public func load(_ nameOrPath: String) throws -> CardTemplate {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try Self.load(path: nameOrPath)
        }
        for folder in folders {
            let path = folder + "/" + nameOrPath + ".json"
            if FileManager.default.fileExists(atPath: path) { return try Self.load(path: path) }
        }
        throw TemplateError.unknown(name: nameOrPath, available: available(), folders: folders)
    }

    /// Loads the template file at `path`; its name is the file name without `.json` unless it sets one.
    package static func load(path: String) throws -> CardTemplate {
        let data: Data
        switch PathPolicy.readDocument(path) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge(let size)):
            throw TemplateError.invalid(
                path: path, line: 1, column: 1, field: nil,
                message: "the file has \(size) bytes; a template has at most \(PathPolicy.maximumDocumentBytes)")
        case .failure: throw TemplateError.unreadable(path: path)
        }
        var template = try decode(data, path: path)
        if template.name.isEmpty {
            template.name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            guard PathPolicy.isSafeName(template.name) else {
                throw TemplateError.invalid(
                    path: path, line: 1, column: 1, field: "name",
                    message: "the file name '\(template.name)' is not a plain name (\(PathPolicy.namePattern)); set \"name\"")
            }
        }
        return template
    }

    /// Decodes template JSON, turning every error into one with a position, and resolves its font
    /// files against its folder (a stranger's template: inside the folder, never through a link).
    static func decode(_ data: Data, path: String) throws -> CardTemplate {
        var template: CardTemplate
        do {
            template = try JSONDocument.decode(CardTemplate.self, from: data)
        } catch let error as JSONDocument.DecodeError {
            throw TemplateError.invalid(
                path: path, line: error.line, column: error.column, field: error.field, message: error.message)
        }
        if !template.fontFileEntries.isEmpty {
            let folder = URL(fileURLWithPath: PathPolicy.standardized(path)).deletingLastPathComponent().path
            do {
                template.fonts.files = try FontFiles.expand(template.fontFileEntries, relativeTo: folder, root: folder)
            } catch let problem as FontFilesError {
                let position = JSONDocument.locate([AnyCodingKey(stringValue: "fontFiles")], in: data)
                throw TemplateError.invalid(
                    path: path, line: position?.line ?? 1, column: position?.column ?? 1, field: "fontFiles",
                    message: "\(problem.entry): \(problem.reason)")
            }
        }
        if let entry = template.avatar?.imageEntry {
            let folder = URL(fileURLWithPath: PathPolicy.standardized(path)).deletingLastPathComponent().path
            do {
                template.avatar?.image = try Avatar.loadImage(entry.hasPrefix("/") ? entry : folder + "/" + entry, root: folder)
            } catch let problem as AvatarError {
                let position = JSONDocument.locate(
                    [AnyCodingKey(stringValue: "avatar"), AnyCodingKey(stringValue: "image")], in: data)
                throw TemplateError.invalid(
                    path: path, line: position?.line ?? 1, column: position?.column ?? 1, field: "avatar.image",
                    message: problem.description)
            }
        }
        return template
    }
}

/// A template that cannot be used, named with where the problem is.
public enum TemplateError: Error, Equatable, CustomStringConvertible {
    case unknown(name: String, available: [String], folders: [String])
    case unreadable(path: String)
    case invalid(path: String, line: Int, column: Int, field: String?, message: String)

    public var description: String {
        switch self {
        case .unknown(let name, let available, let folders):
            let list = available.isEmpty ? "none found in \(folders.joined(separator: ", "))" : available.joined(separator: ", ")
            return "unknown template '\(name)'; available: \(list)"
        case .unreadable(let path):
            return "cannot read template \(path)"
        case .invalid(let path, let line, let column, let field, let message):
            return "\(path):\(line):\(column): " + (field.map { "\($0): " } ?? "") + message
        }
    }
}
