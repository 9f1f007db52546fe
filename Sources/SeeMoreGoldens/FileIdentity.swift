import Glibc

/// A file's identity as `stat` gives it — device, inode, size, modification and change times — for
/// knowing, without reading it, that a file hashed before still holds the bytes it hashed to.
///
/// Every write to a file sets its change time, which no call can set back, so a file whose identity
/// is the one it had when it was hashed was not written since — unless it was written within the
/// clock's granularity of that moment (the kernel's coarse clock: milliseconds): only the identity of
/// a file that had not changed for `settling` seconds before it was read is trusted (git's "racily
/// clean" rule).
struct FileIdentity: Equatable, Sendable {
    /// "device:inode:size:mtime:ctime", as recorded.
    let text: String
    /// The later of its modification and change times, in seconds.
    let lastChange: Double

    static let settling = 2.0

    /// The identity of the file at `path` (links followed, as reading it does); nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        text =
            "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        lastChange = max(
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9,
            Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)
    }

    /// Whether a hash of the file read after this identity was taken, and found unchanged after the
    /// read (`after`), may stand for the file while it keeps this identity.
    func isSettled(readUnchanged after: FileIdentity?) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return after == self && lastChange < Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - Self.settling
    }
}
