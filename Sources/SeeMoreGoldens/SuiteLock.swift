import FoundationEssentials
import Glibc
import SeeMoreSupport

/// An exclusive lock on a suite folder while goldens are written (recording, approving), so two
/// runs never mix their goldens. It is `flock` on `.seemore-lock` in the folder, released when the
/// lock is dropped or the process ends; the file names the holder, and the holder removes it when it
/// is done, so no lock file stays in a team's goldens folder (one a killed run left is taken over).
package final class SuiteLock {
    private let descriptor: Int32
    private let path: String

    package static let fileName = ".seemore-lock"

    /// A lock held by another process. The command line adds how to wait for it (`--wait`).
    package struct Busy: Error, Equatable, CustomStringConvertible {
        package var folder: String
        package var holder: String
        package var description: String {
            "\(folder) is locked by another SeeMore run writing goldens (\(holder)); wait for it"
        }
    }

    /// Takes the lock on `folder`.
    /// - Parameters:
    ///   - wait: wait for the holder to finish instead of failing at once.
    ///   - purpose: what this run does, written into the lock file for whoever finds it busy.
    /// - Throws: `Busy` naming the holder; `AtomicFile.WriteError` when the lock file cannot be made.
    package init(folder: String, wait: Bool, purpose: String) throws {
        try AtomicFile.makeFolder(folder)
        let path = folder + "/" + Self.fileName
        var descriptor: Int32 = -1
        // A holder removes the file before it lets go: a run that waited on it then holds a lock on a
        // file no longer there, and takes the one at the path instead.
        while descriptor < 0 {
            let candidate = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard candidate >= 0 else {
                throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            while flock(candidate, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
                if errno == EINTR { continue }
                let holder = Self.holder(candidate)
                close(candidate)
                throw Busy(folder: folder, holder: holder.isEmpty ? "holder unknown" : holder)
            }
            var held = stat()
            var named = stat()
            if fstat(candidate, &held) == 0, lstat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                descriptor = candidate
            } else {
                close(candidate)
            }
        }
        self.descriptor = descriptor
        self.path = path
        let note = Array("pid \(getpid()): \(purpose)\n".utf8)
        ftruncate(descriptor, 0)
        _ = note.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        unlink(path)
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
