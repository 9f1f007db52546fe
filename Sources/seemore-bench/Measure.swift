import Foundation

/// Runs `body` repeatedly for about `seconds` (at least 3 times); the median time of one run, in µs.
/// With `SEEMORE_BENCH_RUNS` set, exactly that many times, whatever the time: for counting
/// instructions under `valgrind --tool=callgrind`, which are stable where times on this machine are not.
func median(seconds: Double = 1, _ body: () throws -> Void) rethrows -> (microseconds: Double, runs: Int) {
    var samples: [Double] = []
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(seconds * 1000))
    let runs = Bench.fixedRuns
    repeat {
        let start = clock.now
        try body()
        samples.append(microseconds(clock.now - start))
    } while runs.map { samples.count < $0 } ?? (clock.now < deadline || samples.count < 3)
    samples.sort()
    return (samples[samples.count / 2], samples.count)
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
}

/// Prints one benchmark line: the median time of one run of `body`, when the filter selects `name`.
func measure(_ name: String, seconds: Double = 1, _ body: () throws -> Void) rethrows {
    if let filter = Bench.filter, !name.contains(filter) { return }
    let (time, runs) = try median(seconds: seconds, body)
    let label = name.padding(toLength: 56, withPad: " ", startingAt: 0)
    print("\(label) \(String(format: "%10.1f µs", time))  (\(runs) runs)")
}

/// The command line: `seemore-bench [FILTER]`; `SEEMORE_BENCH_CASES` sizes the table's suite.
enum Bench {
    static let filter = CommandLine.arguments.dropFirst().first
    /// `SEEMORE_BENCH_RUNS`: run each benchmark exactly this many times (see `median`).
    static let fixedRuns = ProcessInfo.processInfo.environment["SEEMORE_BENCH_RUNS"].flatMap { Int($0) }.map { max($0, 1) }
    /// The folder this benchmark's binary, `seemore` and `seemore-cfloor` were built in.
    static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized.path
    static let templatesFolder = package + "/Templates"
}
