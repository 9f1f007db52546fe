import Foundation
import Testing

@testable import SeeMore

/// The parent side of `check --jobs N`: results come from the workers' frames; what no worker answers,
/// the parent checks itself.
@Suite struct CheckWorkersTests {
    @Test func resultsComeFromTheWorkers_andTheParentChecksTheRest() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var forged = CaseResult(
            name: suite.cases[0].name, outcome: .passed, message: "from a worker", goldenPath: "", group: "g")
        forged.artifacts = [:]
        // Two "workers" that each answer case 0 (the second answer is ignored), then send a frame that
        // is no record, an index out of range, and a length past any frame (the rest is not read).
        var output = CheckWorkers.frame(index: 0, result: forged, fonts: [])
        output += [5, 0, 0, 0] + Array("hello".utf8)
        output += CheckWorkers.frame(index: 99, result: forged, fonts: [])
        output += [0xFF, 0xFF, 0xFF, 0x7F] + CheckWorkers.frame(index: 1, result: forged, fonts: [])
        let frames = try BinaryRunner.temporaryFolder().path + "/frames"
        try Data(output).write(to: URL(fileURLWithPath: frames))
        let script = "cat \"$0\""
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(executable: "/bin/sh", arguments: ["-c", script, frames], count: 2)
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

    /// Every case goes to exactly one worker, a card's two states (neighbours in name order) to the
    /// same one, and collapsed and expanded cards are spread evenly over the workers.
    @Test(arguments: [1, 2, 3, 4, 7])
    func shares_coverEveryCaseOnce_andSpreadBothStates(workers: Int) {
        let cases = 8_000
        var counts = [[Int]](repeating: [0, 0], count: workers)
        for index in 0..<cases {
            let worker = CheckWorkers.share(of: index, workers: workers)
            #expect((0..<workers).contains(worker))
            if index % 2 == 1 { #expect(worker == CheckWorkers.share(of: index - 1, workers: workers)) }
            counts[worker][index % 2] += 1
        }
        let fair = cases / 2 / workers
        for count in counts.flatMap({ $0 }) { #expect(abs(count - fair) <= 3, "\(counts)") }
    }
}
