import Dispatch
import SeeMoreSupport
import SeeMoreWorkers
import Synchronization

/// One scan of a corpus into a folder: reads the texts as a stream, cuts each in every cell of the
/// matrix (here or on worker processes), writes `cases.jsonl` in corpus order as it goes, keeps only
/// counts and the gallery's worst cases, then paints the gallery and writes `scan.json` and
/// `index.html`. Memory stays flat in the number of texts.
public final class ScanRun {
    public struct Options: Sendable {
        public var matrix: ScanMatrix
        public var shard: Shard? = nil
        /// Cases per lint in the gallery.
        public var galleryLimit = 6
        /// The corpus's name in the report: its file name, or "-".
        public var corpusName: String
        public var folder: String

        public init(matrix: ScanMatrix, corpusName: String, folder: String) {
            self.matrix = matrix
            self.corpusName = corpusName
            self.folder = folder
        }
    }

    /// A text's time budget unless told otherwise (a text takes milliseconds).
    package static let defaultTextBudget = Duration.seconds(30)

    /// The most texts and bytes of text sent to a worker at once.
    static let batchTexts = 64
    static let batchBytes = 1 << 20

    public let options: Options
    private let cutter: ScanCutter
    private let workers: Workers<ScanJob>?
    private var result: ScanResult
    /// Texts a worker process died on (each reported as its cases' error).
    package private(set) var workerFailures = 0
    private var output: [UInt8] = []

    /// A scan in this process.
    /// - Throws: as `ScanCutter.init` (a font file that is no font).
    public convenience init(options: Options) throws {
        try self.init(options: options, workers: nil)
    }

    /// A scan whose texts are cut by worker processes (`seemore scan --jobs`).
    package init(options: Options, workers: Workers<ScanJob>?) throws {
        self.options = options
        self.workers = workers
        cutter = try ScanCutter(matrix: options.matrix)
        let matrix = options.matrix
        result = ScanResult(
            corpus: options.corpusName, templates: matrix.templates.map(\.name), fonts: matrix.fonts, widths: matrix.widths,
            shard: options.shard, galleryLimit: options.galleryLimit)
        result.pseudo = matrix.pseudo
        result.textSize = matrix.textSize
        result.locales = matrix.locales.map(\.rawValue)
    }

    /// Scans every text `reader` gives into the folder; `badRecord` hears of each record that is not
    /// a text (counted, skipped).
    /// - Throws: `AtomicFile.WriteError` when the folder cannot be written; nothing half-written stays.
    public func run(_ reader: inout CorpusReader, badRecord: (CorpusError) -> Void) throws -> ScanResult {
        let folder = ScanOutput(folder: options.folder)
        try folder.prepare()
        try AtomicFile.write(to: folder.casesPath, durable: false) { write in
            if let workers {
                try runOnWorkers(&reader, workers, badRecord: badRecord, write: write)
            } else {
                while let text = next(&reader, badRecord: badRecord) {
                    try record(cutter.cases(of: text), of: text, write: write)
                }
            }
            try write(output)
            output = []
        }
        try folder.writePictures(of: result.gallery, cutter: cutter)
        try folder.writeResult(result)
        return result
    }

    /// The next text of this shard; nil at the corpus's end.
    private func next(_ reader: inout CorpusReader, badRecord: (CorpusError) -> Void) -> CorpusText? {
        while let item = reader.next() {
            switch item {
            case .failure(let error):
                result.statistics.badRecords += 1
                badRecord(error)
            case .success(let text):
                guard options.shard?.holds(id: text.id) ?? true else { continue }
                result.texts += 1
                return text
            }
        }
        return nil
    }

    private func record(_ cases: [ScanCase], of text: CorpusText, write: ([UInt8]) throws -> Void) throws {
        for scan in cases {
            result.statistics.add(scan)
            result.gallery.add(scan, text: text)
            output += scan.json.serialized(indent: nil).utf8
            output.append(0x0A)
        }
        if output.count >= 1 << 18 {
            try write(output)
            output.removeAll(keepingCapacity: true)
        }
    }

