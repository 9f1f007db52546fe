import FoundationEssentials
import Glibc
import SeeMoreImage
import SeeMoreSupport
import Synchronization

/// The folder that receives a run's actual, golden and diff images and its report.
package struct ArtifactsFolder: Sendable {
    package let path: String
    /// The golden copies the last run listed with the SHA-256 of the golden they copy (`prepare` reads them).
    private let listedCopies = ListedCopies()

    package init(path: String) {
        self.path = path
    }

    /// Golden copies by relative path, with their identity and the SHA-256 of the golden they copy.
    private final class ListedCopies: Sendable {
        let copies = Mutex<[String: (identity: String, hash: String)]>([:])
        /// Those this run found still the file listed (`writeGoldenCopy`), with that identity: the
        /// list it writes names them so without asking the file system again.
        let confirmed = Mutex<[String: String]>([:])
    }

    static let reportName = "report.json"
    /// Every file the last run wrote into the folder, for the next run to remove: a line each, the
    /// file's identity when it was listed (`stamp`) — for a passed case's golden copy followed by a
    /// space and the SHA-256 of the golden it copies —, a tab, its relative path. A file is removed only
    /// while it is still that file — the same device, inode, size and modification time — so a planted
    /// or edited list can make a run remove nothing but what that run itself wrote. (A content hash
    /// would also match a copy someone else made.)
    static let listName = "artifacts.txt"
    /// The largest list read back: far above what a million cases write.
    static let maximumListBytes = 256 << 20

    /// Why an artifacts folder is refused.
    package struct UnsafeFolder: Error, CustomStringConvertible {
        package var path: String
        package var description: String {
            "the artifacts folder \(path) is a symbolic link; SeeMore writes (and removes) artifacts only in a real folder"
        }
    }

    /// Creates the folder and removes the artifacts the previous run listed, so no stale picture is
    /// mistaken for this run's (nothing else in the folder is touched), except those `keeping` keeps
    /// and the copies of goldens (a run writes most of them again with the same bytes: `store` then
    /// leaves them be). The run removes what it kept and did not use (`remove`).
    /// - Throws: `UnsafeFolder` when the folder, or any folder of a relative path to it (those a
    ///   checkout can hold, such as a committed `.build`), is a symbolic link; `AtomicFile.WriteError`.
    /// - Returns: the files kept.
    func prepare(keeping: Set<String> = []) throws -> Set<String> {
        try refuseLinkedFolders()
        try AtomicFile.makeFolder(path)
        // Git ignores the folder and all in it: a check run in a checkout (the CI step, by hand) leaves
        // nothing untracked. One already there (the project's own) is left as it is.
        let ignore = path + "/.gitignore"
        if access(ignore, F_OK) != 0 {
            try? AtomicFile.write("# Written by seemore check: its artifacts folder is never committed.\n*\n", to: ignore)
        }
        // An earlier shard's results go: a merge must never take them for this run's.
        let shardFile = path + "/" + CheckShardFile.fileName
        if (try? PathPolicy.checkWritable(shardFile, root: path)) != nil { unlink(shardFile) }
        let listed = previousFiles()
        takeListedCopies(from: listed)
        let previous = Set(listed.keys)
        let kept = previous.filter { keeping.contains($0) || $0.hasSuffix(".golden.png") }
        remove(previous.subtracting(kept))
        return kept
    }

    /// Reads the golden copies the last run listed, as `prepare` does, for a process that writes
    /// artifacts into a folder another prepared (a worker of a check): a copy still the file listed
    /// is then not read again either.
    package func readListedCopies() {
        takeListedCopies(from: previousFiles())
    }

    private func takeListedCopies(from listed: [String: (identity: String, hash: String?)]) {
        listedCopies.copies.withLock { copies in
            for (file, entry) in listed { if let hash = entry.hash { copies[file] = (entry.identity, hash) } }
        }
    }

    /// Throws when the folder is a symbolic link, or (for a relative path) any folder on the way to it.
    private func refuseLinkedFolders() throws {
        let absolute = path.hasPrefix("/")
        let components = path.split(separator: "/")
        var folder = absolute ? "" : "."
        for (index, component) in components.enumerated() {
            folder += "/" + component
            // An absolute path is the runner's choice but for its last folder; a relative one lies in the checkout.
            if absolute && index < components.count - 1 { continue }
            var info = stat()
            if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw UnsafeFolder(path: folder) }
        }
    }

    /// The identity of the file at `relative` now, as the list records it; nil when it is no regular file.
    /// A golden copy this run confirmed (`writeGoldenCopy`) is not asked again.
    func stamp(_ relative: String) -> String? {
        listedCopies.confirmed.withLock { $0[relative] } ?? identityNow(relative)
    }

    /// The identity of the file at `relative` as the file system says it now.
    private func identityNow(_ relative: String) -> String? {
        var info = stat()
        guard lstat(path + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The files the previous run listed, with their identities. The list is read only as a regular
    /// file inside the folder and below `maximumListBytes`; a line without an identity (a list of an
    /// older version, or a planted one) is ignored, and nothing is ever removed by name alone.
    private func previousFiles() -> [String: (identity: String, hash: String?)] {
        guard case .bytes(let bytes) = PathPolicy.read(path + "/" + Self.listName, root: path, limit: Self.maximumListBytes)
        else { return [:] }
        var files: [String: (identity: String, hash: String?)] = [:]
        // Split as bytes: the list has a line a file, and splitting it into Characters costs far more.
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let head = line[..<tab]
            let space = head.firstIndex(of: UInt8(ascii: " "))
            files[String(decoding: line[(tab + 1)...], as: UTF8.self)] = (
                String(decoding: head[..<(space ?? head.endIndex)], as: UTF8.self),
                space.map { String(decoding: head[($0 + 1)...], as: UTF8.self) }
            )
        }
        return files
    }

    /// Removes artifact files (relative paths) the previous run listed and wrote: only files inside the
    /// folder, never through a linked folder, never a folder, and only while each is the file listed.
    func remove(_ files: Set<String>) {
        guard !files.isEmpty else { return }
        let listed = previousFiles()
        for file in files where !file.split(separator: "/").contains("..") {
            let full = path + "/" + file
            guard let recorded = listed[file]?.identity, identityNow(file) == recorded,
                (try? PathPolicy.checkWritable(full, root: path)) != nil
            else { continue }
            unlink(full)
        }
    }

    /// A copy of a golden the report shows (a passed case's, an unused one), so it opens from inside
    /// the folder.
    /// - Returns: the file written, relative to the folder, or nil.
    /// A copy the last run listed as one of a golden with SHA-256 `hash`, and still the file it listed
    /// (`stamp`), is not read again (a check that skips thousands of cases read each otherwise).
    func writeGoldenCopy(_ name: String, golden: [UInt8], hash: String? = nil) -> String? {
        let relative = name + ".golden.png"
        if let hash, let listed = listedCopies.copies.withLock({ $0[relative] }), listed.hash == hash,
            identityNow(relative) == listed.identity
        {
            listedCopies.confirmed.withLock { $0[relative] = listed.identity }
            return relative
        }
        return (try? store(golden, at: relative)) == nil ? nil : relative
    }

    /// Writes `bytes` at `relative` inside the folder, never through a linked folder. Artifacts are
    /// made again by the next run, so they are not flushed to disk one by one.
    private func store(_ bytes: [UInt8], at relative: String) throws {
        let full = path + "/" + relative
        // A file the last run left with exactly these bytes (a golden's copy) is not written again.
        if case .bytes(let existing) = PathPolicy.read(full, root: path, limit: bytes.count), sameBytes(existing, bytes) {
            return
        }
        try PathPolicy.checkWritable(full, root: path)
        try AtomicFile.makeFolder(URL(fileURLWithPath: full).deletingLastPathComponent().path)
        try AtomicFile.write(bytes, to: full, durable: false)
    }

    /// Each kind of a case's artifact and how its file's name ends after the case's name.
    static let suffixes = [
        "actual": ".actual.png", "actualLayout": ".actual.layout.txt", "golden": ".golden.png",
        "goldenLayout": ".golden.layout.txt", "diff": ".diff.png",
    ]

    /// Copies the artifact at `relative` from another run's artifacts folder (a shard's) to the same
    /// place in this one: only a regular file inside `folder`, reached through no symbolic link, no
    /// larger than a golden may be.
    /// - Throws: `CopyError` for a file that cannot be read so, `AtomicFile.WriteError`.
    func copy(_ relative: String, from folder: String) throws {
        let source = folder + "/" + relative
        switch PathPolicy.read(source, root: folder, limit: GoldenCheck.maximumGoldenBytes) {
        case .bytes(let bytes): try store(bytes, at: relative)
        case .missing: throw CopyError(path: source, reason: "no such file")
        case .symbolicLink: throw CopyError(path: source, reason: "a symbolic link, not followed")
        case .tooLarge(let size): throw CopyError(path: source, reason: "\(size) bytes, more than an artifact may")
        case .notRegularFile, .outsideRoot: throw CopyError(path: source, reason: "not a regular file inside \(folder)")
        }
    }

    /// An artifact another run's folder lists that cannot be copied.
    struct CopyError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Writes what a reviewer needs for a failing case.
    /// - Returns: the files written by kind, relative to the folder, and why one could not be written.
    func write(
        _ name: String, actual: [UInt8], actualLayout: LayoutSnapshot, golden goldenBytes: [UInt8]?,
        goldenLayout: LayoutSnapshot?, diff: ImageDiff?
    ) -> (files: [String: String], error: String?) {
        var files: [String: String] = [:]
        var failure: String? = nil
        func put(_ kind: String, _ bytes: [UInt8]) {
            let relative = name + (Self.suffixes[kind] ?? "")
            do {
                try store(bytes, at: relative)
                files[kind] = relative
            } catch {
                if failure == nil { failure = "\(error)" }
            }
        }
        put("actual", actual)
        put("actualLayout", Array(actualLayout.text.utf8))
        if let goldenBytes { put("golden", goldenBytes) }
        if let goldenLayout { put("goldenLayout", Array(goldenLayout.text.utf8)) }
        if let diff, let png = try? PNGCodec.encode(diff.image, scale: 1) {
            put("diff", png)
        }
        return (files, failure)
    }
}
