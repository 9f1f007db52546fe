import SeeMoreSupport

/// A request that a run stop early (a signal to `seemore check`, a reviewer who closed the page): the
/// run claims no further case, lets the cases in flight finish writing, and reports what ran.
/// Thread-safe; the first request's reason is kept.
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`.
package final class StopRequest: @unchecked Sendable {
    private let lock = Lock()
    private var why: String? = nil
    private var handlers: [Int: @Sendable (String) -> Void] = [:]
    private var nextHandler = 0

    package init() {}

    /// Why the run was asked to stop (for example "SIGTERM"); nil while it was not.
    package var reason: String? { lock.withLock { why } }

    package var isRequested: Bool { reason != nil }

    /// Asks the run to stop; a second request changes nothing.
    package func request(_ reason: String) {
        // The handlers run under the lock, so none runs once `whileWatching` has returned.
        lock.withLock {
            guard why == nil else { return }
            why = reason
            for handler in handlers.values { handler(reason) }
        }
    }

    /// Calls `handler` once on the request (at once when it was made already) until `body` returns:
    /// how a run passes the request on to its worker processes. A handler must not make a request.
    package func whileWatching<Result>(_ handler: @escaping @Sendable (String) -> Void, _ body: () throws -> Result) rethrows
        -> Result
    {
        let (key, already): (Int, String?) = lock.withLock {
            defer { nextHandler += 1 }
            if why == nil { handlers[nextHandler] = handler }
            return (nextHandler, why)
        }
        if let already { handler(already) }
        defer { _ = lock.withLock { handlers.removeValue(forKey: key) } }
        return try body()
    }
}
