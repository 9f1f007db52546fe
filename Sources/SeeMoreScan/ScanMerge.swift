import Glibc
import SeeMoreSupport

/// `scan merge`: the folders of a scan's shards combined into the folder one run would have written:
/// the statistics summed, the galleries' worst cases kept, `cases.jsonl` interleaved back into corpus
/// order (a streaming merge by line, so memory stays flat), the pictures copied.
package enum ScanMerge {
    /// The largest `scan.json` read (a gallery of 200 cases per lint of 10 000-character texts fits).
    package static let maximumResultBytes = 64 << 20

    /// - Throws: `ScanFileError` for a shard folder's file that cannot be read or is damaged,
    ///   `ScanResult.MergeError` for shards that do not belong together, `AtomicFile.WriteError`.
    package static func merge(_ shards: [String], into folder: String) throws -> ScanResult {
        let target = PathPolicy.standardized(folder)
        if let same = shards.first(where: { PathPolicy.standardized($0) == target }) {
            throw ScanResult.MergeError(message: "the output folder \(folder) is also a shard (\(same)): give another --out")
        }
        let parts = try shards.map { shard in (shard, try read(shard)) }
        let merged = try ScanResult.merging(parts)
        let output = ScanOutput(folder: folder)
        try output.prepare()
        try AtomicFile.write(to: output.casesPath, durable: false) { write in
            try interleaveCases(shards, write: write)
        }
        try output.copyPictures(of: merged.gallery, from: shards)
        try output.writeResult(merged)
        return merged
    }

    private static func read(_ shard: String) throws -> ScanResult {
        let path = shard + "/scan.json"
        switch PathPolicy.read(path, root: shard, limit: maximumResultBytes) {
        case .bytes(let bytes): return try ScanResult(json: bytes, path: path)
        case .missing: throw ScanFileError(path: path, message: "no such file (is \(shard) a scan's folder?)")
        case .symbolicLink: throw ScanFileError(path: path, message: "a symbolic link, not followed")
        case .tooLarge(let size): throw ScanFileError(path: path, message: "\(size) bytes, more than \(maximumResultBytes)")
        case .notRegularFile, .outsideRoot: throw ScanFileError(path: path, message: "not a regular file")
        }
    }

    /// The shards' `cases.jsonl` lines in corpus order: at each step the lines of the text with the
    /// lowest corpus line (a text is in one shard only, its cases one after another).
    private static func interleaveCases(_ shards: [String], write: ([UInt8]) throws -> Void) throws {
        var sources: [CaseLines] = []
        defer { sources.forEach { $0.close() } }
        for shard in shards { sources.append(try CaseLines(path: shard + "/cases.jsonl", root: shard)) }
        var output: [UInt8] = []
        while true {
            var lowest: (index: Int, line: Int)? = nil
            for index in sources.indices {
                if let line = try sources[index].peekLine(), line < lowest?.line ?? .max { lowest = (index, line) }
            }
            guard let (index, line) = lowest else { break }
            while try sources[index].peekLine() == line {
                output += try sources[index].take()
                output.append(0x0A)
            }
            if output.count >= 1 << 18 {
                try write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        try write(output)
    }
}

/// A shard's `cases.jsonl`, a line at a time, each checked to be a case with its corpus line.
private struct CaseLines {
    let path: String
    private let descriptor: Int32
    private var source: ByteSource
    private var pending: (bytes: [UInt8], line: Int)? = nil
    private var number = 0
    private var lastLine = 0

    /// The longest line read: a case quotes no text, only its lints' details.
    static let maximumLineBytes = 1 << 20

    init(path: String, root: String) throws {
        self.path = path
        // A regular file under the shard's folder, no symbolic link on the way (checked without reading it).
        switch PathPolicy.read(path, root: root, limit: 0) {
        case .bytes, .tooLarge: break
        case .missing: throw ScanFileError(path: path, message: "no such file")
        case .symbolicLink: throw ScanFileError(path: path, message: "a symbolic link, not followed")
        case .notRegularFile, .outsideRoot: throw ScanFileError(path: path, message: "not a regular file")
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw ScanFileError(path: path, message: "cannot be opened") }
        source = ByteSource(descriptor: descriptor, limit: Self.maximumLineBytes)
    }

    func close() { Glibc.close(descriptor) }

    /// The corpus line of the next case; nil at the end.
    mutating func peekLine() throws -> Int? {
        if let pending { return pending.line }
        while let (bytes, overlong) = source.line() {
            number += 1
            guard !overlong else {
                throw ScanFileError(path: path, message: "line \(number): longer than \(Self.maximumLineBytes) bytes")
            }
            guard !bytes.isEmpty else { continue }
            guard case .success(let node) = JSONNode.parse(bytes), node.isObject,
                let line = node["line"]?.integer(in: 1...Int(Int32.max))
            else {
                throw ScanFileError(path: path, message: "line \(number): not a case (a JSON object with its corpus \"line\")")
            }
            // A shard writes its cases in corpus order: one out of order was changed by hand or forged,
            // and merged it would land silently in the wrong place.
            guard line >= lastLine else {
                throw ScanFileError(
                    path: path,
                    message: "line \(number): corpus line \(line) comes after \(lastLine); a shard's cases are in corpus order")
            }
            lastLine = line
            pending = (Array(bytes), line)
            return line
        }
        return nil
    }

    /// The next case's line, taken.
    mutating func take() throws -> [UInt8] {
        _ = try peekLine()
        defer { pending = nil }
        return pending?.bytes ?? []
    }
}
