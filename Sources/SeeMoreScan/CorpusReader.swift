import Glibc
import SeeMoreSupport
import SeeMoreText

/// One text of a corpus: what `seemore scan` cuts.
public struct CorpusText: Sendable, Equatable {
    /// The text's own id (`"id"` in JSONL, an `id` column in CSV), else `line N`.
    public var id: String
    public var text: String
    /// Its BCP 47 language when the corpus gives one (`"lang"`).
    public var language: LanguageTag?
    /// The line of the file it starts on (1-based).
    public var line: Int

    public init(id: String, text: String, language: LanguageTag? = nil, line: Int) {
        self.id = id
        self.text = text
        self.language = language
        self.line = line
    }
}

/// A line of a corpus that is not a text: reported with its line and skipped, and the run goes on.
public struct CorpusError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Reads a corpus as a stream, one text at a time, so that memory stays flat in the number of texts:
/// JSONL (`{"text": …, "lang": …, "id": …}` per line) or CSV (a header row, then RFC 4180 records,
/// quoted fields spanning lines; the text from the column `column`).
public struct CorpusReader {
    public enum Format: String, Sendable, CaseIterable { case jsonl, csv }

    /// The longest record read, in bytes (a text's own limit is 16 MB); a longer one is an error and skipped.
    public static let maximumRecordBytes = 16 << 20

    private var source: ByteSource
    public let format: Format
    private let column: String
    private let limit: Int
    private var line = 0
    /// CSV: the header's columns, once read.
    private var header: [String]? = nil
    /// A CSV corpus without a header or without the text's column has no more texts.
    private var stopped = false

    /// - Parameters:
    ///   - descriptor: an open file (or standard input) the reader reads to its end; the caller closes it.
    ///   - column: the CSV column holding the text.
    public init(descriptor: Int32, format: Format, column: String = "text", maximumRecordBytes: Int = Self.maximumRecordBytes) {
        source = ByteSource(descriptor: descriptor, limit: maximumRecordBytes)
        source.skipByteOrderMark()
        self.format = format
        self.column = column
        limit = maximumRecordBytes
    }

