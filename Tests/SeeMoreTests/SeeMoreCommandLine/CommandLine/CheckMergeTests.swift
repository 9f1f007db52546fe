import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
import Testing

/// `seemore check merge`: a check's shards merged are the run that checked every case, and shards
/// that are not of one run, or were changed, are refused by name.
@Suite struct CheckMergeTests {
    /// A changed suite (8 failing cases) with an unused golden, and the arguments that check it.
    private static func changedSuiteWithOrphan() throws -> (check: [String], suite: String, folder: String) {
        let (check, suite, folder, _) = try GoldenFixtures.changedSuite()
        let stray = folder + "/x/gone"
        try FileManager.default.createDirectory(atPath: stray, withIntermediateDirectories: true)
        for suffix in [".png", ".layout.txt"] {
            try FileManager.default.copyItem(
                atPath: folder + "/x/long/DejaVuSans-15@200.light.collapsed" + suffix,
                toPath: stray + "/DejaVuSans-15@200.light.collapsed" + suffix)
        }
        // The arguments without --artifacts and its value: each run names its own. Every case drawn: a
        // merge tells of no skipping, and the whole run would.
        var arguments = check + ["--no-skip"]
        if let at = arguments.firstIndex(of: "--artifacts") { arguments.removeSubrange(at...(at + 1)) }
        return (arguments, suite, folder)
    }

