/// What a run that skips unchanged cases skipped, and why it drew the others.
package struct SkipSummary: Sendable, Equatable {
    /// The suite's ledger file ("" for a merge of shards).
    package var ledger: String
    package var skipped = 0
    /// Each reason a case was drawn, with how many were, most first.
    package var drawn: [(reason: String, count: Int)] = []
    /// Why the ledger could not be written (the next run then skips less).
    package var writeError: String? = nil

    package init(ledger: String, skipped: Int = 0) {
        self.ledger = ledger
        self.skipped = skipped
    }

    /// What the results of runs that skipped tell (the shards' of a merge, whose ledgers are their
    /// own): nil when none of them skipped or drew with a reason.
    package init?(results: CaseResults) {
        var counts: [String: Int] = [:]
        var skipped = 0
        for result in results {
            if result.skipped { skipped += 1 }
            if let reason = result.drawnBecause { counts[reason, default: 0] += 1 }
        }
        guard skipped > 0 || !counts.isEmpty else { return nil }
        self.init(ledger: "", skipped: skipped)
        drawn = Self.ordered(counts)
    }

    /// Reasons with their counts, most first, then by reason.
    package static func ordered(_ counts: [String: Int]) -> [(reason: String, count: Int)] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

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
