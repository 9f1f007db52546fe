import Glibc

/// Reads many files below one root as `PathPolicy.read` reads each — inside the root, through no
/// symbolic link, at most a limit of bytes — opening each folder on the way once: a folder is opened
/// by descriptor from the one above it (`openat` with `O_NOFOLLOW`), and a file from its folder's
/// descriptor, so no path is looked up from the start again and no link can be swapped in between a
/// check and an open. A check that skips thousands of cases reads two files each from a few hundred
/// folders.
///
/// `@unchecked Sendable`: the open folders are read and written only inside `lock.withLock`.
package final class TreeReader: @unchecked Sendable {
    package let root: String
    private let lock = Lock()
    /// Open folders by their path below the root ("" is the root), with how many reads use each now:
    /// at most `maximumOpenFolders`, and one is closed only while no read uses it.
    private var folders: [String: (descriptor: Int32, users: Int)] = [:]
    private static let maximumOpenFolders = 128

    package init(root: String) {
        self.root = root
    }

    deinit {
        for folder in folders.values { close(folder.descriptor) }
    }

    /// The file at `path` as `PathPolicy.read(path, root:, limit:)` reads it.
    package func read(_ path: String, limit: Int) -> PathPolicy.Read {
        guard let relative = PathPolicy.plainRelativePath(path, root: root), let name = relative.last else {
            return PathPolicy.read(path, root: root, limit: limit)
        }
        switch folder(relative.dropLast()) {
        case .success(let folder):
            defer { release(folder) }
            return PathPolicy.readOpened(
                openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK), path: path, limit: limit)
        case .failure(let failure):
            return failure.read
        }
    }

    /// A folder in use by one read: kept (by `key`) or its own descriptor, closed when released.
    private struct Folder {
        let descriptor: Int32
        let key: String?
    }

    private struct Failure: Error {
        let read: PathPolicy.Read
    }

    /// The open folder `components` below the root, in use until released: from the nearest folder on
    /// the way that is open, each one below opened from the one above.
    private func folder(_ components: ArraySlice<String>) -> Result<Folder, Failure> {
        var depth = components.count
        var key = components.joined(separator: "/")
        var below: [String] = []
        var current: Folder? = nil
        while current == nil {
            if let known = use(key) {
                current = known
            } else if depth == 0 {
                let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { return .failure(Failure(read: errno == ENOENT ? .missing : .notRegularFile)) }
                current = keep(descriptor, as: "")
            } else {
                below.append(key)
                depth -= 1
                key = components.prefix(depth).joined(separator: "/")
            }
        }
        guard var folder = current else { return .failure(Failure(read: .missing)) }
        for (name, path) in zip(components[(components.startIndex + depth)...], below.reversed()) {
            let child = openat(folder.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = child >= 0 ? nil : Self.whyNotFolder(name, in: folder.descriptor, path: root + "/" + path)
            release(folder)
            if let failure { return .failure(Failure(read: failure)) }
            folder = keep(child, as: path)
        }
        return .success(folder)
    }

    /// The kept folder `key`, now in use by one more read; nil when it is not open.
    private func use(_ key: String) -> Folder? {
        lock.withLock {
            guard let open = folders[key] else { return nil }
            folders[key] = (open.descriptor, open.users + 1)
            return Folder(descriptor: open.descriptor, key: key)
        }
    }

    /// `descriptor`, in use by one read, kept open as folder `key` when there is room (closing the
    /// folders no read uses when there is none).
    private func keep(_ descriptor: Int32, as key: String) -> Folder {
        lock.withLock {
            guard folders[key] == nil else { return Folder(descriptor: descriptor, key: nil) }
            if folders.count >= Self.maximumOpenFolders {
                for (unused, open) in folders where open.users == 0 {
                    close(open.descriptor)
                    folders[unused] = nil
                }
                guard folders.count < Self.maximumOpenFolders else { return Folder(descriptor: descriptor, key: nil) }
            }
            folders[key] = (descriptor, 1)
            return Folder(descriptor: descriptor, key: key)
        }
    }

    /// Ends one read's use of `folder`.
    private func release(_ folder: Folder) {
        guard let key = folder.key else {
            close(folder.descriptor)
            return
        }
        lock.withLock {
            if let open = folders[key] { folders[key] = (open.descriptor, open.users - 1) }
        }
    }

    /// What `name` in folder `parent` is, which could not be opened as a folder: as `PathPolicy.read`
    /// tells them apart.
    private static func whyNotFolder(_ name: String, in parent: Int32, path: String) -> PathPolicy.Read {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFLNK ? .symbolicLink(path) : .notRegularFile
    }
}
