import CSupport
import Glibc

/// The code running in this process, named exactly: every loaded object's GNU build ID (the program,
/// SeeMore's code in it, and each shared library from Pango, HarfBuzz, FreeType and Cairo to libc).
/// A skip ledger keys cases by it, so that another build of SeeMore or any library — a Debian
/// security update keeps a library's version string — renders every case again.
package enum BuildIdentity {
    /// One line per loaded object, `path id`, in load order; an object without a build ID is named by
    /// its path, size and modification time instead.
    package static let current: String = {
        final class Lines {
            var text = ""
        }
        let lines = Lines()
        withExtendedLifetime(lines) {
            _ = seemore_build_ids(
                { path, id, length, context in
                    guard let context else { return }
                    let lines = Unmanaged<Lines>.fromOpaque(context).takeUnretainedValue()
                    let name = path.map { String(cString: $0) } ?? ""
                    if let id, length > 0 {
                        lines.text += name + " " + ContentHash.hex(Array(UnsafeBufferPointer(start: id, count: length))) + "\n"
                    } else {
                        lines.text += name + " " + BuildIdentity.fileIdentity(name.isEmpty ? "/proc/self/exe" : name) + "\n"
                    }
                }, Unmanaged.passUnretained(lines).toOpaque())
        }
        return lines.text
    }()

    /// "size:seconds.nanoseconds" of a file's last change, or "unknown".
    package static func fileIdentity(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "unknown" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
