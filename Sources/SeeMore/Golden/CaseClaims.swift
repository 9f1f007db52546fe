import CSupport
import FoundationEssentials
import Glibc

/// The cases of `check --jobs N` handed out a few at a time, to whichever worker asks first: the
/// workers share one counter (an 8-byte file in memory, each worker's standard input) and each
/// claims the next chunk by adding one to it. A fixed share of the cases each left one worker idle
/// while the other still had work whenever the machine slowed one of them down (the two finished up
/// to 0.58 s apart in a 3.4 s run of 8 000 cases); with chunks they finish at most a chunk apart.
final class CaseClaims: @unchecked Sendable {
    /// Cases a claim takes: an even number, so a card's two states (neighbours in name order) go to
    /// one worker, and few enough that the last chunk costs a few milliseconds.
    static let chunk = 8

    /// The counter's file, for the parent to hand its workers (nil in a worker, which did not open it).
    let descriptor: Int32?
    private let counter: UnsafeMutablePointer<Int64>

    /// A new counter at zero, for a parent; nil when the system cannot make one (the workers then take
    /// fixed shares).
    init?() {
        let descriptor = seemore_claims_create()
        guard descriptor >= 0 else { return nil }
        guard let counter = seemore_claims_map(descriptor) else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.counter = counter
    }

    /// The counter a parent handed this worker as `descriptor`; nil when it is none (not an 8-byte
    /// file open for reading and writing).
    init?(sharedAs descriptor: Int32) {
        guard let counter = seemore_claims_map(descriptor) else { return nil }
        self.descriptor = nil
        self.counter = counter
    }

    deinit {
        seemore_claims_unmap(counter)
        if let descriptor { close(descriptor) }
    }

    /// The indices of the next chunk of `count` cases no worker has claimed; nil when all are claimed.
    func next(of count: Int) -> Range<Int>? {
        let claim = Int(seemore_claims_next(counter))
        guard claim >= 0, claim < (count + Self.chunk - 1) / Self.chunk else { return nil }
        return (claim * Self.chunk)..<min(count, (claim + 1) * Self.chunk)
    }
}
