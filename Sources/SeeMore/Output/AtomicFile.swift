import Foundation

/// Writes files so that a crash never leaves a half-written one: the bytes go to a temporary
/// name in the same folder, are flushed to disk, and the file is renamed into place.
public enum AtomicFile {
    /// A file that could not be written, with the path and the system's reason.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` atomically, replacing what was there.
    /// - Throws: `WriteError` naming the path.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: Self.reason()) }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return fsync(descriptor) == 0
        }
        let reason = ok ? "" : Self.reason()
        close(descriptor)
        guard ok else {
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Writes text as UTF-8, atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Creates `path` and its parents when missing.
    /// - Throws: `WriteError` when it cannot be created or is not a writable folder.
    public static func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: (error as NSError).localizedDescription)
        }
        guard access(path, W_OK) == 0 else { throw WriteError(path: path, reason: Self.reason()) }
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
