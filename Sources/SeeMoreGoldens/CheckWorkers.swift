import Dispatch
import FoundationEssentials
import SeeMoreSupport
import SeeMoreWorkers
import Synchronization

/// `seemore check --jobs N` on N worker processes (`WorkerPool`, `seemore worker`) instead of N
/// threads: Pango and Cairo run one thread at a time in a process (`TextStack`), so threads share one
/// process's rendering while processes render side by side.
///
/// A job is a few consecutive cases (`WorkerJob.checkCases`): the run's `CheckJob` record and the
/// cases' indices, so a message's cost is shared by several cases. A worker loads the suite once a
/// run, checks the cases, writes their artifacts and goldens as any run does, and answers with their
/// results (`record`). The parent holds the suite's lock, gathers the results in case order and alone
/// writes the fingerprint and the report, so the output is the same for any N. When a worker dies,
/// each case of its job is tried again alone, so only the case it died on is `crashed` (the worker is
/// replaced and the run goes on); the cases no worker could be started for are checked by the
/// parent itself.
package typealias CheckWorkers = Workers<CheckJob>

extension Workers where Job == CheckJob {
    /// A case's time budget unless told otherwise: 60 s, a thousand times a long card's.
    package static var defaultCaseBudget: Duration { .seconds(60) }

    package init(executable: String, job: CheckJob, count: Int) {
        self.init(executable: executable, job: job, count: count, budget: Self.defaultCaseBudget)
    }

    /// A case's answer within a job's: its index, the font files it used and its result.
    package typealias Answer = (index: Int, result: CaseResult, fonts: [String])

    /// A job's answer: every case's (`CaseResult.write(to:)`).
    package static func record(_ answers: [Answer]) -> [UInt8] {
        var record = RecordWriter()
        record.array(answers) { record, answer in
            record.integer(answer.index)
            record.array(answer.fonts) { $0.string($1) }
            answer.result.write(to: &record)
        }
        return record.bytes
    }

    /// An answer read back: nil for bytes no worker wrote.
    static func unrecord(_ bytes: [UInt8]) -> [Answer]? {
        var reader = RecordReader(bytes[...])
        guard
            let answers = try? reader.array({ reader -> Answer in
                let index = try reader.integer()
                let fonts = try reader.array { try $0.string() }
                return (index, try CaseResult(from: &reader), fonts)
            }), reader.isAtEnd
        else { return nil }
        return answers
    }

    /// Why a case got no result from its worker.
    package enum NotDrawn: CustomStringConvertible, Sendable {
        /// The worker ended while drawing it ("worker 2 (process 4711) ended with signal 6 …").
        case died(String)
        /// Its job ran past this budget and the worker was ended.
        case pastBudget(Duration)
        /// The worker's answer could not be read.
        case damagedAnswer

        package var description: String {
            switch self {
            case .died(let how): return how
            case .pastBudget(let budget):
                let (seconds, attoseconds) = budget.components
                let value = Double(seconds) + Double(attoseconds) / 1e18
                return "it took longer than its time budget (\(value == value.rounded() ? "\(Int(value))" : "\(value)") s), "
                    + "and its worker was ended"
            case .damagedAnswer: return "its worker's answer was damaged"
            }
        }
    }

    /// Cases a job: enough for a message's cost to be shared, few enough that every worker gets
    /// many jobs and they end together.
    static func casesPerJob(cases: Int, workers: Int) -> Int { max(1, min(8, cases / (workers * 8))) }

    /// Runs the selected cases at `cases` (indices) on the workers, calling `finish` (from the pool's
    /// threads, one call at a time per worker) for every result, and `crashed` for the result of a
    /// case whose worker died (with how it ended); returns the indices answered. A `stop` request lets
    /// the cases begun finish and begins no other.
    func run(
        cases: [Int], stop: StopRequest? = nil, crashed: @escaping @Sendable (Int, NotDrawn) -> CaseResult,
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
        let record = job.bytes
        /// Sends one job (its `done` entered); `then` runs once it is answered or refused.
        @Sendable func send(_ indices: [Int], then: @escaping @Sendable () -> Void) {
            let job = WorkerJob.checkCases(job: record, run: run, indices: indices)
            let budget = budget * indices.count
            let submitted = pool.submit(job.message, budget: budget) { outcome in
                defer {
                    then()
                    done.leave()
                }
                switch outcome {
                case .success(let bytes):
                    for answer in Self.unrecord(bytes) ?? [] where indices.contains(answer.index) {
                        if answered.insert(answer.index) { finish(answer.index, answer.result, answer.fonts) }
                    }
                    for index in indices where answered.insert(index) {
                        finish(index, crashed(index, .damagedAnswer), [])
                    }
                case .failure(let failure):
                    let how: NotDrawn
                    switch failure {
                    case .crashed: how = .died("\(failure)")
                    case .timedOut: how = .pastBudget(budget)
                    case .cannotStart, .stopped: return
                    }
                    guard indices.count > 1 else {
                        if answered.insert(indices[0]) { finish(indices[0], crashed(indices[0], how), []) }
                        return
                    }
                    // Which case the worker died or stalled on is not known: each is tried again alone.
                    for index in indices {
                        done.enter()
                        send([index], then: {})
                    }
                }
            }
            if !submitted {
                then()
                done.leave()
            }
        }
        let perJob = Self.casesPerJob(cases: cases.count, workers: workers)
        (stop ?? StopRequest()).whileWatching({ _ in pool.cancelQueued() }) {
            for start in stride(from: 0, to: cases.count, by: perJob) {
                window.wait()
                guard stop?.isRequested != true else {
                    window.signal()
                    break
                }
                done.enter()
                send(Array(cases[start..<min(start + perJob, cases.count)]), then: { window.signal() })
            }
            done.wait()
        }
        pool.drain()
        return answered.indices
    }
}

/// Case indices answered so far, from several threads.
private final class Answered: Sendable {
    private let answered = Mutex(Set<Int>())

    var indices: Set<Int> { answered.withLock { $0 } }

    /// False when it was answered already (a second answer is ignored).
    func insert(_ index: Int) -> Bool { answered.withLock { $0.insert(index).inserted } }
}