    /// Batches of texts cut on the workers, at most two a worker in flight, recorded in corpus order.
    private func runOnWorkers(
        _ reader: inout CorpusReader, _ workers: Workers<ScanJob>, badRecord: (CorpusError) -> Void,
        write: ([UInt8]) throws -> Void
    ) throws {
        let pool = WorkerPool(
            executable: workers.executable, arguments: ["worker"] + cutter.matrix.fontFiles.workerArguments, count: workers.count)
        defer { pool.drain() }
        let answers = BatchAnswers()
        let inFlight = 2 * workers.count
        // The batches sent and not yet recorded, by number; numbers below `recorded` are done.
        var sent: [Int: [CorpusText]] = [:]
        var numbered = 0
        var recorded = 0
        /// Records batch `recorded` when it has been answered (or, with `wait`, once it is); false when not yet.
        func recordNext(wait: Bool) throws -> Bool {
            guard recorded < numbered, let answer = wait ? answers.wait(for: recorded) : answers.take(recorded),
                let batch = sent.removeValue(forKey: recorded)
            else { return false }
            recorded += 1
            for (text, cases) in zip(batch, try cases(of: batch, answer: answer, pool: pool)) {
                try record(cases, of: text, write: write)
            }
            return true
        }
        func submit(_ batch: [CorpusText]) throws {
            while try recordNext(wait: false) {}
            while numbered - recorded >= inFlight { _ = try recordNext(wait: true) }
            let number = numbered
            numbered += 1
            sent[number] = batch
            let message = WorkerJob.scanTexts(job: workers.job.bytes, texts: ScanBatch.message(batch)).message
            pool.submit(message, budget: workers.budget * 4) { answer in answers.set(number, answer) }
        }
        var batch: [CorpusText] = []
        var bytes = 0
        while let text = next(&reader, badRecord: badRecord) {
            batch.append(text)
            bytes += text.text.utf8.count
            if batch.count == Self.batchTexts || bytes >= Self.batchBytes {
                try submit(batch)
                batch = []
                bytes = 0
            }
        }
        if !batch.isEmpty { try submit(batch) }
        while try recordNext(wait: true) {}
    }

    /// Each text's cases from a worker's answer. A batch whose worker died is sent again text by text,
    /// so that only the text it died on is reported (as that text's error in every cell).
    private func cases(of batch: [CorpusText], answer: Result<[UInt8], WorkerFailure>, pool: WorkerPool) throws -> [[ScanCase]] {
        let cells = cutter.matrix.cells
        // No worker could be started: this process cuts the batch itself.
        if case .failure(.cannotStart) = answer { return batch.map { cutter.cases(of: $0) } }
        if case .success(let bytes) = answer, let cases = ScanBatch.cases(bytes), cases.count == batch.count * cells.count {
            return stride(from: 0, to: cases.count, by: cells.count).map { Array(cases[$0..<($0 + cells.count)]) }
        }
        guard batch.count > 1 else {
            let reason: String
            switch answer {
            case .failure(let failure): reason = "the worker failed on this text: \(failure)"
            case .success: reason = "the worker's answer was damaged"
            }
            guard let text = batch.first else { return [] }
            workerFailures += 1
            return [
                cells.map { cell in
                    var scan = ScanCase(id: text.id, line: text.line, cell: cell.key)
                    scan.error = reason
                    return scan
                }
            ]
        }
        let job = workers?.job.bytes ?? []
        let budget = workers?.budget ?? Self.defaultTextBudget
        return try batch.map { text in
            let message = WorkerJob.scanTexts(job: job, texts: ScanBatch.message([text])).message
            return try cases(of: [text], answer: pool.answer(message, budget: budget), pool: pool).first ?? []
        }
    }
}

/// Workers' answers by batch number, handed from the pool's threads to the scan's.
private final class BatchAnswers: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let answers = Mutex<[Int: Result<[UInt8], WorkerFailure>]>([:])

    func set(_ number: Int, _ answer: Result<[UInt8], WorkerFailure>) {
        answers.withLock { $0[number] = answer }
        arrived.signal()
    }

    /// Batch `number`'s answer when it has come; nil otherwise.
    func take(_ number: Int) -> Result<[UInt8], WorkerFailure>? {
        answers.withLock { $0.removeValue(forKey: number) }
    }

    /// Batch `number`'s answer, waiting for it.
    func wait(for number: Int) -> Result<[UInt8], WorkerFailure> {
        while true {
            if let answer = take(number) { return answer }
            arrived.wait()
        }
    }
}
