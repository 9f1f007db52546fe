import Dispatch
import FoundationEssentials
import SeeMoreSupport

/// A value computed on another thread while the caller does other work, then waited for once.
///
/// A check's parent process is idle while its workers render: what does not depend on their results
/// (the stale goldens of a run that writes none) is found in that time instead of after them.
///
/// `@unchecked Sendable`: `result` is written once, by the thread, before it signals `done`, and read
/// only after waiting for `done` (the semaphore orders the write before the read).
final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let work: @Sendable () -> Value
    private var result: Value? = nil

    /// Starts `work` at once on a thread of its own.
    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        DetachedThread.start { [self] in
            result = work()
            done.signal()
        }
    }

    /// The value, once computed (waits for it; call once). The semaphore orders the thread's write
    /// before this read.
    func value() -> Value {
        done.wait()
        return result ?? work()
    }
}
