import FoundationEssentials
import SeeMoreSupport

/// The first error any of several threads met.
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`.
final class FirstError: @unchecked Sendable {
    private let lock = Lock()
    private var first: Error?

    var error: Error? { lock.withLock { first } }

    func record(_ error: Error) {
        lock.withLock { if first == nil { first = error } }
    }
}
