import Dispatch

/// Writes recorded goldens on a thread of its own, one after the other, so that rendering the next
/// cases does not wait for the disk: every golden is flushed to disk before its rename, and a flush
/// is a good part of what recording a case costs.
///
/// At most `limit` writes wait at a time (each holds its encoded picture): a case handed over beyond
/// that waits for room, so memory stays flat however slow the disk.
final class GoldenWriter: Sendable {
    private let queue = DispatchQueue(label: "seemore.golden-writer")
    private let room: DispatchSemaphore
    private let pending = DispatchGroup()

    init(limit: Int = 16) {
        room = DispatchSemaphore(value: max(1, limit))
    }

    /// Runs `write` after every write handed over before it, on the writer's thread.
    func submit(_ write: @escaping @Sendable () -> Void) {
        room.wait()
        queue.async(group: pending) { [room] in
            write()
            room.signal()
        }
    }

    /// Waits until every write handed over has run.
    func finish() {
        pending.wait()
    }
}
