import Dispatch
import Foundation
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreWorkers
import Synchronization
import Testing

/// The thread recorded goldens are written on while the next cases render.
@Suite struct GoldenWriterTests {
    @Test func writesRunInOrder_andFinishWaitsForAll() {
        let writer = GoldenWriter(limit: 2)
        let done = Mutex<[Int]>([])
        for index in 0..<50 {
            writer.submit {
                usleep(200)
                done.withLock { $0.append(index) }
            }
        }
        writer.finish()
        #expect(done.withLock { $0 } == Array(0..<50))
    }

    /// While the disk is slow (here: a write that waits for a gate), no more than `limit` writes are
    /// handed over: the next waits for room, so pictures waiting to be written never pile up.
    @Test func atMostLimitWritesWait() throws {
        let writer = GoldenWriter(limit: 3)
        let gate = DispatchSemaphore(value: 0)
        let submitted = Mutex(0)
        let submitter = DispatchGroup()
        DispatchQueue.global().async(group: submitter) {
            for _ in 0..<10 {
                writer.submit { gate.wait() }
                submitted.withLock { $0 += 1 }
            }
        }
        let deadline = Date().addingTimeInterval(5)
        while submitted.withLock({ $0 }) < 3 && Date() < deadline { usleep(1_000) }
        usleep(50_000)
        #expect(submitted.withLock { $0 } == 3)
        for _ in 0..<10 { gate.signal() }
        submitter.wait()
        writer.finish()
        #expect(submitted.withLock { $0 } == 10)
    }
}
