import CSupport
import FoundationEssentials
import Glibc

/// Writes files so that a crash never leaves a half-written one.
///
/// The bytes go to an unnamed file in the target's folder (Linux `O_TMPFILE`, which vanishes if the
/// process dies) and are flushed to disk; the file is then linked at the target when there is none,
/// or linked under a temporary name and renamed over the one there. Where unnamed files are not
/// supported, a named temporary file (`.NAME.tmp-PID-RANDOM`) takes its place. A temporary a killed
/// process left is known by its name (`temporaryName`) and removed by the next run that may.
package enum AtomicFile {
    /// A file that could not be written, with the path and the system's reason.
    package struct WriteError: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `bytes` to `path` atomically, replacing what was there.
    /// - Parameter durable: false skips flushing to disk, for files that are cheap to make again
    ///   (a report's copies of passed goldens): a crash may lose them, never leave them half-written.
    /// - Throws: `WriteError` naming the path.
    package static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        try write([(bytes, path)], durable: durable)
    }

    /// Writes several files all or nothing: every one goes to a temporary file first, and only when
    /// all are on disk are they put into place, so a full disk or a crash leaves all the old
    /// files (or none) and no mix of old and new.
    /// - Throws: `WriteError` naming the first path that could not be written; the temporaries are removed.
    package static func write(_ files: [(bytes: [UInt8], path: String)], durable: Bool = true) throws {
        var staged: [Staged] = []
        defer { staged.forEach { $0.discard() } }
        for file in files { staged.append(try stage(for: file.path, durable: durable) { try $0(file.bytes) }) }
        for file in staged { try file.commit() }
    }

    /// Writes to `path` atomically what `produce` hands its `write` function, a piece at a time, so a
    /// large file (a report of many cases) is never held whole; replaced only once all of it is written.
    /// - Throws: `WriteError` naming the path; an error `produce` throws (nothing is then replaced).
    package static func write(
        to path: String, durable: Bool = true, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    )
        throws
    {
        let staged = try stage(for: path, durable: durable, produce)
        defer { staged.discard() }
        try staged.commit()
    }

    /// The file a named temporary is for and the process that made it, when `file` is one's name
    /// (`.NAME.tmp-PID-RANDOM`); nil for any other name.
    package static func temporaryName(_ file: String) -> (target: String, writer: pid_t)? {
        guard file.hasPrefix("."), let marker = file.ranges(of: ".tmp-").last else { return nil }
        let parts = file[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let writer = pid_t(parts[0]), writer > 0, UInt32(parts[1]) != nil else { return nil }
        return (String(file[file.index(after: file.startIndex)..<marker.lowerBound]), writer)
    }

    /// A file written in full but not yet in place: unnamed (an open `O_TMPFILE` descriptor) or, where
    /// the system has none, under a temporary name.
    private final class Staged {
        let path: String
        private var descriptor: Int32
        private var temporary: String?

        init(path: String, descriptor: Int32, temporary: String?) {
            self.path = path
            self.descriptor = descriptor
            self.temporary = temporary
        }

        /// Puts the file at `path`. A new file is linked there at once, so it never has another name;
        /// one that replaces a file is linked under a temporary name and renamed over it (the
        /// system links no file over another), the one moment a kill -9 leaves a named temporary.
        func commit() throws {
            if descriptor >= 0 {
                if seemore_link_unnamed(descriptor, path) == 0 {
                    return close()
                }
                guard errno == EEXIST else { throw failure() }
                let name = AtomicFile.temporaryPath(for: path)
                guard seemore_link_unnamed(descriptor, name) == 0 else { throw failure() }
                temporary = name
                close()
            }
            guard let temporary, rename(temporary, path) == 0 else { throw failure() }
            self.temporary = nil
        }

        /// Removes what was not put in place (nothing once committed).
        func discard() {
            close()
            if let temporary { unlink(temporary) }
            temporary = nil
        }

        /// Closes a named file's descriptor: an error then (a file system that writes late) is the write's.
        func closeNamedFile() throws {
            let closed = Glibc.close(descriptor)
            descriptor = -1
            if closed != 0 { throw failure() }
        }

        private func close() {
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }

        private func failure() -> WriteError {
            let error = WriteError(path: path, reason: AtomicFile.reason())
            discard()
            return error
        }
    }

    /// A new temporary name next to `path`.
    private static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent
            + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes what `produce` hands its `write` function to a new file next to `path` that is not in
    /// place yet, flushed to disk when `durable`.
    private static func stage(for path: String, durable: Bool, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void)
        throws -> Staged
    {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var descriptor = seemore_open_unnamed(folder)
        var temporary: String? = nil
        if descriptor < 0 {
            let name = temporaryPath(for: path)
            descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            temporary = name
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: reason()) }
        // Named or not, the file is removed unless it is handed back whole.
        let written = Staged(path: path, descriptor: descriptor, temporary: temporary)
        var handedBack = false
        defer { if !handedBack { written.discard() } }
        // Small pieces are gathered and written in large ones.
        var pending: [UInt8] = []
        pending.reserveCapacity(Self.pieceBytes)
        func flush() throws {
            guard Descriptor.writeAll(pending, to: descriptor) else { throw WriteError(path: path, reason: reason()) }
            pending.removeAll(keepingCapacity: true)
        }
        try produce { bytes in
            pending += bytes
            if pending.count >= Self.pieceBytes { try flush() }
        }
        try flush()
        if durable && fsync(descriptor) != 0 { throw WriteError(path: path, reason: reason()) }
        // A named file is closed before its rename, and an error in closing it is one in writing it.
        if temporary != nil { try written.closeNamedFile() }
        handedBack = true
        return written
    }

    /// Writes text as UTF-8, atomically.
    package static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// What a producer's pieces are gathered to before they are written.
    private static let pieceBytes = 64 << 10

    /// Creates `path` and its parents when missing.
    /// - Throws: `WriteError` when it cannot be created or is not a writable folder.
    package static func makeFolder(_ path: String) throws {
        var folder = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            folder += "/" + component
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw WriteError(path: path, reason: reason()) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw WriteError(path: path, reason: reason()) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw WriteError(path: path, reason: "it is not a folder") }
        guard access(path, W_OK) == 0 else { throw WriteError(path: path, reason: reason()) }
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
