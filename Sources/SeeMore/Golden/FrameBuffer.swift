import Dispatch
import FoundationEssentials

/// A worker's result frames on their way to the parent: gathered and written a few at a time (a write
/// and a wake-up of the parent less for most cases), and at least every tenth of a second so the
/// parent's progress moves and a crash loses little. Frames may come from two threads (the rendering
/// one, and the golden writer's for recorded cases).
final class FrameBuffer: @unchecked Sendable {
    private let lock = Lock()
    /// Called by one thread at a time (under `lock`).
    private let write: ([UInt8]) -> Void
    private var pending: [UInt8] = []
    private var lastWrite = DispatchTime.now().uptimeNanoseconds

    init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
    }

    func add(_ frame: [UInt8]) {
        lock.withLock {
            pending += frame
            let now = DispatchTime.now().uptimeNanoseconds
            if pending.count >= 16 << 10 || now - lastWrite >= 100_000_000 {
                write(pending)
                pending.removeAll(keepingCapacity: true)
                lastWrite = now
            }
        }
    }

    /// Writes what is gathered.
    func flush() {
        lock.withLock {
            if !pending.isEmpty { write(pending) }
            pending.removeAll()
        }
    }
}
