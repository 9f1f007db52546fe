import FoundationEssentials
import Glibc
import SeeMoreSupport
import SeeMoreText

/// `shard.records`, which a check run with `--shard I/N` leaves beside its report: the run's facts
/// and every case's whole result (the time it took too, which report.json leaves out), for
/// `seemore check merge` to combine shards into the run that checked every case.
///
/// Its bytes are a marker line, then records (`RecordWriter`), each a length and its bytes: the
/// header first, then one a case in case order. It is read as a stranger's file: every record is
/// bounds-checked (`RecordReader`), the file has a size limit, and what it says is checked against
/// the suite by `CheckMerge`.
package struct CheckShardFile: Equatable {
    package static let fileName = "shard.records"
    /// The file's first bytes: what it is and its format's version (a merge refuses another).
    static let marker = Array("seemore check shard 2\n".utf8)
    /// The largest file read: a million cases with their layout differences.
    package static let maximumBytes = 1 << 30

    /// The SeeMore version that checked (a merge refuses shards of another: their pictures differ).
    var seemore = Version.seemore
    /// Shard I of N, as numbers: a file's are checked when read (`Shard(index:count:)`).
    var shardIndex: Int
    var shardCount: Int
    var filter: String?
    /// The suite's inputs (`GoldenSuite.inputsHash`): shards of one run checked the same suite.
    var inputs: String
    var record: RecordMode
    var tolerance: Tolerance
    /// The run's fingerprint as JSON, and what it found changed.
    var environment: String?
    var environmentChanges: [String]
    var designChanges: [String]
    var fingerprintIsNew: Bool
    var fingerprintWritten: Bool
    var stoppedBy: String?
    var selectedCount: Int
    /// The results, in the shard's case order.
    var results: [CaseResult] = []

    /// The shard the file's run checked; nil for numbers no `--shard` takes.
    var shard: Shard? { Shard(index: shardIndex, count: shardCount) }

    /// Writes the file into the artifacts folder, the results read back from the run one at a time.
    static func write(summary: CheckSummary, shard: Shard, suite: GoldenSuite, options: CheckOptions, to folder: String) throws {
        let header = CheckShardFile(summary: summary, shard: shard, suite: suite, options: options)
        try write(header: header, results: summary.results, to: folder + "/" + fileName)
    }

    /// Writes `header`'s fields (not its `results`) and then `results` to `path`, a piece at a time.
    static func write(header: CheckShardFile, results: some Sequence<CaseResult>, to path: String) throws {
        try AtomicFile.write(to: path, durable: false) { write in
            var output = marker
            var record = RecordWriter()
            var fields = header
            fields.codeHeader(&record)
            output += Self.framed(record.bytes)
            for result in results {
                var record = RecordWriter()
                result.write(to: &record)
                output += Self.framed(record.bytes)
                if output.count >= 1 << 20 {
                    try write(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            try write(output)
        }
    }

    /// A record with its length before it.
    private static func framed(_ bytes: [UInt8]) -> [UInt8] {
        var length = RecordWriter()
        length.integer(bytes.count)
        return length.bytes + bytes
    }

    /// Why a shard's file cannot be used.
    package struct Unusable: Error, CustomStringConvertible {
        package var path: String
        package var message: String
        /// The file is not there at all (exit 66, not 65).
        package var missing = false
        package var description: String { "\(path): \(message)" }
    }

    /// Reads the file in `folder`.
    /// - Throws: `Unusable` naming the file and what is wrong with it.
    static func read(folder: String) throws(Unusable) -> CheckShardFile {
        let path = folder + "/" + fileName
        func unusable(_ message: String) -> Unusable { Unusable(path: path, message: message) }
        let bytes: [UInt8]
        switch PathPolicy.read(path, root: folder, limit: maximumBytes) {
        case .bytes(let read): bytes = read
        case .missing:
            throw Unusable(
                path: path, message: "no such file (is \(folder) the artifacts of a check run with --shard?)", missing: true)
        case .symbolicLink: throw unusable("a symbolic link, not followed")
        case .tooLarge(let size): throw unusable("\(size) bytes, more than \(maximumBytes)")
        case .notRegularFile, .outsideRoot: throw unusable("not a regular file")
        }
        guard bytes.starts(with: marker) else {
            let isOther = bytes.starts(with: Array("seemore check shard ".utf8))
            throw unusable(isOther ? "written in another format by another SeeMore version" : "not a check's shard file")
        }
        var reader = RecordReader(bytes[marker.count...])
        do {
            var header = try RecordReader(reader.data()[...])
            var file = CheckShardFile(
                shardIndex: 0, shardCount: 0, inputs: "", record: .never, tolerance: Tolerance(), environmentChanges: [],
                designChanges: [], fingerprintIsNew: false, fingerprintWritten: false, selectedCount: 0)
            try file.codeHeader(&header)
            guard header.isAtEnd, file.shard != nil, file.selectedCount >= 0 else { throw RecordReader.Damaged() }
            guard file.seemore == Version.seemore else {
                throw unusable("written by seemore \(file.seemore), not \(Version.seemore): merge with the version that checked")
            }
            while !reader.isAtEnd {
                var record = try RecordReader(reader.data()[...])
                let result = try CaseResult(from: &record)
                guard record.isAtEnd else { throw RecordReader.Damaged() }
                file.results.append(result)
            }
            return file
        } catch let error as Unusable {
            throw error
        } catch {
            throw unusable("damaged: a record ends early or holds what no check writes")
        }
    }

    /// The header's fields, listed once for writing and reading.
    private mutating func codeHeader<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&seemore)
        try coder.code(&shardIndex)
        try coder.code(&shardCount)
        try coder.code(&filter)
        try coder.code(&inputs)
        try coder.code(&record)
        try coder.code(&tolerance.threshold)
        try coder.code(&tolerance.maxDiffPixels)
        try coder.code(&tolerance.maxDiffRatio)
        try coder.code(&tolerance.deltaE, blank: 0) { coder, value throws(Coder.Failure) in try coder.code(&value) }
        try coder.code(&environment)
        try coder.code(&environmentChanges)
        try coder.code(&designChanges)
        try coder.code(&fingerprintIsNew)
        try coder.code(&fingerprintWritten)
        try coder.code(&stoppedBy)
        try coder.code(&selectedCount)
    }
}

extension CheckShardFile {
    /// The header of `summary`'s run, without its results.
    init(summary: CheckSummary, shard: Shard, suite: GoldenSuite, options: CheckOptions) {
        shardIndex = shard.index
        shardCount = shard.count
        filter = options.filter
        inputs = suite.inputsHash
        record = options.record
        tolerance = options.tolerance
        environment = summary.environment.map { $0.json.serialized() }
        environmentChanges = summary.environmentChanges
        designChanges = summary.designChanges
        fingerprintIsNew = summary.fingerprintIsNew
        fingerprintWritten = summary.fingerprintWritten
        stoppedBy = summary.stoppedBy
        selectedCount = summary.selectedCount
    }
}
