import Foundation
import SeeMore

/// Worker threads that render, each with its own `CardRenderer` (its Pango font map and context),
/// fed from a bounded queue; the server's own thread never renders.
final class RenderPool: @unchecked Sendable {
    typealias Job = @Sendable (CardRenderer) -> Void

    private let condition = NSCondition()
    private var queue: [Job] = []
    private var stopping = false
    private var running = 0
    private let maximumQueue: Int
    private var threads: [Thread] = []

    init(workers: Int, maximumQueue: Int, fonts: FontFiles = .system) throws {
        self.maximumQueue = maximumQueue
        for index in 0..<max(1, workers) {
            let renderer = Owned(try CardRenderer(fonts: fonts))
            let thread = Thread { [unowned self] in self.work(renderer.value) }
            thread.name = "seemore-render-\(index)"
            threads.append(thread)
        }
        threads.forEach { $0.start() }
    }

    /// Queues a job; false when the queue is full (the caller answers 503).
    func submit(_ job: @escaping Job) -> Bool {
        condition.withLock {
            guard !stopping, queue.count < maximumQueue else { return false }
            queue.append(job)
            condition.signal()
            return true
        }
    }

    /// Runs `count` jobs (a review's check) among the requests, as many at a time as there are workers,
    /// so a check never fills the queue that requests are refused from; returns when all ran.
    /// - Throws: `ServerError` 503 when the pool stops first.
    func runAll(_ count: Int, _ body: @escaping @Sendable (Int, CardRenderer) -> Void) throws {
        let slots = DispatchSemaphore(value: threads.count)
        let done = DispatchGroup()
        for index in 0..<count {
            slots.wait()
            done.enter()
            while !submit({ renderer in
                body(index, renderer)
                slots.signal()
                done.leave()
            }) {
                if condition.withLock({ stopping }) {
                    slots.signal()
                    done.leave()
                    done.wait()
                    throw ServerError(status: 503, message: "the server is stopping", field: nil)
                }
                usleep(2_000)  // the queue is full of requests: they go first
            }
        }
        done.wait()
    }

    /// Jobs waiting and jobs being rendered.
    var depth: (queued: Int, running: Int) { condition.withLock { (queue.count, running) } }

    /// Lets the queued jobs finish, then stops the workers; returns when they have.
    func drain() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        while condition.withLock({ !queue.isEmpty || running > 0 }) { usleep(5_000) }
    }

    private func work(_ renderer: CardRenderer) {
        while true {
            let job: Job? = condition.withLock {
                while queue.isEmpty && !stopping { condition.wait() }
                guard !queue.isEmpty else { return nil }
                running += 1
                return queue.removeFirst()
            }
            guard let job else { return }
            job(renderer)
            condition.withLock { running -= 1 }
        }
    }
}

/// A renderer handed to the one thread that uses it.
private struct Owned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
