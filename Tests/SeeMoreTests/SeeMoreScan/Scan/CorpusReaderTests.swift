import Foundation
@testable import SeeMoreScan
import Testing

/// Corpora read as streams: JSONL and CSV, every bad record reported with its line and skipped.
@Suite struct CorpusReaderTests {
    /// Everything `bytes` reads as, in order: texts as "id|text|lang|line", errors as "line N: …".
    static func read(_ bytes: [UInt8], _ format: CorpusReader.Format, column: String = "text") throws -> [String] {
        let path = try BinaryRunner.temporaryFolder().appendingPathComponent("corpus").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = CorpusReader(descriptor: descriptor, format: format, column: column)
        var out: [String] = []
        while let next = reader.next() {
            switch next {
            case .success(let text): out.append("\(text.id)|\(text.text)|\(text.language?.rawValue ?? "-")|\(text.line)")
            case .failure(let error): out.append(error.description)
            }
        }
        return out
    }

    @Test func jsonl_readsEachLine_andReportsTheBadOnesByLine() throws {
        let corpus = """
            {"text": "We shipped it.", "lang": "en", "id": "post-1"}
            {"text": "吾輩は猫である。", "id": 42}

            {"text": "no id"}
            {"text": "broken
            ["not", "an object"]
            {"id": "no text"}
            {"text": 3}
            {"text": "x", "lang": 7}
            {"text": "nul \\u0000 inside"}
            {"text": "last, no newline at the end"}
            """
        let read = try Self.read(Array(corpus.utf8), .jsonl)
        #expect(
            read == [
                "post-1|We shipped it.|en|1",
                "42|吾輩は猫である。|-|2",
                "line 4|no id|-|4",
                "line 5: not JSON: column 17: unterminated string",
                "line 6: not a JSON object",
                "line 7: no \"text\" string",
                "line 8: no \"text\" string",
                "line 9: \"lang\" must be a string",
                "line 10: the text contains a NUL character",
                "line 11|last, no newline at the end|-|11",
            ], "\(read)")
        #expect(try Self.read([0x7B, 0xFF, 0x7D, 0x0A], .jsonl) == ["line 1: is not valid UTF-8 at byte 1"])
    }

    @Test func csv_readsQuotedFields_spanningLines() throws {
        let corpus =
            "id,lang,text\r\n1,en,plain\r\n2,ja,\"吾輩は\n猫である\"\n3,,\"a \"\"quoted\"\" word, and a comma\"\n\n4,en,after a blank line\n"
        #expect(
            try Self.read(Array(corpus.utf8), .csv) == [
                "1|plain|en|2",
                "2|吾輩は\n猫である|ja|3",
                "3|a \"quoted\" word, and a comma|-|5",
                "4|after a blank line|en|7",
            ])
    }

    @Test func csv_badRecords_areReported_andTheRunGoesOn() throws {
        let corpus = "text,id\none field too many,1,2\nbad \"quote\",2\nfine,3\n\"never closed,4\n"
        #expect(
            try Self.read(Array(corpus.utf8), .csv) == [
                "line 2: 3 fields, the header has 2",
                "line 3: a quote inside an unquoted field",
                "3|fine|-|4",
                "line 5: a quoted field is not closed",
            ])
        #expect(try Self.read(Array("body\nx\n".utf8), .csv) == ["line 1: no column \"text\" in the header (body)"])
        #expect(try Self.read(Array("body\nx\n".utf8), .csv, column: "body") == ["line 2|x|-|2"])
        #expect(try Self.read([], .csv) == ["line 1: no header row (a CSV corpus names its columns first)"])
        #expect(try Self.read([], .jsonl) == [])
    }

    @Test func anOverlongLine_isReported_andSkipped() throws {
        let path = try BinaryRunner.temporaryFolder().appendingPathComponent("long.jsonl").path
        var bytes =
            Array("{\"text\": \"".utf8) + [UInt8](repeating: 0x61, count: 300_000) + Array("\"}\n{\"text\": \"next\"}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        bytes = []
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = CorpusReader(descriptor: descriptor, format: .jsonl, maximumRecordBytes: 100_000)
        var out: [String] = []
        while let next = reader.next() {
            switch next {
            case .success(let text): out.append(text.text)
            case .failure(let error): out.append(error.description)
            }
        }
        #expect(out == ["line 1: longer than 100000 bytes", "next"])
    }

    /// A CSV record past the limit is refused whole, and its fields are not kept on the way (a line
    /// of a million commas is no million fields).
    @Test func anOverlongCSVRecord_isReported_andSkipped() throws {
        let path = try BinaryRunner.temporaryFolder().appendingPathComponent("long.csv").path
        let bytes = Array("text\n".utf8) + [UInt8](repeating: 0x2C, count: 1_000_000) + Array("\nnext\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = CorpusReader(descriptor: descriptor, format: .csv, maximumRecordBytes: 10_000)
        var out: [String] = []
        while let next = reader.next() {
            switch next {
            case .success(let text): out.append(text.text)
            case .failure(let error): out.append(error.description)
            }
        }
        #expect(out == ["line 2: longer than 10000 bytes", "next"])
    }
}
