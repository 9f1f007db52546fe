import Foundation
import Testing

@testable import SeeMore

/// The parent side of `check --jobs N`: results come from the workers' lines; what no worker answers,
/// the parent checks itself.
@Suite struct CheckWorkersTests {
    @Test func resultsComeFromTheWorkers_andTheParentChecksTheRest() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var forged = CaseResult(
            name: suite.cases[0].name, outcome: .passed, message: "from a worker", goldenPath: "", group: "g")
        forged.artifacts = [:]
        let line = String(
            decoding: try JSONEncoder().encode(CheckWorkers.Line(index: 0, result: forged, fonts: [])), as: UTF8.self)
        // Two "workers" that each answer case 0 (the second answer is ignored), print a broken line and
        // an index out of range, and stop.
        let script = "printf '%s\\n' '\(line)' 'not json' '{\"index\": 99}'"
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(executable: "/bin/sh", arguments: ["-c", script, "sh"], count: 2)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.results.count == 16)
        #expect(summary.results[0].message == "from a worker")
        #expect(summary.results.dropFirst().allSatisfy { $0.outcome == .passed && $0.message != "from a worker" })
    }

    @Test func aWorkerThatCannotStart_leavesEveryCaseToTheParent() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(executable: "/nonexistent/seemore", arguments: ["check"], count: 2)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.results.count == 16)
        #expect(summary.failures.isEmpty)
    }
}
