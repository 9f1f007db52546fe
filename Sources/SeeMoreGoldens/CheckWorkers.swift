import Dispatch
import FoundationEssentials
import SeeMoreSupport
import SeeMoreWorkers

/// `seemore check --jobs N` on N worker processes (`WorkerPool`, `seemore worker`) instead of N
/// threads: Pango and Cairo run one thread at a time in a process (`TextStack`), so threads share one
/// process's rendering while processes render side by side.
///
/// Each case is one job (`WorkerJob.checkCase`): the run's `check` arguments and the case's index.
/// A worker loads the suite once a run, checks the case, writes its artifacts and golden as any run
/// does, and answers with its result (`record`). The parent holds the suite's lock, gathers the
/// results in case order and alone writes the fingerprint and the report, so the output is the same
/// for any N. A case whose worker died is `crashed` (the worker is replaced and the run goes on); the
/// cases no worker could be started for are checked by the parent itself.
public struct CheckWorkers: Sendable {
    /// This program.
    public var executable: String
    /// The `check` arguments every job carries (the suite, the selection, the record mode, …).
    public var arguments: [String]
    public var count: Int

    public init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        self.count = count
    }

    /// A case's answer: its index, the font files it used and its result (`CaseResult.write(to:)`).
    package static func record(index: Int, result: CaseResult, fonts: [String]) -> [UInt8] {
        var record = RecordWriter()
        record.integer(index)
        record.array(fonts) { $0.string($1) }
        result.write(to: &record)
        return record.bytes
    }

    /// An answer read back: nil for bytes no worker wrote.
    static func unrecord(_ bytes: [UInt8]) -> (index: Int, result: CaseResult, fonts: [String])? {
        var reader = RecordReader(bytes[...])
        guard let index = try? reader.integer(), let fonts = try? reader.array({ try $0.string() }),
            let result = try? CaseResult(from: &reader), reader.isAtEnd
        else { return nil }
        return (index, result, fonts)
    }

    /// Runs the selected cases at `cases` (indices) on the workers, calling `finish` (from the pool's
    /// threads, one call at a time per worker) for every result, and `crashed` for the result of a
    /// case whose worker died (with how it ended); returns the indices answered. A `stop` request lets
    /// the cases begun finish and begins no other.
    func run(
        cases: [Int], stop: StopRequest? = nil, crashed: @escaping @Sendable (Int, String) -> CaseResult,
        finish: @escaping @Sendable (Int, CaseResult, [String]) -> Void
    ) -> Set<Int> {
        guard !cases.isEmpty else { return [] }
        let workers = max(1, min(count, cases.count))
        let pool = WorkerPool(executable: executable, arguments: ["worker"], count: workers)
        let answered = Answered()
        // A few jobs per worker queued at a time: the messages in memory stay few whatever the suite.
        let window = DispatchSemaphore(value: 2 * workers)
        let done = DispatchGroup()
        let run = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        (stop ?? StopRequest()).whileWatching({ _ in pool.cancelQueued() }) {
            for index in cases {
                window.wait()
                guard stop?.isRequested != true else {
                    window.signal()
                    break
                }
                done.enter()
                let job = WorkerJob.checkCase(arguments: arguments, run: run, index: index)
                let submitted = pool.submit(job.message) { outcome in
                    defer {
                        window.signal()
                        done.leave()
                    }
                    switch outcome {
                    case .success(let bytes):
                        if let (answeredIndex, result, fonts) = Self.unrecord(bytes), answeredIndex == index {
                            if answered.insert(index) { finish(index, result, fonts) }
                        } else if answered.insert(index) {
                            finish(index, crashed(index, "its worker's answer was damaged"), [])
                        }
                    case .failure(let failure):
                        guard case .crashed = failure, answered.insert(index) else { return }
                        finish(index, crashed(index, "\(failure)"), [])
                    }
                }
                if !submitted {
                    window.signal()
                    done.leave()
                }
            }
            done.wait()
        }
        pool.drain()
        return answered.indices
    }
}

/// Case indices answered so far, from several threads.
private final class Answered: @unchecked Sendable {
    private let lock = Lock()
    private var set = Set<Int>()

    var indices: Set<Int> { lock.withLock { set } }

    /// False when it was answered already (a second answer is ignored).
    func insert(_ index: Int) -> Bool { lock.withLock { set.insert(index).inserted } }
}
