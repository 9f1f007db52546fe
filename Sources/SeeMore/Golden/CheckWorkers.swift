import Foundation

/// `seemore check --jobs N` on N processes of this program instead of N threads. Pango and Cairo run
/// one thread at a time in a process (`TextStack`), so threads share one process's rendering while
/// processes render side by side.
///
/// Each worker is `seemore check … --worker I/N`: it checks every N-th selected case from the I-th,
/// writes their artifacts and goldens as any run does, and prints each result as one JSON line. The
/// parent holds the suite's lock, gathers the results in case order and alone writes the fingerprint
/// and the report, so the output is the same for any N. A case no worker answered (one crashed) is
/// checked again by the parent itself.
public struct CheckWorkers: Sendable {
    /// This program.
    public var executable: String
    /// The `check` arguments every worker gets, before its `--worker I/N`.
    public var arguments: [String]
    public var count: Int

    public init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        self.count = count
    }

    /// One result, as a worker prints it.
    struct Line: Codable {
        var index: Int
        var result: CaseResult
        var fonts: [String]
    }

    /// Runs the workers over `cases` cases, calling `finish` (from any thread, one call at a time per
    /// worker) for every result; returns the indices answered.
    func run(cases: Int, finish: @escaping @Sendable (Int, CaseResult, [String]) -> Void) -> Set<Int> {
        let answered = Answered()
        let workers = max(1, min(count, cases))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + ["--worker", "\(worker + 1)/\(workers)"]
            let output = Pipe()
            process.standardOutput = output
            do {
                try process.run()
            } catch {
                return  // its cases are checked by the parent
            }
            let decoder = JSONDecoder()
            var pending = Data()
            func take(_ line: Data) {
                guard let decoded = try? decoder.decode(Line.self, from: line), (0..<cases).contains(decoded.index),
                    answered.insert(decoded.index)
                else { return }
                finish(decoded.index, decoded.result, decoded.fonts)
            }
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                var start = pending.startIndex
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    take(pending[start..<newline])
                    start = newline + 1
                }
                // Only an unfinished line is kept (copied once), not the lines already read.
                if start != pending.startIndex { pending = Data(pending[start...]) }
            }
            process.waitUntilExit()
        }
        return answered.indices
    }
}

/// Case indices answered so far, from several reading threads.
private final class Answered: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<Int>()

    var indices: Set<Int> { lock.withLock { set } }

    /// False when it was answered already (a second answer is ignored).
    func insert(_ index: Int) -> Bool { lock.withLock { set.insert(index).inserted } }
}
