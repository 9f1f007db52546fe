import FoundationEssentials
import Glibc

/// The folder that receives a run's actual, golden and diff images and its report.
public struct ArtifactsFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    static let reportName = "report.json"
    /// Every file the last run wrote into the folder, one relative path a line, for the next run to
    /// remove: a few bytes a case, where reading report.json back would parse megabytes.
    static let listName = "artifacts.txt"
    /// The largest list or old report read back: far above what a million cases write.
    static let maximumListBytes = 256 << 20

    /// Creates the folder and removes the artifacts the previous run listed, so no stale picture is
    /// mistaken for this run's (nothing else in the folder is touched), except those `keeping` keeps
    /// and the copies of goldens (a run writes most of them again with the same bytes: `store` then
    /// leaves them be). The run removes what it kept and did not use (`remove`).
    /// - Returns: the files kept.
    func prepare(keeping: Set<String> = []) throws -> Set<String> {
        try AtomicFile.makeFolder(path)
        let previous = previousFiles()
        let kept = previous.filter { keeping.contains($0) || $0.hasSuffix(".golden.png") }
        remove(previous.subtracting(kept))
        return kept
    }

    /// The files the previous run listed: from its list, or from the report of a version that wrote none.
    /// Either is read only as a regular file inside the folder and below `maximumListBytes` (a planted
    /// giant or linked file is ignored, and nothing is removed).
    private func previousFiles() -> Set<String> {
        if case .bytes(let bytes) = PathPolicy.read(path + "/" + Self.listName, root: path, limit: Self.maximumListBytes) {
            // Split as bytes, not as Characters: an 8 000-case run's list (477 KB) took 12 ms so.
            return Set(bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) })
        }
        guard case .bytes(let bytes) = PathPolicy.read(path + "/" + Self.reportName, root: path, limit: Self.maximumListBytes),
            let report = JSONNode.read(bytes), let cases = report["cases"]?.array
        else { return [] }
        let unused = (report["unused"]?.array ?? []).compactMap { $0["artifact"]?.string }
        return Set(cases.flatMap { Array(($0["artifacts"]?.strings ?? [:]).values) } + unused)
    }

    /// Removes artifact files (relative paths): only files inside the folder, never through a linked
    /// folder, and never a folder.
    func remove(_ files: Set<String>) {
        for file in files where !file.contains("..") {
            let full = path + "/" + file
            var info = stat()
            guard (try? PathPolicy.checkWritable(full, root: path)) != nil, lstat(full, &info) == 0,
                info.st_mode & S_IFMT != S_IFDIR
            else { continue }
            unlink(full)
        }
    }

    /// A copy of a golden the report shows (a passed case's, an unused one), so it opens from inside
    /// the folder.
    /// - Returns: the file written, relative to the folder, or nil.
    func writeGoldenCopy(_ name: String, golden: [UInt8]) -> String? {
        let relative = name + ".golden.png"
        return (try? store(golden, at: relative)) == nil ? nil : relative
    }

    /// Writes `bytes` at `relative` inside the folder, never through a linked folder. Artifacts are
    /// made again by the next run, so they are not flushed to disk one by one.
    private func store(_ bytes: [UInt8], at relative: String) throws {
        let full = path + "/" + relative
        // A file the last run left with exactly these bytes (a golden's copy) is not written again.
        if case .bytes(let existing) = PathPolicy.read(full, root: path, limit: bytes.count), existing == bytes { return }
        try PathPolicy.checkWritable(full, root: path)
        try AtomicFile.makeFolder(URL(fileURLWithPath: full).deletingLastPathComponent().path)
        try AtomicFile.write(bytes, to: full, durable: false)
    }

    /// Writes what a reviewer needs for a failing case.
    /// - Returns: the files written by kind, relative to the folder, and why one could not be written.
    func write(
        _ name: String, actual: [UInt8], actualLayout: LayoutSnapshot, golden goldenBytes: [UInt8]?,
        goldenLayout: LayoutSnapshot?, diff: ImageDiff?
    ) -> (files: [String: String], error: String?) {
        var files: [String: String] = [:]
        var failure: String? = nil
        func put(_ kind: String, _ suffix: String, _ bytes: [UInt8]) {
            let relative = name + suffix
            do {
                try store(bytes, at: relative)
                files[kind] = relative
            } catch {
                if failure == nil { failure = "\(error)" }
            }
        }
        put("actual", ".actual.png", actual)
        put("actualLayout", ".actual.layout.txt", Array(actualLayout.text.utf8))
        if let goldenBytes { put("golden", ".golden.png", goldenBytes) }
        if let goldenLayout { put("goldenLayout", ".golden.layout.txt", Array(goldenLayout.text.utf8)) }
        if let diff, let png = try? PNGCodec.encode(diff.image, scale: 1) {
            put("diff", ".diff.png", png)
        }
        return (files, failure)
    }
}
