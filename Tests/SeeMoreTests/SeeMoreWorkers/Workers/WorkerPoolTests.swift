import Dispatch
import Foundation
import Glibc
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// The pool's promises, with small shell programs as workers: answers come back to their jobs; a
/// worker that dies fails only its job and is replaced; one past its deadline is ended.
@Suite struct WorkerPoolTests {
    /// Echoes every frame back: its input and output are the socket.
    static let echo = ["-c", "exec cat >&0"]

    static func messages(_ count: Int) -> [[UInt8]] {
        (0..<count).map { Array("job \($0) ".utf8) + [UInt8](repeating: UInt8($0 % 256), count: $0 * 97) }
    }

    @Test func answers_comeBackToTheirJobs() {
        let pool = WorkerPool(executable: "/bin/sh", arguments: Self.echo, count: 2)
        defer { pool.drain() }
        let messages = Self.messages(200)
        let answers = Answers()
        let done = DispatchGroup()
        for (index, message) in messages.enumerated() {
            done.enter()
            #expect(
                pool.submit(message) { result in
                    answers.set(index, result)
                    done.leave()
                })
        }
        done.wait()
        for (index, message) in messages.enumerated() { #expect(answers.get(index) == .success(message)) }
        #expect(pool.replacements == 0)
        #expect(pool.answer([1, 2, 3]) == .success([1, 2, 3]))
        #expect(pool.processIDs.count == 2)
    }

    @Test func aWorkerThatDies_failsItsJobOnly_andIsReplaced() throws {
        // Reads one byte, then kills itself: every job it is given fails.
        let dying = WorkerPool(executable: "/bin/sh", arguments: ["-c", "head -c 1 >/dev/null; kill -KILL $$"], count: 1)
        defer { dying.drain() }
        for _ in 0..<3 {
            guard case .failure(.crashed(let worker, _, let how)) = dying.answer(Array("draw".utf8)) else {
                Issue.record("a job of a dying worker must fail as crashed")
                continue
            }
            #expect(worker == 1 && how == "signal 9 (SIGKILL)")
        }
        #expect(dying.replacements >= 2)
        // A worker killed from outside while idle is replaced before its next job, which is answered.
        let pool = WorkerPool(executable: "/bin/sh", arguments: Self.echo, count: 1)
        defer { pool.drain() }
        #expect(pool.answer([7]) == .success([7]))
        let before = try #require(pool.processIDs.first)
        kill(before, SIGKILL)
        usleep(100_000)
        #expect(pool.answer([8]) == .success([8]))
        #expect(pool.processIDs.first != before && pool.replacements == 1)
    }

    @Test func aJobPastItsDeadline_endsItsWorker() {
        let pool = WorkerPool(executable: "/bin/sh", arguments: ["-c", "exec sleep 60"], count: 1)
        defer { pool.drain() }
        let start = ContinuousClock.now
        #expect(pool.answer([1], deadline: .now + .milliseconds(300)) == .failure(.timedOut(waiting: false)))
        #expect(start.duration(to: .now) < .seconds(10))
        #expect(pool.replacements == 1)
        // A job whose deadline passed while it waited is never sent.
        #expect(pool.answer([1], deadline: .now - .seconds(1)) == .failure(.timedOut(waiting: true)))
    }

    @Test func aQueueThatIsFull_orAStoppedPool_refusesJobs() {
        let pool = WorkerPool(executable: "/bin/sh", arguments: ["-c", "exec sleep 60"], count: 1, maximumQueue: 1)
        let answered = DispatchGroup()
        answered.enter()
        answered.enter()
        // The first is taken by the worker, the second waits, the third finds the queue full.
        #expect(pool.submit([1], deadline: .now + .milliseconds(200)) { _ in answered.leave() })
        usleep(50_000)
        #expect(pool.submit([2], deadline: .now + .milliseconds(200)) { _ in answered.leave() })
        #expect(!pool.submit([3]) { _ in })
        answered.wait()
        pool.drain()
        #expect(!pool.submit([4]) { _ in })
        #expect(pool.answer([5]) == .failure(.stopped))
    }

    /// A worker gets only its socket and the standard streams: a descriptor this process opened
    /// without close-on-exec (Foundation's `Pipe` does) is not inherited, so a reader of that pipe
    /// still sees its end when the writer closes it, however long the worker lives.
    @Test func aWorker_inheritsNoOtherDescriptor() throws {
        let pipe = Pipe()  // both ends open here, not close-on-exec
        defer { try? pipe.fileHandleForReading.close() }
        let pool = WorkerPool(executable: "/bin/sh", arguments: Self.echo, count: 1)
        defer { pool.drain() }
        #expect(pool.answer([1]) == .success([1]))
        let worker = try #require(pool.processIDs.first)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker)/fd").compactMap { Int($0) }
        #expect(descriptors.sorted() == [0, 1, 2], "\(descriptors)")
        try pipe.fileHandleForWriting.close()
        #expect(pipe.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test func aProgramThatCannotStart_failsTheJobsSayingWhy() {
        let pool = WorkerPool(executable: "/nonexistent/seemore", arguments: [], count: 1)
        defer { pool.drain() }
        guard case .failure(.cannotStart(let message)) = pool.answer([1]) else {
            Issue.record("expected cannotStart")
            return
        }
        #expect(message.contains("/nonexistent/seemore") && message.contains("No such file"))
    }

    @Test func frames_roundTrip_andDamagedOnesAreRefused() {
        let jobs: [WorkerJob] = [
            .card(fields: ["text": "Hello", "width": "320"], format: .png), .card(fields: [:], format: .metadata),
            .batchLine(#"{"text": "é"}"#, number: 12),
        ]
        for job in jobs { #expect(WorkerJob(message: job.message) == job) }
        let answer = CardService.Answer(status: 200, type: "image/png", body: [0, 1, 2, 255])
        #expect(CardService.Answer(message: answer.message) == answer)
        #expect(BatchAnswer(message: BatchAnswer(json: "{}", status: 65).message) == BatchAnswer(json: "{}", status: 65))
        for damaged in [[], [0xFF], Array("card".utf8), jobs[0].message.dropLast(1).map { $0 }, jobs[2].message + [0]] {
            #expect(WorkerJob(message: damaged) == nil)
        }
        #expect(CardService.Answer(message: answer.message.dropLast(1).map { $0 }) == nil)
    }
}

/// Results by job index, from the pool's threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<[UInt8], WorkerFailure>] = [:]

    func set(_ index: Int, _ result: Result<[UInt8], WorkerFailure>) { lock.withLock { results[index] = result } }
    func get(_ index: Int) -> Result<[UInt8], WorkerFailure>? { lock.withLock { results[index] } }
}
