import Glibc

/// A mutual-exclusion lock on a pthread mutex, for state that threads share (Foundation's `NSLock`
/// without Foundation: the library links only FoundationEssentials).
///
/// `@unchecked Sendable`: its one stored property is a `let` pointer to a mutex, which exists to be
/// used from many threads.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A lock; a `recursive` one may be taken again by the thread that holds it.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @usableFromInline
    package func lock() { pthread_mutex_lock(mutex) }

    @usableFromInline
    package func unlock() { pthread_mutex_unlock(mutex) }

    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
