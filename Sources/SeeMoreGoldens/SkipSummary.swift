/// What a run that skips unchanged cases skipped, and why it drew the others.
package struct SkipSummary: Sendable, Equatable {
    /// The suite's ledger file.
    package var ledger: String
    package var skipped = 0
    /// Each reason a case was drawn, with how many were, most first.
    package var drawn: [(reason: String, count: Int)] = []
    /// Why the ledger could not be written (the next run then skips less).
    package var writeError: String? = nil

    package static func == (a: SkipSummary, b: SkipSummary) -> Bool {
        a.ledger == b.ledger && a.skipped == b.skipped && a.writeError == b.writeError
            && a.drawn.map(\.reason) == b.drawn.map(\.reason) && a.drawn.map(\.count) == b.drawn.map(\.count)
    }

    /// "7 990 skipped (unchanged since they passed); 10 drawn: 8 template inline-more changed, 2 …".
    package var line: String {
        var text = "\(skipped) skipped (unchanged since they passed)"
        let count = drawn.reduce(0) { $0 + $1.count }
        if count > 0 {
            text += "; \(count) drawn: " + drawn.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        }
        return text
    }
}
