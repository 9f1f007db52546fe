import Dispatch
import Glibc
import SeeMoreSupport
import Synchronization

/// Pre-started worker processes that answer messages, one at a time each: the unit of parallelism
/// (Pango and Cairo run one thread at a time in a process, see `TextStack`) and of failure.
///
/// A job is a message for a worker (`WorkerLoop` on the other side) and gets its answer, or a
/// `WorkerFailure`: a worker that dies (an abort, a signal, the kernel's OOM killer) fails only the
/// job it was answering and is replaced; a job past its deadline is ended by ending its worker, which
/// is replaced too. Jobs wait in one queue, bounded, and go to the first idle worker.
///
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock` (and in
/// `init`, before any thread starts).
package final class WorkerPool: @unchecked Sendable {
    /// What a job is answered with.
    package typealias Completion = @Sendable (Result<[UInt8], WorkerFailure>) -> Void

    private struct Job {
        let message: [UInt8]
        let deadline: ContinuousClock.Instant?
        /// The time a worker may spend on it, counted from when one takes it.
        let budget: Duration?
        let completion: Completion
    }

    /// The program each worker runs, and its arguments.
    package let executable: String
    package let arguments: [String]
    package let count: Int
    private let maximumQueue: Int
    private let lock = Lock()
    private var queue: [Job] = []
    private var running = 0
    private var stopping = false
    private var replaced = 0
    /// The process of each worker, nil while it has none.
    private var processes: [pid_t?]
    private let available = DispatchSemaphore(value: 0)
    private let stopped = DispatchGroup()

    /// Starts `count` workers, each `executable` with `arguments`; at most `maximumQueue` jobs wait.
    /// A worker that cannot start fails the jobs given to it (`WorkerFailure.cannotStart`), and is
    /// tried again for the next one.
    package init(executable: String, arguments: [String], count: Int, maximumQueue: Int = .max) {
        self.executable = executable
        self.arguments = arguments
        self.count = max(1, count)
        self.maximumQueue = maximumQueue
        processes = Array(repeating: nil, count: self.count)
        for index in 0..<self.count {
            stopped.enter()
            // Each worker is started by its slot's thread, which outlives it: a worker asks to be
            // ended when the thread that started it ends (`WorkerLoop`, `PR_SET_PDEATHSIG`).
            DetachedThread.start { [self] in
                drive(slot: index, try? WorkerProcess(executable, arguments: arguments))
                stopped.leave()
            }
        }
    }

    /// Queues `message` for the next idle worker; `completion` gets the answer, from a thread of the
    /// pool. False, without calling it, when the queue is full or the pool is stopping.
    /// - Parameters:
    ///   - deadline: when the job fails with `timedOut` (if waiting) or its worker is ended (if being
    ///     answered); nil waits as long as it takes.
    ///   - budget: how long a worker may answer it, from when one takes it; past it the worker is
    ///     ended and the job fails with `timedOut(waiting: false)`.
    @discardableResult
    package func submit(
        _ message: [UInt8], deadline: ContinuousClock.Instant? = nil, budget: Duration? = nil, completion: @escaping Completion
    ) -> Bool {
        let accepted = lock.withLock { () -> Bool in
            guard !stopping, queue.count < maximumQueue else { return false }
            queue.append(Job(message: message, deadline: deadline, budget: budget, completion: completion))
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Answers `message`, waiting for it (the queue's bound does not apply).
    package func answer(
        _ message: [UInt8], deadline: ContinuousClock.Instant? = nil, budget: Duration? = nil
    ) -> Result<[UInt8], WorkerFailure> {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<Result<[UInt8], WorkerFailure>?>(nil)
        let accepted = lock.withLock { () -> Bool in
            guard !stopping else { return false }
            queue.append(
                Job(message: message, deadline: deadline, budget: budget) { result in
                    answer.withLock { $0 = result }
                    done.signal()
                })
            return true
        }
        guard accepted else { return .failure(.stopped) }
        available.signal()
        done.wait()
        return answer.withLock { $0 } ?? .failure(.stopped)
    }

    /// Fails the jobs still waiting (`stopped`), without ending the pool: a run asked to stop begins
    /// no other job, and those being answered finish.
    package func cancelQueued() {
        let cancelled = lock.withLock { () -> [Job] in
            defer { queue.removeAll() }
            return queue
        }
        for job in cancelled { job.completion(.failure(.stopped)) }
    }

    /// Jobs waiting and jobs being answered.
    package var depth: (queued: Int, running: Int) { lock.withLock { (queue.count, running) } }

    /// The process IDs of the workers that run now.
    package var processIDs: [pid_t] { lock.withLock { processes.compactMap { $0 } } }

    /// Workers started in place of one that died or ran past a deadline, so far.
    package var replacements: Int { lock.withLock { replaced } }

    /// Answers the jobs queued, then ends the workers (their input closed: they exit); returns when
    /// they have. Jobs submitted after it are refused.
    package func drain() {
        lock.withLock { stopping = true }
        for _ in 0..<count { available.signal() }
        stopped.wait()
    }

    /// One worker's life: takes jobs, sends each to its process, hands on the answer; replaces the
    /// process when it dies or runs late.
    private func drive(slot: Int, _ first: WorkerProcess?) {
        var process = first {
            didSet { lock.withLock { processes[slot] = process?.pid } }
        }
        lock.withLock { processes[slot] = first?.pid }
        // Answers are handed on from a queue of the slot's own, in order, so the worker is given its
        // next job while the last one's completion still runs.
        let answers = DispatchQueue(label: "seemore.worker-pool.answers.\(slot + 1)")
        func hand(_ job: Job, _ result: Result<[UInt8], WorkerFailure>) { answers.async { job.completion(result) } }
        /// Ends the worker (it may have died already: then its own end is told) and forgets it, so
        /// that the next job starts another; how it ended.
        func replace(_ worker: WorkerProcess) -> String {
            worker.kill()
            let how = worker.reap()
            process = nil
            lock.withLock { replaced += 1 }
            return how
        }
        while true {
            available.wait()
            let job: Job? = lock.withLock {
                guard !queue.isEmpty else { return nil }
                running += 1
                return queue.removeFirst()
            }
            guard let job else {
                if lock.withLock({ stopping && queue.isEmpty }) { break }
                continue
            }
            defer { lock.withLock { running -= 1 } }
            if let deadline = job.deadline, deadline <= .now {
                hand(job, .failure(.timedOut(waiting: true)))
                continue
            }
            // A worker that died while idle is replaced before it is given a job.
            if let current = process, current.channel.peerHasClosed { _ = replace(current) }
            if process == nil {
                do {
                    process = try WorkerProcess(executable, arguments: arguments)
                } catch {
                    hand(job, .failure(.cannotStart("\(error)")))
                    continue
                }
            }
            guard let worker = process else { continue }
            guard worker.channel.send(job.message) else {
                hand(job, .failure(.crashed(worker: slot + 1, pid: worker.pid, how: replace(worker))))
                continue
            }
            let ends = [job.deadline, job.budget.map { ContinuousClock.now + $0 }].compactMap { $0 }
            switch worker.channel.receive(before: ends.min()) {
            case .success(let answer):
                hand(job, .success(answer))
            case .failure(.timedOut):
                _ = replace(worker)
                hand(job, .failure(.timedOut(waiting: false)))
            case .failure(.closed), .failure(.tooLong):
                hand(job, .failure(.crashed(worker: slot + 1, pid: worker.pid, how: replace(worker))))
            }
        }
        // Every answer handed on before the pool counts this slot stopped.
        answers.sync {}
        if let worker = process {
            worker.closeInput()
            worker.reap()
        }
        process = nil
    }
}

/// Why a job got no answer.
package enum WorkerFailure: Error, Equatable, CustomStringConvertible {
    /// The worker ended while answering (`how`: "signal 6 (SIGABRT)", "exit 1").
    case crashed(worker: Int, pid: Int32, how: String)
    /// The deadline passed while the job waited for a worker, or while one answered it (the worker
    /// was ended).
    case timedOut(waiting: Bool)
    case cannotStart(String)
    /// The pool stopped first.
    case stopped

    package var description: String {
        switch self {
        case .crashed(let worker, let pid, let how): return "worker \(worker) (process \(pid)) ended with \(how) while drawing it"
        case .timedOut(true): return "it waited past its time budget for a worker"
        case .timedOut(false): return "it took longer than its time budget, and its worker was ended"
        case .cannotStart(let message): return message
        case .stopped: return "the workers are stopping"
        }
    }
}
