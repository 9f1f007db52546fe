import SeeMoreSupport
import SeeMoreText
import SeeMoreCards

/// What SeeMore's programs ask a `seemore worker` process, and how they are answered, as messages
/// (binary records) for a `WorkerPool`.
package enum WorkerJob: Equatable, Sendable {
    /// A card of `seemore serve`: answered with a `CardService.Answer`.
    case card(fields: [String: String], format: CardService.Format)
    /// Line `number` of `render --batch`: the worker draws it and writes its files; answered with a
    /// `BatchAnswer`.
    case batchLine(String, number: Int)
    /// Cases `indices` of the cases a check selects, its suite and options a `CheckJob` record, in
    /// run `run` (a worker loads the suite once a run): checked, their artifacts and goldens written;
    /// answered with `CheckWorkers.record`, a result per case.
    case checkCases(job: [UInt8], run: String, indices: [Int])
    /// Texts of a scan, its matrix a `ScanJob` record, as `ScanBatch.message` writes them: each cut in
    /// every cell; answered with `ScanBatch.answer`, their cases.
    case scanTexts(job: [UInt8], texts: [UInt8])
    /// Texts of `seemore compare`, its matrix a `ScanJob` record with every template's line breaking
    /// set to `platform`'s (empty: as the templates say): each laid out in every cell for the browser;
    /// answered with `CompareBatch.answer`.
    case compareTexts(job: [UInt8], platform: String, texts: [UInt8])

    package var message: [UInt8] {
        var record = RecordWriter()
        switch self {
        case .card(let fields, let format):
            record.string("card")
            record.string(format.rawValue)
            record.array(fields.sorted { $0.key < $1.key }) {
                $0.string($1.key)
                $0.string($1.value)
            }
        case .batchLine(let line, let number):
            record.string("batch-line")
            record.string(line)
            record.integer(number)
        case .checkCases(let job, let run, let indices):
            record.string("check-cases")
            record.data(job)
            record.string(run)
            record.array(indices) { $0.integer($1) }
        case .scanTexts(let job, let texts):
            record.string("scan-texts")
            record.data(job)
            record.data(texts)
        case .compareTexts(let job, let platform, let texts):
            record.string("compare-texts")
            record.data(job)
            record.string(platform)
            record.data(texts)
        }
        return record.bytes
    }

    /// The job a message holds; nil for bytes no pool wrote.
    package init?(message: [UInt8]) {
        var reader = RecordReader(message[...])
        do {
            switch try reader.string() {
            case "card":
                guard let format = CardService.Format(rawValue: try reader.string()) else { return nil }
                let pairs = try reader.array { (try $0.string(), try $0.string()) }
                self = .card(fields: Dictionary(pairs, uniquingKeysWith: { first, _ in first }), format: format)
            case "batch-line":
                self = .batchLine(try reader.string(), number: try reader.integer())
            case "check-cases":
                self = .checkCases(
                    job: try reader.data(), run: try reader.string(), indices: try reader.array { try $0.integer() })
            case "scan-texts":
                self = .scanTexts(job: try reader.data(), texts: try reader.data())
            case "compare-texts":
                self = .compareTexts(job: try reader.data(), platform: try reader.string(), texts: try reader.data())
            default: return nil
            }
        } catch {
            return nil
        }
        guard reader.isAtEnd else { return nil }
    }
}

extension CardService.Answer {
    package var message: [UInt8] {
        var record = RecordWriter()
        record.integer(status)
        record.string(type)
        record.data(body)
        return record.bytes
    }

    package init?(message: [UInt8]) {
        var reader = RecordReader(message[...])
        guard let status = try? reader.integer(), let type = try? reader.string(), let body = try? reader.data(), reader.isAtEnd
        else { return nil }
        self.init(status: status, type: type, body: body)
    }
}

/// A `render --batch` line's result: the JSON line to print and the exit status it counts as.
package struct BatchAnswer: Equatable, Sendable {
    package var json: String
    package var status: Int32

    package init(json: String, status: Int32) {
        self.json = json
        self.status = status
    }

    package var message: [UInt8] {
        var record = RecordWriter()
        record.string(json)
        record.integer(Int(status))
        return record.bytes
    }

    package init?(message: [UInt8]) {
        var reader = RecordReader(message[...])
        guard let json = try? reader.string(), let status = try? reader.integer(), reader.isAtEnd,
            let status = Int32(exactly: status)
        else { return nil }
        self.init(json: json, status: status)
    }
}

extension FontFiles {
    /// The flags that give a `seemore worker` these fonts: each file as `--font-file` (one path each,
    /// commas and all), and `--hermetic-fonts`.
    package var workerArguments: [String] {
        files.flatMap { ["--font-file", $0] } + (hermetic ? ["--hermetic-fonts"] : [])
    }
}
