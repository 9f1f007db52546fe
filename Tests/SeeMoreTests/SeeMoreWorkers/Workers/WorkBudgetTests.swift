import Foundation
@testable import SeeMoreCards
@testable import SeeMoreText
import Testing

/// Every unit of work a stranger's input starts (a case, a batch line, a scanned text) runs in a
/// worker process with a time budget, past which the worker is ended and the unit fails by name while
/// the run goes on; with `--jobs 1` too; and a worker does not outlive its parent.
@Suite struct WorkBudgetTests {
    /// A text Pango 1.50 lays out in seconds on the expanded card (one unbreakable word of 48 000
    /// letters, broken letter by letter, in time quadratic in its length): past a budget of one second
    /// on any machine (3.1 s on 2026-12-06's; 24 200 letters took 0.8 s there, and the test failed).
    static let slowText = String(repeating: "x", count: 48_000)

    static func slowSuite() throws -> (suite: String, artifacts: String) {
        let json = """
            {
              "texts": { "slow": "\(slowText)", "short": "Morning coffee on the balcony." },
              "matrices": [ { "templates": ["inline-more"], "texts": ["slow", "short"], "fonts": ["DejaVu Sans 15"], "widths": [200] } ]
            }
            """
        let suite = try GoldenFixtures.suiteFile(json)
        return (suite, try BinaryRunner.temporaryFolder().path)
    }

