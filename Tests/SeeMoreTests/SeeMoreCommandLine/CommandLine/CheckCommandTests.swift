import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// `seemore check`, `approve` and `prune` run as a binary.
@Suite struct CheckCommandTests {
    static func check(_ suite: String, _ extra: [String] = [], input: FileHandle? = nil) throws -> BinaryRunner.Output {
        let artifacts = URL(fileURLWithPath: suite).deletingLastPathComponent().path + "-artifacts"
        return try BinaryRunner.run(
            ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", artifacts] + extra,
            input: input)
    }

    @Test func exitCodes_followTheOutcome() throws {
        let suite = try GoldenFixtures.suiteFile()
        let never = try Self.check(suite, ["--record", "never"])
        #expect(never.status == 1)
        #expect(never.stdout.contains("NEW inline-more/long/DejaVuSans-15@200.light.collapsed: no golden yet"))
        #expect(never.stderr == "", "no progress bar when standard error is not a terminal")
        let recording = try Self.check(suite, ["--record", "missing"])
        #expect(recording.status == 1)
        #expect(recording.stdout.contains("; recorded \(URL(fileURLWithPath: suite).deletingLastPathComponent().path)/x/short/"))
        // Goldens this run wrote are in place already: approve would find nothing, so it is not suggested.
        #expect(
            recording.stdout.contains("nothing to approve") && !recording.stdout.contains("Approve one group"),
            "\(recording.stdout)")
        #expect(never.stdout.contains("Approve one group: seemore approve --group ID"), "\(never.stdout)")
        let clean = try Self.check(suite, ["--record", "never", "--jobs", "2"])
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.hasPrefix("Environment: unchanged"))
        #expect(clean.stdout.contains("16 cases: 16 passed, 0 failed"))
    }

    /// `--jobs 2` checks in two worker processes: the goldens, artifacts, report and output are those of
    /// one process, byte for byte (the same suite folder is recorded twice).
    @Test func workerProcesses_writeWhatOneProcessWrites() throws {
        let suite = try GoldenFixtures.suiteFile()
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        var runs: [(String, [(String, Data)])] = []
        for jobs in ["1", "2"] {
            for file in GoldenFixtures.files(under: folder).map(\.0) where file != "suite.json" {
                try FileManager.default.removeItem(atPath: folder + "/" + file)
            }
            let recorded = try Self.check(suite, ["--record", "missing", "--jobs", jobs, "--no-skip"])
            #expect(recorded.status == 1)
            // Every case drawn: the second run would skip what the first passed.
            let checked = try Self.check(suite, ["--record", "never", "--jobs", jobs, "--json", "--no-skip"])
            #expect(checked.status == 0)
            let artifacts = GoldenFixtures.files(under: folder + "-artifacts").map { ("artifacts/" + $0.0, $0.1) }
            runs.append((recorded.stdout + checked.stdout, GoldenFixtures.files(under: folder) + artifacts))
        }
        #expect(runs[0].1.count > 40)
        #expect(runs[0].1.map(\.0) == runs[1].1.map(\.0))
        // The artifacts list records each file's identity (inode, time): the one file that differs.
        for (one, two) in zip(runs[0].1, runs[1].1) where one.0 != "artifacts/artifacts.txt" {
            #expect(one.1 == two.1, "\(one.0)")
        }
        #expect(runs[0].0 == runs[1].0)
    }

    @Test func json_printsTheReport() throws {
        let suite = try GoldenFixtures.suiteFile()
        let output = try Self.check(suite, ["--record", "never", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect((report["summary"] as? [String: Any])?["new"] as? Int == 16)
        #expect((report["cases"] as? [Any])?.count == 16)
    }

    @Test func corruptGolden_isExit65AndNamed() throws {
        let suite = try GoldenFixtures.suiteFile()
        _ = try Self.check(suite, ["--record", "missing"])
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/x/long/DejaVuSans-15@300.light.expanded.png"))
        let output = try Self.check(suite, ["--record", "never"])
        #expect(output.status == 65)
        #expect(output.stdout.contains("x/long/DejaVuSans-15@300.light.expanded: unreadable golden"))
        #expect(output.stdout.contains("16 cases: 15 passed, 1 failed"))
    }

    @Test(arguments: [
        (["--shard", "3/2"], "--shard must be I/N with 1 ≤ I ≤ N ≤ 100000, not '3/2'"),
        // One shard parser for check and scan (#42: check took '1/x/2' as 1/2, scan refused it).
        (["--shard", "1/x/2"], "--shard must be I/N with 1 ≤ I ≤ N ≤ 100000, not '1/x/2'"),
        (["--shard", "1/200000"], "--shard must be I/N with 1 ≤ I ≤ N ≤ 100000, not '1/200000'"),
        (["--threshold", "1.5"], "--threshold must be a number from 0 to 1, not '1.5'"),
        (["--record", "sometimes"], "--record must be one of never, missing, failed, all, not 'sometimes'"),
        (["--jobs", "0"], "--jobs must be a whole number of at least 1, not '0'"),
    ])
    func badFlags_areUsageErrors(arguments: [String], message: String) throws {
        let output = try BinaryRunner.run(["check"] + arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func selectionOfNoCase_failsUnlessAllowed() throws {
        let suite = try GoldenFixtures.suiteFile()
        let base = ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--record", "missing"]
        let empty = try BinaryRunner.run(base + ["--filter", "nothing/*"])
        #expect(empty.status == 65)
        #expect(empty.stderr.contains("no case matches --filter 'nothing/*' (of 16"), "\(empty.stderr)")
        let allowed = try BinaryRunner.run(base + ["--filter", "nothing/*", "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("0 cases"))
    }

    @Test func invalidRecordModeInTheEnvironment_isAnError() throws {
        let suite = try GoldenFixtures.suiteFile()
        let output = try BinaryRunner.run(
            ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder], environment: ["SEEMORE_RECORD": "bogus"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("SEEMORE_RECORD must be one of never, missing, failed, all, not \"bogus\""))
        #expect(throws: RecordModeError(value: "Failed")) { try RecordMode.fromEnvironment(["SEEMORE_RECORD": "Failed"]) }
        #expect(try RecordMode.fromEnvironment(["SEEMORE_RECORD": "all", "CI": "1"]) == .all)
        #expect(try RecordMode.fromEnvironment(["CI": "1"]) == .never)
    }

    @Test(arguments: [
        ["layout", "--text", "x", "--width", "100", "--width", "200"],
        ["render", "--text", "x", "--theme", "light", "--theme=dark"],
        ["check", "--jobs", "1", "--jobs", "2"],
        ["layout", "--text", "x", "--json", "--json"],
    ])
    func repeatedFlag_isAUsageError(arguments: [String]) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains("is given more than once"), "\(output.stderr)")
    }

    @Test func caseThatPangoWouldAbortOn_failsAloneAndTheRunGoesOn() throws {
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"texts\": {",
            with:
                "\"texts\": {\n\"abort\": { \"text\": \"<span allow_breaks=\\\"false\\\">hello world hello</span>\", \"markup\": true },"
        )
        .replacingOccurrences(of: "\"texts\": [\"short\", \"long\"]", with: "\"texts\": [\"short\", \"long\", \"abort\"]")
        let suite = try GoldenFixtures.suiteFile(json)
        let artifacts = try BinaryRunner.temporaryFolder().path
        let output = try BinaryRunner.run([
            "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--record", "missing", "--artifacts",
            artifacts,
        ])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("24 cases"), "\(output.stdout)")
        #expect(output.stdout.contains("cannot render: invalid markup: allow_breaks is not supported"), "\(output.stdout)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/report.json"))
    }

    @Test func brokenOrMissingSuite_exits65Or66() throws {
        let broken = try GoldenFixtures.suiteFile(#"{"texts": {}, "matrices": [{"templates": ["x"]}]}"#)
        let output = try BinaryRunner.run(["check", "--suite", broken])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(broken):1:"))
        #expect(output.stderr.contains("matrices[0].texts: missing required field"))
        let missing = try BinaryRunner.run(["check", "--suite", "/nonexistent/suite.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/suite.json"))
    }

    @Test func approve_acceptsTheActualImages() throws {
        let (_, changed, templatesFolder) = try GoldenRunnerTests.recordedSuiteWithChangedTemplate()
        let artifacts = changed.folder + "-artifacts"
        let check = [
            "check", "--suite", changed.path, "--templates", templatesFolder, "--artifacts", artifacts, "--record", "never",
        ]
        #expect(try BinaryRunner.run(check).status == 1)
        let one = try BinaryRunner.run(["approve", "--artifacts", artifacts, "--suite", changed.path, "--filter", "*@200*"])
        #expect(one.status == 0)
        #expect(one.stdout.contains("approved 1 golden\n"))
        let still = try BinaryRunner.run(check)
        #expect(still.status == 1)
        #expect(still.stdout.contains("1 failed"))
        let rest = try BinaryRunner.run(["approve", "--artifacts", artifacts, "--suite", changed.path])
        #expect(rest.stdout.contains("approved inline-more/long/DejaVuSans-15@300.light.collapsed"))
        #expect(try BinaryRunner.run(check).status == 0)
        let nothing = try BinaryRunner.run(["approve", "--artifacts", artifacts + "/missing"])
        #expect(nothing.status == 66)
    }

    @Test func prune_removesGoldensNoCaseProduces() throws {
        let suite = try GoldenFixtures.suiteFile()
        _ = try Self.check(suite, ["--record", "missing"])
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder + "/old/gone", withIntermediateDirectories: true)
        for file in [
            "/old/gone/DejaVuSans-15@200.light.collapsed.png", "/old/gone/DejaVuSans-15@200.light.collapsed.layout.txt",
            "/x/short/.DejaVuSans-15@250.light.collapsed.png.tmp-1-2",
        ] {
            try Data([1]).write(to: URL(fileURLWithPath: folder + file))
        }
        // Files that are not goldens by place or name are never touched.
        let foreign = [
            "/docs/logo.png", "/x/short/logo.png", "/x/short/DejaVuSans-15@999.light.collapsed.png", "/logo.png",
            "/x/notes.layout.txt",
        ]
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        for file in foreign { try Data([1]).write(to: URL(fileURLWithPath: folder + file)) }
        let dry = try BinaryRunner.run(["prune", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("would remove \(folder)/old/gone/DejaVuSans-15@200.light.collapsed.png"))
        #expect(dry.stdout.contains("would remove 3 files"))
        #expect(FileManager.default.fileExists(atPath: folder + "/old/gone/DejaVuSans-15@200.light.collapsed.png"))
        let real = try BinaryRunner.run(["prune", "--suite", suite, "--templates", CardFixtures.templatesFolder])
        #expect(real.stdout.contains("removed 3 files"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/old"))
        for file in foreign { #expect(FileManager.default.fileExists(atPath: folder + file), "\(file) was removed") }
    }

    @Test func killedWhileRecording_leavesEveryGoldenWhole() throws {
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"widths\": [200, 300] }", with: "\"widths\": [200, 220, 250, 280, 300, 320, 350, 380], \"scales\": [1, 3] }")
        var interruptedMidRun = 0
        for delay in [150, 300, 500, 800] {
            let suite = try GoldenFixtures.suiteFile(json)
            let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
            let process = Process()
            process.executableURL = BinaryRunner.executable
            process.arguments = [
                "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--record", "all", "--artifacts",
                folder + "-artifacts",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Every file under any name is whole: a killed write leaves the old file or the new one. (A
            // temporary name only ever holds a complete file: data goes to an unnamed O_TMPFILE first.)
            let files = GoldenFixtures.files(under: folder)
            let goldens = files.filter { $0.0.hasSuffix(".png") }.count
            if goldens > 0 && goldens < 128 { interruptedMidRun += 1 }
            for (relative, data) in files {
                if relative.hasSuffix(".png") || relative.contains(".png.tmp-") {
                    #expect((try? PNGCodec.decode([UInt8](data))) != nil, "partial golden \(relative) after \(delay) ms")
                } else if relative.hasSuffix(".layout.txt") || relative.contains(".layout.txt.tmp-") {
                    #expect(String(decoding: data, as: UTF8.self).hasSuffix("\n"), "partial layout \(relative)")
                }
            }
        }
        #expect(interruptedMidRun > 0, "no kill landed while goldens were being written")
    }
}

/// What a CI step's check leaves in a checkout: its artifacts folder ignored by git, and one
/// convention for paths — the JUnit file's and the summary's both name the artifacts folder.
struct CheckCIOutputsTests {
    @Test func theArtifactsFolder_isIgnored_andPathsShareOneConvention() throws {
        let (check, _, _, artifacts) = try GoldenFixtures.changedSuite()
        let ignore = try String(contentsOfFile: artifacts + "/.gitignore", encoding: .utf8)
        #expect(ignore.hasSuffix("\n*\n"), "\(ignore)")
        let junit = artifacts + "/junit.xml", summary = artifacts + "/summary.md"
        let run = try BinaryRunner.run(check + ["--junit", junit, "--summary", summary])
        #expect(run.status == 1, "\(run.stderr)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        let diff = try #require(xml.firstMatch(of: /diff: ([^<\n]+\.diff\.png)/)).1
        #expect(diff.hasPrefix(artifacts + "/"), "the JUnit diff path names the artifacts folder: \(diff)")
        #expect(markdown.contains(String(diff)), "the summary names the same path: \(diff)")
    }
}
