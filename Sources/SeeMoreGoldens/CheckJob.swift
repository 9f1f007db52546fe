import SeeMoreSupport

/// What every worker process of a check checks with (`CheckWorkers`): the run's suite and the
/// options that decide a case's result, encoded whole as a versioned binary record. A worker reads
/// this record, never the command line, so an option added here reaches it; `CheckOptions`' other
/// fields (threads, progress, the cache, the workers themselves, a stop request, waiting for the
/// lock) are the parent's alone, and a test fails when an option is neither (`CheckJobTests`).
package struct CheckJob: Equatable, Sendable {
    package var suitePath: String
    package var templatesFolder: String?
    package var record: RecordMode
    package var tolerance: Tolerance
    package var artifactsFolder: String
    package var shard: Shard?
    package var filter: String?

    /// The record's format; a worker refuses another.
    static let version = 1
    /// `CheckOptions`' fields a job does not carry: the parent's own.
    package static let parentsOwn: Set<String> = ["jobs", "progress", "cache", "skipCache", "workers", "stop", "waitForLock"]

    package init(suitePath: String, templatesFolder: String?, options: CheckOptions) {
        self.suitePath = suitePath
        self.templatesFolder = templatesFolder
        record = options.record
        tolerance = options.tolerance
        artifactsFolder = options.artifactsFolder
        shard = options.shard
        filter = options.filter
    }

    /// The options a worker checks with: these, in one thread of its own.
    package var options: CheckOptions {
        var options = CheckOptions(record: record, artifactsFolder: artifactsFolder)
        options.tolerance = tolerance
        options.shard = shard
        options.filter = filter
        return options
    }

    package var bytes: [UInt8] {
        var writer = RecordWriter()
        writer.integer(Self.version)
        writer.string(suitePath)
        writer.optional(templatesFolder) { $0.string($1) }
        writer.string(record.rawValue)
        writer.double(tolerance.threshold)
        writer.integer(tolerance.maxDiffPixels)
        writer.double(tolerance.maxDiffRatio)
        writer.optional(tolerance.deltaE) { $0.double($1) }
        writer.string(artifactsFolder)
        writer.optional(shard) {
            $0.integer($1.index)
            $0.integer($1.count)
        }
        writer.optional(filter) { $0.string($1) }
        return writer.bytes
    }

    /// The job `bytes` hold; nil for another version or bytes no `CheckJob` wrote.
    package init?(bytes: [UInt8]) {
        var reader = RecordReader(bytes[...])
        do {
            guard try reader.integer() == Self.version else { return nil }
            suitePath = try reader.string()
            templatesFolder = try reader.optional { try $0.string() }
            guard let record = RecordMode(rawValue: try reader.string()) else { return nil }
            self.record = record
            tolerance = Tolerance(
                threshold: try reader.double(), maxDiffPixels: try reader.integer(), maxDiffRatio: try reader.double(),
                deltaE: try reader.optional { try $0.double() })
            artifactsFolder = try reader.string()
            let shard: Shard?? = try reader.optional { Shard(index: try $0.integer(), count: try $0.integer()) }
            if case .some(.none) = shard { return nil }
            self.shard = shard ?? nil
            filter = try reader.optional { try $0.string() }
        } catch {
            return nil
        }
        guard reader.isAtEnd else { return nil }
    }
}