    /// On main before the budgets, `check --jobs 1` had no budget (the case ran in the parent as long as
    /// it took) and the flag did not exist (exit 64).
    @Test(arguments: [1, 2]) func aCasePastItsBudget_failsByName_andTheRunGoesOn(jobs: Int) throws {
        let (suite, artifacts) = try Self.slowSuite()
        let started = Date()
        let output = try BinaryRunner.run([
            "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", artifacts,
            "--record", "missing", "--jobs", "\(jobs)", "--time-budget", "1",
        ])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 1, "\(output.stderr)")
        let slow = "inline-more/slow/DejaVuSans-15@200.light.expanded"
        #expect(
            output.stdout.contains("\(slow): not drawn: it took longer than its time budget (1 s), and its worker was ended"),
            "\(output.stdout)")
        #expect(output.stdout.contains("not drawn: past its time budget"), "the change group names the budget: \(output.stdout)")
        // The other cases were checked: their goldens were written.
        for name in ["short/DejaVuSans-15@200.light.collapsed", "short/DejaVuSans-15@200.light.expanded"] {
            #expect(output.stdout.contains("NEW inline-more/\(name): no golden yet"), "\(output.stdout)")
        }
        #expect(elapsed < 30, "the stalled case was ended after its budget, not waited for: \(elapsed) s")
        let report = try String(contentsOfFile: artifacts + "/report.json", encoding: .utf8)
        #expect(report.contains("took longer than its time budget"))
    }

    @Test func aBatchLinePastItsBudget_isAnErrorLine_andTheOthersAreDrawn() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let batch = [
            #"{"template": "inline-more", "text": "Morning coffee.", "name": "quick"}"#,
            #"{"template": "inline-more", "state": "expanded", "name": "slow", "text": "\#(Self.slowText)"}"#,
        ].joined(separator: "\n")
        let file = folder.appendingPathComponent("batch.jsonl")
        try Data(batch.utf8).write(to: file)
        let output = try BinaryRunner.run([
            "render", "--batch", file.path, "--jobs", "1", "--time-budget", "1", "--out", folder.path, "--templates",
            CardFixtures.templatesFolder,
        ])
        #expect(output.status == 70, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"collapsed\"") == true, "\(output.stdout)")
        #expect(lines.last?.contains("it took longer than its time budget, and its worker was ended") == true, "\(output.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("quick.collapsed.png").path))
    }

    /// A text that stalls its worker (a fault the tests inject) is reported as its cases' error after
    /// the budget, with `--jobs 1` too; on main before the budgets `--jobs 1` cut in the parent.
    @Test func aScannedTextPastItsBudget_isReported_andTheScanGoesOn() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let corpus = folder.appendingPathComponent("posts.jsonl")
        try Data(ScanRunTests.corpus(4).utf8).write(to: corpus)
        let out = folder.appendingPathComponent("scan").path
        let started = Date()
        let output = try BinaryRunner.run(
            ["scan", "--texts", corpus.path, "--out", out, "--jobs", "1", "--time-budget", "1"] + ScanRunTests.matrixArguments,
            environment: ["SEEMORE_TEST_WORKER_STALL_TEXT": "post-2"])
        #expect(output.status == 70, "\(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        let cases = String(decoding: try ScanRunTests.contents(out + "/cases.jsonl"), as: UTF8.self).split(separator: "\n")
        #expect(cases.count == 4 * 4)
        let failed = cases.filter { $0.contains("\"error\"") }
        #expect(failed.count == 4 && failed.allSatisfy { $0.contains("\"post-2\"") && $0.contains("time budget") }, "\(failed)")
    }

    /// A check killed with SIGKILL takes its workers with it: before, the worker drawing a slow case
    /// ran on, orphaned, at full CPU.
    @Test func aWorker_endsWithItsParent() throws {
        let (suite, artifacts) = try Self.slowSuite()
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = [
            "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", artifacts, "--record",
            "never", "--jobs", "1", "--filter", "*slow*expanded", "--time-budget", "600",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var workers: [Int32] = []
        for _ in 0..<200 where workers.isEmpty {
            usleep(50_000)
            workers = Self.children(of: process.processIdentifier)
        }
        #expect(!workers.isEmpty, "the check started a worker")
        usleep(500_000)  // the worker has loaded and is drawing the case
        // Its memory is capped.
        for worker in workers {
            let limits = (try? String(contentsOfFile: "/proc/\(worker)/limits", encoding: .utf8)) ?? ""
            let line = limits.split(separator: "\n").first { $0.hasPrefix("Max data size") } ?? ""
            if ProcessInfo.processInfo.environment["SEEMORE_SANITIZER"] == nil {
                #expect(line.contains("2147483648"), "\(line)")
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var alive = workers
        for _ in 0..<100 where !alive.isEmpty {
            usleep(50_000)
            alive = alive.filter { Self.isRunning($0) }
        }
        #expect(alive.isEmpty, "workers \(alive) outlived their parent")
        for worker in alive { kill(worker, SIGKILL) }
    }

    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent
        }
    }

    /// Alive and not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// Explicit embeddings nested past UAX #9's 125 levels, or thousands of balanced ones, are refused
    /// before layout: `('\u{202B}\u{202A}' × 60 + 'x\u{202C}') × 200` kept `layout` busy past 500 s.
    @Test func pathologicalBidiNesting_isRefusedBeforeLayout() throws {
        let engine = try LayoutEngine()
        let deep = String(repeating: String(repeating: "\u{202B}\u{202A}", count: 60) + "x\u{202C}", count: 200)
        let started = Date()
        #expect(throws: TruncationRequestError.bidiControls(at: 128, depthLimit: 125, countLimit: 1_000)) {
            try engine.truncate(TruncationRequest(text: deep))
        }
        let balanced = String(repeating: "\u{202A}x\u{202C}", count: 600)
        #expect(throws: TruncationRequestError.bidiControls(at: 1_500, depthLimit: 125, countLimit: 1_000)) {
            try engine.truncate(TruncationRequest(text: balanced))
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // Real texts use a few: an isolated mention in Arabic text is laid out.
        let real = "مرحبا \u{2066}@seemore\u{2069} " + String(repeating: "\u{2067}نص\u{2069} ", count: 400)
        #expect(try engine.truncate(TruncationRequest(text: real)).truncated)
    }
}
