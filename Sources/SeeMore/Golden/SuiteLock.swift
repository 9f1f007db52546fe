import FoundationEssentials
import Glibc

/// An exclusive lock on a suite folder while goldens are written (recording, approving), so two
/// runs never mix their goldens. It is `flock` on `.seemore-lock` in the folder, released when the
/// lock is dropped or the process ends; the file names the holder.
public final class SuiteLock {
    private let descriptor: Int32

    public static let fileName = ".seemore-lock"

    /// A lock held by another process.
    public struct Busy: Error, Equatable, CustomStringConvertible {
        public var folder: String
        public var holder: String
        public var description: String {
            "\(folder) is locked by another SeeMore run writing goldens (\(holder)); wait for it, or pass --wait"
        }
    }

    /// Takes the lock on `folder`.
    /// - Parameters:
    ///   - wait: wait for the holder to finish instead of failing at once.
    ///   - purpose: what this run does, written into the lock file for whoever finds it busy.
    /// - Throws: `Busy` naming the holder; `AtomicFile.WriteError` when the lock file cannot be made.
    public init(folder: String, wait: Bool, purpose: String) throws {
        try AtomicFile.makeFolder(folder)
        let path = folder + "/" + Self.fileName
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let holder = Self.holder(descriptor)
            close(descriptor)
            throw Busy(folder: folder, holder: holder.isEmpty ? "holder unknown" : holder)
        }
        self.descriptor = descriptor
        let note = Array("pid \(getpid()): \(purpose)\n".utf8)
        ftruncate(descriptor, 0)
        _ = note.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(count), as: UTF8.self).trimmingWhitespace(newlines: true)
    }
}
