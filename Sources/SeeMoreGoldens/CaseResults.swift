/// A run's results in case order, read from its `ResultSpool` one at a time as they are asked for:
/// going through them (the report, JUnit, the summary) never holds them all. Counting and choosing
/// the failures reads only each case's `Facts`.
public struct CaseResults: RandomAccessCollection, Sendable {
    private let spool: ResultSpool
    /// The spool's cases in this collection, or nil for all of them.
    private let chosen: [Int]?

    init(_ spool: ResultSpool, chosen: [Int]? = nil) {
        self.spool = spool
        self.chosen = chosen
    }

    /// Results held in memory (a summary made by hand, in a test).
    public init(_ results: [CaseResult]) {
        let spool = ResultSpool(count: results.count, folder: nil)
        for (index, result) in results.enumerated() { spool.store(result, at: index) }
        self.init(spool)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { chosen?.count ?? spool.count }

    public subscript(position: Int) -> CaseResult {
        let index = chosen?[position] ?? position
        return spool.result(at: index)
            ?? CaseResult(
                name: "(case \(index + 1))", outcome: facts(position).outcome,
                message: "this result could not be read back from the run's temporary file", goldenPath: "", group: "")
    }

    /// The facts of the result at `position`.
    package func facts(_ position: Int) -> CaseResult.Facts {
        spool.facts(at: chosen?[position] ?? position) ?? CaseResult.Facts(outcome: .passed, recorded: false, writeError: false)
    }

    /// How many results' facts match.
    package func count(matching predicate: (CaseResult.Facts) -> Bool) -> Int {
        indices.reduce(0) { $0 + (predicate(facts($1)) ? 1 : 0) }
    }

    /// The failing results, in case order.
    public var failures: CaseResults {
        CaseResults(spool, chosen: indices.filter { facts($0).failed }.map { chosen?[$0] ?? $0 })
    }
}
