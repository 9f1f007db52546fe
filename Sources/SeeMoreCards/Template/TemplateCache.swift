import Glibc
import SeeMoreSupport

/// Templates decoded once and kept while their file is unchanged (same size and modification time),
/// so a request does not read and decode JSON; an edited template is read again on the next request.
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`.
package final class TemplateCache: @unchecked Sendable {
    private let lock = Lock()
    private var entries: [String: (stamp: String, template: CardTemplate, hash: String)] = [:]

    package init() {}

    /// The template at `path` and a hash of its file's bytes.
    package func load(_ path: String) throws -> (CardTemplate, String) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw TemplateError.unreadable(path: path) }
        let stamp = "\(info.st_size):\(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec):\(info.st_ino)"
        if let entry = lock.withLock({ entries[path] }), entry.stamp == stamp { return (entry.template, entry.hash) }
        let (template, hash) = try CardFields.loadTemplate(path)
        lock.withLock { entries[path] = (stamp, template, hash) }
        return (template, hash)
    }
}
