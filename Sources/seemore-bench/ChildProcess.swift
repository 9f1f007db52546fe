import Foundation
import SeeMoreSupport

/// A program run to its end: its wall time, its peak memory and its output.
struct ChildProcess {
    var status: Int32
    var seconds: Double
    /// Peak resident set size, in bytes (`ru_maxrss`).
    var peakBytes: Int
    var output: String

    /// Runs `path` with `arguments`, output captured (to a file: no pipe to fill), errors to ours.
    static func run(_ path: String, _ arguments: [String]) throws -> ChildProcess {
        // One file per run: runs may go side by side (two loads of two servers).
        let outputPath = NSTemporaryDirectory() + "seemore-bench-\(getpid())-\(UInt64.random(in: 0...UInt64.max))-output"
        defer { unlink(outputPath) }
        let clock = ContinuousClock()
        let start = clock.now
        let pid: pid_t
        switch ProcessSpawn.start(
            path, arguments: arguments,
            redirect: {
                posix_spawn_file_actions_addopen(&$0, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            })
        {
        case .success(let started): pid = started
        case .failure(let failure): throw BenchError(failure.description)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = microseconds(clock.now - start) / 1e6
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildProcess(status: exit, seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, output: output)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
