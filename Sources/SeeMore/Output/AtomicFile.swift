import CSupport
import FoundationEssentials
import Glibc

/// Writes files so that a crash never leaves a half-written one.
///
/// The bytes go to an unnamed file in the target's folder (Linux `O_TMPFILE`, which vanishes if the
/// process dies), are flushed to disk, get a temporary name and are renamed over the target. Where
/// unnamed files are not supported, a named temporary file (`.NAME.tmp-PID-RANDOM`) takes its place.
public enum AtomicFile {
    /// A file that could not be written, with the path and the system's reason.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` atomically, replacing what was there.
    /// - Parameter durable: false skips flushing to disk, for files that are cheap to make again
    ///   (a report's copies of passed goldens): a crash may lose them, never leave them half-written.
    /// - Throws: `WriteError` naming the path.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        try write([(bytes, path)], durable: durable)
    }

    /// Writes several files all or nothing: every one goes to a temporary file first, and only when
    /// all are on disk are they renamed into place, so a full disk or a crash leaves all the old
    /// files (or none) and no mix of old and new.
    /// - Throws: `WriteError` naming the first path that could not be written; the temporaries are removed.
    public static func write(_ files: [(bytes: [UInt8], path: String)], durable: Bool = true) throws {
        var staged: [(temporary: String, path: String)] = []
        do {
            for file in files { staged.append((try stage(file.bytes, for: file.path, durable: durable), file.path)) }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            let failure = reason()
            for rest in staged[index...] { unlink(rest.temporary) }
            throw WriteError(path: file.path, reason: failure)
        }
    }

    /// Writes to `path` atomically what `produce` hands its `write` function, a piece at a time, so a
    /// large file (a report of many cases) is never held whole; replaced only once all of it is written.
    /// - Throws: `WriteError` naming the path; an error `produce` throws (nothing is then replaced).
    public static func write(to path: String, durable: Bool = true, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void)
        throws
    {
        let temporary = try stage(for: path, durable: durable, produce)
        guard rename(temporary, path) == 0 else {
            let failure = reason()
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Writes `bytes` to a new temporary file next to `path`, flushed to disk; returns its name.
    private static func stage(_ bytes: [UInt8], for path: String, durable: Bool) throws -> String {
        try stage(for: path, durable: durable) { try $0(bytes) }
    }

    /// Writes what `produce` hands its `write` function to a new temporary file next to `path`,
    /// flushed to disk; returns its name.
    private static func stage(for path: String, durable: Bool, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void)
        throws -> String
    {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var descriptor = seemore_open_unnamed(folder)
        let unnamed = descriptor >= 0
        if !unnamed {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: reason()) }
        var failure: String? = nil
        do {
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
            if durable && fsync(descriptor) != 0 { failure = reason() }
        } catch let error as WriteError {
            failure = error.reason
        } catch {
            close(descriptor)
            if !unnamed { unlink(temporary) }
            throw error
        }
        if failure == nil && unnamed && seemore_link_unnamed(descriptor, temporary) != 0 { failure = reason() }
        if close(descriptor) != 0 && failure == nil { failure = reason() }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
        return temporary
    }

    /// Writes text as UTF-8, atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// What a producer's pieces are gathered to before they are written.
    private static let pieceBytes = 64 << 10

    /// Creates `path` and its parents when missing.
    /// - Throws: `WriteError` when it cannot be created or is not a writable folder.
    public static func makeFolder(_ path: String) throws {
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
