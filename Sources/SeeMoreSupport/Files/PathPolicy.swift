import FoundationEssentials
import Glibc

/// Where SeeMore reads and writes files that a pull request controls, in one place: the names that
/// become path components, and files under a root that are never reached through a symbolic link.
///
/// Templates, suites, goldens and texts come from pull requests, so a name such as
/// `"../../outside/pwned"` or a golden linked to `/etc/passwd` must never steer a write out of the
/// output folder or copy a secret into the artifacts a CI job uploads.
package enum PathPolicy {
    /// The longest name accepted as one path component.
    package static let maximumNameLength = 128

    /// The safe-name pattern, for messages.
    package static let namePattern = "letters, digits, '.', '_' and '-', not starting with '.', at most 128"

    /// A name that can be a folder or file name: 1–128 ASCII letters, digits, `.`, `_`, `-`, not
    /// starting with `.` (so never `.`, `..` or a hidden file).
    package static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumNameLength && !name.hasPrefix(".")
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
    }

    /// What reading a file under a root found.
    package enum Read: Equatable, Sendable {
        case bytes([UInt8])
        case missing
        /// The file, or a folder on the way to it, is a symbolic link: it is not opened.
        case symbolicLink(String)
        /// A folder, a device, a pipe: not a regular file.
        case notRegularFile
        /// Larger than the limit; not read.
        case tooLarge(Int)
        /// The path leaves the root.
        case outsideRoot
    }

    /// Reads the regular file at `path`, which must lie inside `root`, without following a symbolic
    /// link at the file or at any folder between `root` and it, and reading at most `limit` bytes.
    package static func read(_ path: String, root: String, limit: Int) -> Read {
        var folder: String
        let relative: [String]
        if let plain = plainRelativePath(path, root: root) {
            (folder, relative) = (root, plain)
        } else {
            guard let resolved = relativePath(path, root: root) else { return .outsideRoot }
            (folder, relative) = (standardized(root), resolved)
        }
        for component in relative.dropLast() {
            folder += "/" + component
            var info = stat()
            if lstat(folder, &info) != 0 { return .missing }
            if info.st_mode & S_IFMT == S_IFLNK { return .symbolicLink(folder) }
            if info.st_mode & S_IFMT != S_IFDIR { return .notRegularFile }
        }
        let file = folder + "/" + (relative.last ?? "")
        return readOpened(open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK), path: file, limit: limit)
    }

    /// The regular file `descriptor` names (opened without following a link at `path`; negative when
    /// the open failed, with `errno` saying why), read up to `limit` bytes and closed.
    static func readOpened(_ descriptor: Int32, path file: String, limit: Int) -> Read {
        guard descriptor >= 0 else {
            if errno == ELOOP { return .symbolicLink(file) }
            return errno == ENOENT || errno == ENOTDIR ? .missing : .notRegularFile
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + done, size - done)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            done += count
        }
        return .bytes(done == size ? bytes : Array(bytes.prefix(done)))
    }

    /// The largest template or suite file read: far past any real one, and a bound on memory.
    package static let maximumDocumentBytes = 4 << 20

    /// Reads a document a person wrote (a template, a suite), refusing one larger than
    /// `maximumDocumentBytes` before reading it.
    /// - Returns: the bytes, or why they were not read.
    package static func readDocument(_ path: String, limit: Int = maximumDocumentBytes) -> Result<Data, DocumentError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(Int(info.st_size))) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
        return .success(data)
    }

    /// Why a document could not be read.
    package enum DocumentError: Error, Equatable {
        case unreadable
        case tooLarge(Int)
    }

    /// Checks that a file may be written at `path`: inside `root`, and no folder between them is a
    /// symbolic link (missing folders are fine: they will be created as real ones).
    /// - Throws: `AtomicFile.WriteError` naming the path and why.
    package static func checkWritable(_ path: String, root: String) throws {
        guard let relative = relativePath(path, root: root) else {
            throw AtomicFile.WriteError(path: path, reason: "it is outside \(root)")
        }
        var folder = standardized(root)
        for component in relative.dropLast() {
            folder += "/" + component
            var info = stat()
            guard lstat(folder, &info) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFLNK {
                throw AtomicFile.WriteError(path: path, reason: "\(folder) is a symbolic link")
            }
        }
    }

    /// The first symbolic link on the way from `root` (exclusive) down to `path` (inclusive), or nil;
    /// nil too when `path` is `root`. `path` must lie inside `root` (else nil: check that first).
    package static func firstSymbolicLink(_ path: String, below root: String) -> String? {
        var folder = standardized(root)
        for component in relativePath(path, root: root) ?? [] {
            folder += (folder == "/" ? "" : "/") + component
            var info = stat()
            if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return folder }
        }
        return nil
    }

    /// The folder a stranger's file at `path` (a suite) may name paths in and may be reached from: the
    /// current folder (the repository a command runs in) when `path` lies inside it, else `path`'s own folder.
    package static func repositoryRoot(for folder: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return relativePath(folder, root: current) != nil || standardized(folder) == standardized(current)
            ? standardized(current) : standardized(folder)
    }

    /// Whether `path` is `root` or lies inside it (lexically).
    package static func isInside(_ path: String, root: String) -> Bool {
        standardized(path) == standardized(root) || relativePath(path, root: root) != nil
    }

    /// The components of `path` below `root`, or nil when it is not strictly inside it (`..` and `.`
    /// resolved lexically first).
    package static func relativePath(_ path: String, root: String) -> [String]? {
        let base = resolvedComponents(root)
        let full = resolvedComponents(path)
        guard full.count > base.count, full[..<base.count].elementsEqual(base) else { return nil }
        return Array(full[base.count...])
    }

    /// The components of `path` below `root` when `path` is `root`, a "/" and plain names (no empty
    /// name, no `.` or `..`): what `relativePath` gives for it, without making both paths absolute
    /// (a check that skips its cases reads thousands of goldens, and that cost the most). Nil otherwise.
    static func plainRelativePath(_ path: String, root: String) -> [String]? {
        plainRelativeText(path, root: root).map { text in
            text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
    }

    /// `plainRelativePath`'s components joined by "/", found without making them (a report names
    /// thousands of goldens and artifacts).
    package static func plainRelativeText(_ path: String, root: String) -> Substring? {
        let rootBytes = root.utf8
        guard !rootBytes.isEmpty, rootBytes.last != UInt8(ascii: "/"), path.utf8.starts(with: rootBytes) else { return nil }
        let rest = path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: rootBytes.count)...]
        guard rest.first == UInt8(ascii: "/") else { return nil }
        let below = rest.dropFirst()
        // Each name: not empty, not "." or "..".
        var length = 0
        var onlyDots = true
        for byte in below {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return nil }
                (length, onlyDots) = (0, true)
            } else {
                length += 1
                onlyDots = onlyDots && byte == UInt8(ascii: ".")
            }
        }
        if length == 0 || (onlyDots && length <= 2) { return nil }
        return Substring(below)
    }

    /// `path` made absolute (from the current folder) with `.` and `..` resolved lexically.
    package static func standardized(_ path: String) -> String {
        "/" + resolvedComponents(path).joined(separator: "/")
    }

    /// The names along `path` made absolute, `.` and `..` resolved lexically. Split at every "/" byte,
    /// as the kernel does (a "/" followed by a combining mark is one Character, but still a separator).
    private static func resolvedComponents(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in absolute.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(String(Substring(part)))
        }
        return parts
    }
}
