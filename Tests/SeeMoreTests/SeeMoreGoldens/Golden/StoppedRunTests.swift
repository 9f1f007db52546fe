import Foundation
@testable import SeeMoreCommandLine
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// A check stopped by SIGINT or SIGTERM (Ctrl-C, a CI job's timeout) claims no further case, lets
/// the cases in flight finish writing, writes the report of what ran and exits 130 or 143; no
/// temporary file with a name stays next to a golden, even after kill -9 (the next run removes it).
@Suite struct StoppedRunTests {
    /// A suite of 960 cases in a fresh folder: long enough to be stopped partway.
    static func largeSuite() throws -> (path: String, folder: String) {
        let widths = (200..<320).map(String.init).joined(separator: ", ")
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(of: "\"widths\": [200, 300]", with: "\"widths\": [\(widths)]")
        let path = try GoldenFixtures.suiteFile(json)
        return (path, URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Files under `folder` (relative paths) whose names `keep` keeps.
    static func files(under folder: String, where keep: (String) -> Bool) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            if keep(URL(fileURLWithPath: relative).lastPathComponent) { found.append(relative) }
        }
        return found.sorted()
    }

    /// Starts a recording check of the large suite, waits until it has written a few goldens, sends
    /// `signal` and waits for it to end.
    static func stoppedRecording(jobs: Int, signal: Int32) throws -> (
        status: Int32, output: String, folder: String, artifacts: String
    ) {
        let (path, folder) = try largeSuite()
        let artifacts = try BinaryRunner.temporaryFolder().path
        let outputFile = try BinaryRunner.temporaryFolder().appendingPathComponent("output.txt")
        try Data().write(to: outputFile)
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = [
            "check", "--suite", path, "--templates", CardFixtures.templatesFolder, "--record", "all", "--jobs", "\(jobs)",
            "--artifacts", artifacts,
        ]
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Stopped partway: once a few goldens are on disk (within 60 s at most).
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline && files(under: folder, where: { $0.hasSuffix(".png") }).count < 6 {
            usleep(5_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8), folder, artifacts)
    }

    @Test(arguments: [1, 2], [SIGTERM, SIGINT])
    func aSignalMidRecord_leavesAReportOfWhatRan_andNoNamedTemporary(jobs: Int, signal: Int32) throws {
        let run = try Self.stoppedRecording(jobs: jobs, signal: signal)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(run.status == 128 + signal, "\(run.output)")
        #expect(run.output.contains("\(name): stopping after the cases in progress"), "\(run.output)")
        #expect(run.output.contains("STOPPED by \(name) after "), "\(run.output)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run.artifacts + "/report.json")))
                as? [String: Any])
        let stopped = try #require(report["stopped"] as? [String: Any])
        let checked = try #require(stopped["checked"] as? Int)
        #expect(stopped["by"] as? String == name)
        #expect(stopped["selected"] as? Int == 960)
        #expect(checked >= 6 && checked < 960, "\(stopped)")
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.count == checked)
        // Every golden on disk is one the report shows as recorded, and whole.
        let goldens = Self.files(under: run.folder, where: { $0.hasSuffix(".png") })
        let recorded = cases.filter { $0["recorded"] is String }
        #expect(goldens.count == recorded.count, "\(goldens.count) goldens, \(recorded.count) recorded")
        for golden in goldens {
            #expect(throws: Never.self) {
                try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/" + golden))))
            }
        }
        #expect(Self.files(under: run.folder, where: { $0.contains(".tmp-") }).isEmpty)
        #expect(FileManager.default.fileExists(atPath: run.artifacts + "/index.html"))
        let page = try String(contentsOfFile: run.artifacts + "/index.html", encoding: .utf8)
        #expect(page.contains("\"stopped\":{\"by\":\"\(name)\""))
    }

    /// kill -9 cannot be caught: what it leaves (a golden's temporary name, at most) the next
    /// recording run removes before it writes; temporaries of a live process, and files that only
    /// look like temporaries, stay.
    @Test func afterKill9_theNextRecordingRemovesLeftoverTemporaries() throws {
        let run = try Self.stoppedRecording(jobs: 2, signal: SIGKILL)
        #expect(run.status == SIGKILL)
        let suite = try GoldenFixtures.load(run.folder + "/suite.json")
        let parts = suite.cases[0].pngPath.split(separator: "/")
        let folder = run.folder + "/" + parts.dropLast().joined(separator: "/")
        let file = String(parts.last!)
        let gone =
            Int32(
                try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines))! + 1
        let planted = [
            (folder + "/.\(file).tmp-\(gone)-12345", false),
            (run.folder + "/.ENVIRONMENT.json.tmp-\(gone)-7", false),
            (folder + "/.\(file).tmp-\(getpid())-99", true),  // a live process's write
            (folder + "/.notes.txt.tmp-\(gone)-1", true),  // not a golden's
            (folder + "/.\(file).tmp-x-1", true),  // no process's
        ]
        for (path, _) in planted { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        let again = try BinaryRunner.run([
            "check", "--suite", run.folder + "/suite.json", "--templates", CardFixtures.templatesFolder, "--record", "missing",
            "--artifacts", run.artifacts,
        ])
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        for (path, stays) in planted { #expect(FileManager.default.fileExists(atPath: path) == stays, "\(path)") }
        let left = Self.files(under: run.folder, where: { $0.contains(".tmp-") })
        #expect(left.count == 3, "\(left)")
    }

    /// The library's side: a stop request from the progress callback ends the run after the cases in
    /// flight, with the report of those.
    @Test(arguments: [1, 2])
    func aStopRequest_endsTheRunWithTheCasesBegun(jobs: Int) throws {
        let (path, _) = try Self.largeSuite()
        let suite = try GoldenFixtures.load(path)
        var options = try GoldenFixtures.options(.missing, jobs: jobs)
        let stop = StopRequest()
        options.stop = stop
        options.progress = { done, _ in if done == 10 { stop.request("a test") } }
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.stoppedBy == "a test")
        #expect(summary.selectedCount == 960)
        // Begun: those rendering on the run's threads, and the recorded ones waiting for the golden writer.
        #expect(summary.results.count >= 10 && summary.results.count <= 10 + jobs + 16, "\(summary.results.count)")
        let text = CheckCommand.text(summary, options: options)
        #expect(text.contains("STOPPED by a test after \(summary.results.count) of 960 cases"), "\(text)")
        let markdown = MarkdownSummary(summary: summary, artifactsFolder: options.artifactsFolder).markdown
        #expect(markdown.contains("**Stopped by a test** after \(summary.results.count) of 960 cases"))
        // A run that checks every case is not stopped, even when asked after its last case.
        let late = StopRequest()
        options.stop = late
        options.progress = { done, total in if done == total { late.request("too late") } }
        options.filter = "x/*"
        let complete = try GoldenRunner.run(suite, options: options)
        #expect(complete.stoppedBy == nil && complete.results.count == 480)
    }

    @Test func temporaryNames_areRecognisedByTheirShape() {
        #expect(AtomicFile.temporaryName(".a.png.tmp-123-456")! == ("a.png", 123))
        #expect(AtomicFile.temporaryName(".a.tmp-b.png.tmp-9-1")! == ("a.tmp-b.png", 9))
        for name in ["a.png.tmp-1-2", ".a.png.tmp-1", ".a.png.tmp-x-2", ".a.png.tmp-1-y", ".a.png.tmp--1-2", ".a.png"] {
            #expect(AtomicFile.temporaryName(name) == nil, "\(name)")
        }
    }
}