    /// The next text, or the error of the next record that is not one; nil at the end.
    public mutating func next() -> Result<CorpusText, CorpusError>? {
        while true {
            switch format {
            case .jsonl:
                guard let (bytes, overlong) = source.line() else { return nil }
                line += 1
                if overlong { return .failure(CorpusError(line: line, message: "longer than \(limit) bytes")) }
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }  // blank lines are no texts
                return Self.jsonText(bytes, line: line)
            case .csv:
                guard !stopped else { return nil }
                let first = line + 1
                guard let (fields, lines, problem) = csvRecord() else {
                    stopped = true
                    return header == nil
                        ? .failure(CorpusError(line: 1, message: "no header row (a CSV corpus names its columns first)")) : nil
                }
                line += lines
                if let problem { return .failure(CorpusError(line: first, message: problem)) }
                guard let header else {
                    guard fields.contains(column) else {
                        stopped = true
                        return .failure(
                            CorpusError(
                                line: first,
                                message:
                                    "no column \"\(LogText.escaped(column))\" in the header (\(fields.map(LogText.escaped).joined(separator: ", ")))"
                            ))
                    }
                    self.header = fields
                    continue
                }
                if fields.count == 1 && fields[0].isEmpty { continue }
                guard fields.count == header.count else {
                    return .failure(CorpusError(line: first, message: "\(fields.count) fields, the header has \(header.count)"))
                }
                var record: [String: String] = [:]
                for (name, value) in zip(header, fields) where record[name] == nil { record[name] = value }
                var language: LanguageTag? = nil
                if let given = record["lang"], !given.isEmpty {
                    guard let tag = LanguageTag(given) else { return .failure(Self.badLanguage(given, line: first)) }
                    language = tag
                }
                return .success(
                    CorpusText(
                        id: record["id"].flatMap { $0.isEmpty ? nil : $0 } ?? "line \(first)", text: record[column] ?? "",
                        language: language, line: first))
            }
        }
    }

    private static func jsonText(_ bytes: ArraySlice<UInt8>, line: Int) -> Result<CorpusText, CorpusError> {
        do {
            _ = try decodeLayoutText(bytes)
        } catch {
            return .failure(CorpusError(line: line, message: "\(error)"))
        }
        let node: JSONNode
        switch JSONNode.parse(bytes) {
        case .success(let parsed): node = parsed
        case .failure(let error):
            return .failure(CorpusError(line: line, message: "not JSON: column \(error.column): \(error.message)"))
        }
        guard node.isObject else { return .failure(CorpusError(line: line, message: "not a JSON object")) }
        guard let text = node["text"]?.string else { return .failure(CorpusError(line: line, message: "no \"text\" string")) }
        if text.unicodeScalars.contains("\u{0}") {
            return .failure(CorpusError(line: line, message: "the text contains a NUL character"))
        }
        var id = "line \(line)"
        if let given = node["id"] {
            if let string = given.string {
                id = string
            } else if let number = given.number {
                id = JSONValue.format(number)
            } else if !given.isNull {
                return .failure(CorpusError(line: line, message: "\"id\" must be a string or a number"))
            }
        }
        var language: LanguageTag? = nil
        if let given = node["lang"], !given.isNull {
            guard let string = given.string else {
                return .failure(CorpusError(line: line, message: "\"lang\" must be a string"))
            }
            guard let tag = LanguageTag(string) else { return .failure(Self.badLanguage(string, line: line)) }
            language = tag
        }
        return .success(CorpusText(id: id, text: text, language: language, line: line))
    }

    /// A text's `lang` that is no language tag: its record is bad, as one with a bad field is.
    private static func badLanguage(_ given: String, line: Int) -> CorpusError {
        CorpusError(line: line, message: "\"lang\" must be \(LanguageTag.rule), not '\(given)'")
    }

    /// The next CSV record: its fields, the lines it took, and what is wrong with it; nil at the end.
    private mutating func csvRecord() -> (fields: [String], lines: Int, problem: String?)? {
        var fields: [String] = []
        var field: [UInt8] = []
        var lines = 1
        var quoted = false
        var fieldStarted = false
        var sawAny = false
        var problem: String? = nil
        var bytes = 0
        func finish() {
            // Past the limit the record is refused: its fields are not kept (a line of commas stays small).
            guard bytes <= limit else {
                field.removeAll(keepingCapacity: true)
                fieldStarted = false
                return
            }
            do {
                fields.append(try decodeLayoutText(field))
            } catch {
                if problem == nil { problem = "field \(fields.count + 1) \(error)" }
                fields.append("")
            }
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        while let byte = source.byte() {
            sawAny = true
            bytes += 1
            if bytes > limit, problem == nil {
                problem = "longer than \(limit) bytes"
            }
            if quoted {
                if byte == 0x22 {
                    if source.peek() == 0x22 {
                        _ = source.byte()
                        if problem == nil { field.append(0x22) }
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { lines += 1 }
                    if problem == nil { field.append(byte) }
                }
                continue
            }
            switch byte {
            case 0x22 where !fieldStarted && field.isEmpty:
                quoted = true
                fieldStarted = true
            case 0x2C:
                finish()
            case 0x0A:
                if field.last == 0x0D { field.removeLast() }
                finish()
                return (fields, lines, problem)
            default:
                if byte == 0x22, problem == nil { problem = "a quote inside an unquoted field" }
                fieldStarted = true
                if problem == nil { field.append(byte) }
            }
        }
        guard sawAny else { return nil }
        if quoted, problem == nil { problem = "a quoted field is not closed" }
        if field.last == 0x0D { field.removeLast() }
        finish()
        return (fields, lines, problem)
    }
}