    /// Runs `arguments` with its artifacts, JUnit and Markdown summary in `folder`; returns the output
    /// with `folder`'s path written as `RUN`.
    private static func run(_ arguments: [String], in folder: String) throws -> (
        status: Int32, stdout: String, files: [String: Data]
    ) {
        let artifacts = folder + "/artifacts"
        let output = try BinaryRunner.run(
            arguments + ["--artifacts", artifacts, "--junit", folder + "/junit.xml", "--summary", folder + "/summary.md"])
        var files: [String: Data] = [:]
        for (name, data) in GoldenFixtures.files(under: folder) where name != "artifacts/artifacts.txt" {
            var text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: folder, with: "RUN")
            // Each case's time is this run's own.
            text = text.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
            files[name] = name.hasSuffix(".png") ? data : Data(text.utf8)
        }
        return (output.status, output.stdout.replacingOccurrences(of: folder, with: "RUN"), files)
    }

    /// Runs that skip unchanged cases, each with a skip cache of its own (a CI job's, empty): the merge
    /// tells what the shards skipped and why they drew the rest as the one run tells it.
    @Test func shardsThatSkip_mergedAreTheOneRun() throws {
        let (check, suite, _) = try Self.changedSuiteWithOrphan()
        let skipping = check.filter { $0 != "--no-skip" }
        let base = try BinaryRunner.temporaryFolder().path
        let cache = { (name: String) in ["--skip-cache", base + "/cache-" + name] }
        let whole = try Self.run(skipping + cache("whole"), in: base + "/whole")
        var shards: [String] = []
        for index in 1...3 {
            let shard = base + "/shard\(index)"
            let output = try BinaryRunner.run(
                skipping + cache("\(index)") + ["--shard", "\(index)/3", "--artifacts", shard, "--allow-empty"])
            #expect([0, 1].contains(output.status), "\(output.stderr)")
            shards.append(shard)
        }
        let merged = try Self.run(
            ["check", "merge", "--suite", suite, "--templates", CardFixtures.templatesFolder] + shards, in: base + "/merged")
        #expect(whole.stdout.contains("Skipped: 0 skipped (unchanged since they passed); 16 drawn: 16 no skip ledger yet"))
        #expect(merged.stdout == whole.stdout)
        #expect(merged.files["artifacts/report.json"] == whole.files["artifacts/report.json"])
    }

    @Test func shardsMerged_areTheOneRun() throws {
        let (check, suite, folder) = try Self.changedSuiteWithOrphan()
        let base = try BinaryRunner.temporaryFolder().path
        let whole = try Self.run(check, in: base + "/whole")
        #expect(whole.status == 1)
        var shards: [String] = []
        for index in 1...3 {
            let shard = base + "/shard\(index)"
            let output = try BinaryRunner.run(check + ["--shard", "\(index)/3", "--artifacts", shard, "--allow-empty"])
            #expect([0, 1].contains(output.status), "\(output.stderr)")
            #expect(FileManager.default.fileExists(atPath: shard + "/" + CheckShardFile.fileName))
            shards.append(shard)
        }
        // Given in any order.
        let merged = try Self.run(
            ["check", "merge", "--suite", suite, "--templates", CardFixtures.templatesFolder] + shards.reversed(),
            in: base + "/merged")
        #expect(merged.status == whole.status)
        #expect(merged.stdout == whole.stdout)
        #expect(whole.stdout.contains("8 failed"), "\(whole.stdout)")
        #expect(whole.stdout.contains("MISSING \(folder)/x/gone/DejaVuSans-15@200.light.collapsed.png"), "\(whole.stdout)")
        #expect(whole.files.count > 40)
        #expect(merged.files.keys.sorted() == whole.files.keys.sorted())
        for (name, data) in whole.files { #expect(merged.files[name] == data, "\(name)") }
        #expect(whole.files["junit.xml"].map { String(decoding: $0, as: UTF8.self).contains("[[ATTACHMENT|") } == true)

        // The merged report is one approve reads: approving every change, the check passes.
        let approve = try BinaryRunner.run(
            ["approve", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", base + "/merged/artifacts"])
        #expect(approve.status == 0, "\(approve.stderr)")
        let after = try BinaryRunner.run(check + ["--artifacts", base + "/after"])
        #expect(after.stdout.contains("16 cases: 16 passed, 0 failed"), "\(after.stdout)")
    }

    @Test func aRunThatIsNoShard_leavesNoShardFile() throws {
        let (check, _, _) = try Self.changedSuiteWithOrphan()
        let artifacts = try BinaryRunner.temporaryFolder().path
        _ = try BinaryRunner.run(check + ["--shard", "1/2", "--artifacts", artifacts])
        #expect(FileManager.default.fileExists(atPath: artifacts + "/" + CheckShardFile.fileName))
        _ = try BinaryRunner.run(check + ["--artifacts", artifacts])
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/" + CheckShardFile.fileName))
    }

    /// Three shards of the changed suite, and the merge command for them.
    private static func shards() throws -> (merge: [String], shards: [String], check: [String]) {
        let (check, suite, _) = try Self.changedSuiteWithOrphan()
        let base = try BinaryRunner.temporaryFolder().path
        let shards = (1...3).map { base + "/shard\($0)" }
        for (index, shard) in shards.enumerated() {
            _ = try BinaryRunner.run(check + ["--shard", "\(index + 1)/3", "--artifacts", shard, "--allow-empty"])
        }
        let merge = [
            "check", "merge", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", base + "/merged",
        ]
        return (merge, shards, check)
    }

    private static func expectRefused(
        _ arguments: [String], status: Int32 = 65, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == status, "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.contains(message), "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test func shardsNotOfOneRun_areRefusedByName() throws {
        let (merge, shards, check) = try Self.shards()
        try Self.expectRefused(merge + shards.dropLast(), saying: "shard 3/3 missing: give the artifacts folders of all 3 shards")
        try Self.expectRefused(merge + [shards[0], shards[0], shards[1]], saying: "are both shard 1/3")
        try Self.expectRefused(merge + shards + [shards[0] + "-none"], status: 66, saying: "is \(shards[0])-none the artifacts")
        try Self.expectRefused(merge + [], status: 64, saying: "give the shards' artifacts folders")
        try Self.expectRefused(
            merge.dropLast(2) + ["--artifacts", shards[1]] + shards, saying: "is also a shard (\(shards[1]))")
        // A shard of another split, and of another version of the suite.
        _ = try BinaryRunner.run(check + ["--shard", "1/2", "--artifacts", shards[0], "--allow-empty"])
        try Self.expectRefused(merge + shards, saying: "is not a shard of the same run: it checked with --shard I/3")
        let suite = merge[merge.firstIndex(of: "--suite")! + 1]
        let text = try String(contentsOfFile: suite, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Evening tea", with: "Night owl").utf8).write(to: URL(fileURLWithPath: suite))
        try Self.expectRefused(merge + shards, saying: "checked another version of the suite or its templates")
    }

    /// Shard files changed by hand (or forged by a pull request) are refused before anything is written.
    @Test func changedShardFiles_areRefused() throws {
        let (merge, shards, _) = try Self.shards()
        // A shard with a failing case, whose artifacts include its actual picture.
        let (folder, file) = try #require(
            try shards.map { ($0, try CheckShardFile.read(folder: $0)) }.first { $0.1.results.contains { $0.failed } })
        let path = folder + "/" + CheckShardFile.fileName
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let failing = try #require(file.results.first { $0.failed && $0.artifacts["actual"] != nil })
        let shard = try #require(file.shard)
        let other = try #require(
            GoldenFixtures.load(merge[merge.firstIndex(of: "--suite")! + 1]).cases.first { !shard.holds(caseNamed: $0.name) })
        func forged(_ change: (inout [CaseResult]) -> Void) throws {
            var results = file.results
            change(&results)
            try CheckShardFile.write(header: file, results: results, to: path)
        }
        try forged { $0[$0.firstIndex(of: failing)!].artifacts["actual"] = "../../elsewhere.png" }
        try Self.expectRefused(
            merge + shards, saying: "names '../../elsewhere.png' as its actual artifact, which is not its file")
        try forged { $0.append(failing) }
        try Self.expectRefused(merge + shards, saying: "case '\(failing.name)' has two results")
        try forged { $0[0].name = other.name }
        try Self.expectRefused(merge + shards, saying: "case '\(other.name)' is not shard \(shard)'s")
        try forged { $0[0].name = "no/such/case" }
        try Self.expectRefused(merge + shards, saying: "case 'no/such/case' is not in")
        try Data(original.prefix(original.count - 3)).write(to: URL(fileURLWithPath: path))
        try Self.expectRefused(merge + shards, saying: "damaged: a record ends early")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        try Self.expectRefused(merge + shards, saying: "not a check's shard file")
        // An artifact that is a link out of the shard's folder is not followed.
        try original.write(to: URL(fileURLWithPath: path))
        let actual = folder + "/" + (failing.artifacts["actual"] ?? "")
        try FileManager.default.removeItem(atPath: actual)
        try FileManager.default.createSymbolicLink(atPath: actual, withDestinationPath: "/etc/passwd")
        try Self.expectRefused(merge + shards, saying: "\(actual): a symbolic link, not followed")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
        try Self.expectRefused(merge + shards, saying: "shard.records: a symbolic link, not followed")
        // Nothing was merged.
        #expect(!FileManager.default.fileExists(atPath: merge.last! + "/report.json"))
    }
}
