import Dispatch
import SeeMoreCards
import SeeMoreScan
import SeeMoreSupport
import SeeMoreWorkers
import Synchronization

/// SeeMore's side of a comparison in worker processes (`seemore worker`, `WorkerJob.compareTexts`),
/// so every text has the time and memory budget of a scanned text: batches of texts go to the
/// workers with four budgets each; a batch that fails is sent again text by text, and a text whose
/// worker dies or runs past its budget is that text's error in every cell, while the rest goes on.
package struct CompareWorkers {
    package var workers: Workers<ScanJob>
    /// The platform every template's line breaking is set to; nil as the templates say.
    package var platform: Platform?
    package var fontArguments: [String]

    package init(workers: Workers<ScanJob>, platform: Platform?, fontArguments: [String]) {
        (self.workers, self.platform, self.fontArguments) = (workers, platform, fontArguments)
    }

    /// How the error of a text no worker laid out begins.
    package static let failurePrefix = "not laid out: "

    /// Texts a batch holds at most.
    static let batchTexts = 64

    /// For each text, its prepared cells (`cells` of them) in matrix order; `inProcess` prepares a
    /// text when no worker can be started.
    package func prepared(_ texts: [CorpusText], cells: Int, inProcess: (CorpusText) -> [PreparedText]) -> [[PreparedText]] {
        let pool = WorkerPool(executable: workers.executable, arguments: ["worker"] + fontArguments, count: workers.count)
        defer { pool.drain() }
        let batches = stride(from: 0, to: texts.count, by: Self.batchTexts).map {
            Array(texts[$0..<min($0 + Self.batchTexts, texts.count)])
        }
        let answers = Mutex<[Int: Result<[UInt8], WorkerFailure>]>([:])
        let done = DispatchGroup()
        for (number, batch) in batches.enumerated() {
            done.enter()
            pool.submit(message(batch), budget: workers.budget * 4) { answer in
                answers.withLock { $0[number] = answer }
                done.leave()
            }
        }
        done.wait()
        var prepared: [[PreparedText]] = []
        for (number, batch) in batches.enumerated() {
            let answer = answers.withLock { $0[number] } ?? .failure(.stopped)
            prepared += self.prepared(batch, answer: answer, cells: cells, pool: pool, inProcess: inProcess)
        }
        return prepared
    }

    private func message(_ batch: [CorpusText]) -> [UInt8] {
        WorkerJob.compareTexts(job: workers.job.bytes, platform: platform?.rawValue ?? "", texts: ScanBatch.message(batch))
            .message
    }

    /// Each text's cells from a worker's answer; a failed batch is sent again text by text.
    private func prepared(
        _ batch: [CorpusText], answer: Result<[UInt8], WorkerFailure>, cells: Int, pool: WorkerPool,
        inProcess: (CorpusText) -> [PreparedText]
    ) -> [[PreparedText]] {
        if case .failure(.cannotStart) = answer { return batch.map(inProcess) }
        if case .success(let bytes) = answer, let prepared = CompareBatch.prepared(bytes), prepared.count == batch.count,
            prepared.allSatisfy({ $0.count == cells })
        {
            return prepared
        }
        guard batch.count > 1 else {
            var failed = PreparedText()
            switch answer {
            case .failure(let failure): failed.error = Self.failurePrefix + "the worker failed on this text: \(failure)"
            case .success: failed.error = Self.failurePrefix + "the worker's answer was damaged"
            }
            return [Array(repeating: failed, count: cells)]
        }
        return batch.flatMap { text in
            prepared(
                [text], answer: pool.answer(message([text]), budget: workers.budget), cells: cells, pool: pool,
                inProcess: inProcess)
        }
    }
}
