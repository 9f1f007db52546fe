@testable import SeeMoreGoldens
import SeeMoreSupport
import Testing

/// A check's workers read its options from a typed record, never from re-parsed flags (#42 item 2):
/// every option reaches them whole, and an option added to `CheckOptions` fails here until the job
/// carries it or names it the parent's own.
@Suite struct CheckJobTests {
    @Test func everyOption_isCarriedOrTheParentsOwn() {
        let options = CheckOptions(record: .never, artifactsFolder: "a")
        let fields = Set(Mirror(reflecting: options).children.compactMap(\.label))
        let carried: Set<String> = ["record", "tolerance", "artifactsFolder", "shard", "filter"]
        #expect(fields == carried.union(CheckJob.parentsOwn), "an option neither carried nor the parent's: \(fields)")
        // Every tolerance figure is carried (a field added to Tolerance must be written too).
        let tolerance = Set(Mirror(reflecting: Tolerance()).children.compactMap(\.label))
        #expect(tolerance == ["threshold", "maxDiffPixels", "maxDiffRatio", "deltaE"], "\(tolerance)")
    }

    @Test func aJob_roundTripsWhole() throws {
        var options = CheckOptions(record: .failed, artifactsFolder: "/tmp/artifacts ä")
        options.tolerance = Tolerance(threshold: 0.25, maxDiffPixels: 7, maxDiffRatio: 0.01, deltaE: 2.5)
        options.shard = Shard(index: 2, count: 3)
        options.filter = "x/*@320*"
        let job = CheckJob(suitePath: "/suite/suite.json", templatesFolder: "/suite/Templates", options: options)
        let read = try #require(CheckJob(bytes: job.bytes))
        #expect(read == job)
        let back = read.options
        #expect(back.record == .failed && back.tolerance == options.tolerance && back.shard == options.shard)
        #expect(back.filter == options.filter && back.artifactsFolder == options.artifactsFolder)
        // Defaults and absent values too.
        let plain = CheckJob(suitePath: "s", templatesFolder: nil, options: CheckOptions(record: .never, artifactsFolder: "a"))
        #expect(CheckJob(bytes: plain.bytes) == plain)
        // Damaged, truncated or another version's bytes are no job.
        #expect(CheckJob(bytes: []) == nil && CheckJob(bytes: Array(job.bytes.dropLast())) == nil)
        #expect(CheckJob(bytes: [0x7F] + job.bytes.dropFirst()) == nil)
    }
}
