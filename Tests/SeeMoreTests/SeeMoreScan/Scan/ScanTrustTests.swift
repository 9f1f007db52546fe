import SeeMoreSupport
import Foundation
@testable import SeeMoreScan
import Testing

/// A scan's inputs from strangers: forged shards, shards edited out of order, a corpus with a byte
/// order mark, a corpus of a million bad records.
@Suite struct ScanTrustTests {
    static func shards() throws -> [String] {
        let corpus = ScanRunTests.corpus(30)
        return try (1...2).map { try ScanRunTests.scan(corpus, shard: Shard(index: $0, count: 2)).folder }
    }

    /// Every "texts" count of a shard's scan.json replaced by `count`.
    static func forge(_ folder: String, count: Int) throws {
        let path = folder + "/scan.json"
        let text = String(decoding: try ScanRunTests.contents(path), as: UTF8.self)
        let forged = text.replacingOccurrences(of: #""texts": \d+"#, with: "\"texts\": \(count)", options: .regularExpression)
        #expect(forged != text)
        try Data(forged.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// On main a count of 2⁵¹ − 1 was read, and 4 100 such shards summed past Int.max (SIGILL): now a
    /// count past 2⁴⁰ is refused by field, and a total past it is refused by the merge.
    @Test func forgedCounts_areRefused_neverSummedPastWhatACorpusHas() throws {
        let huge = try Self.shards()
        for folder in huge { try Self.forge(folder, count: 2_251_799_813_685_247) }
        let out = try BinaryRunner.temporaryFolder().path
        #expect { try ScanMerge.merge(huge, into: out) } throws: { "\($0)".contains("texts: expected a whole number from 0") }
        let large = try Self.shards()
        for folder in large { try Self.forge(folder, count: ScanResult.maximumCount) }
        #expect {
            try ScanMerge.merge(large, into: out)
        } throws: { error in
            "\(error)"
                == "the shards count 2199023255552 texts in all, more than any corpus has (1099511627776): a scan.json is damaged"
        }
        let merge = try BinaryRunner.run(["scan", "merge", "--out", out] + large)
        #expect(merge.status == 65 && merge.stderr.contains("more than any corpus has"), "\(merge.stderr)")
    }

    /// A shard's cases.jsonl edited out of corpus order is refused (on main it was merged, out of order).
    @Test func casesOutOfOrder_areRefused() throws {
        let folders = try Self.shards()
        let path = folders[0] + "/cases.jsonl"
        var lines = String(decoding: try ScanRunTests.contents(path), as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(lines.count > 8)
        lines.swapAt(0, lines.count - 1)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let out = try BinaryRunner.temporaryFolder().path
        #expect { try ScanMerge.merge(folders, into: out) } throws: { "\($0)".contains("a shard's cases are in corpus order") }
    }

    /// A spreadsheet's export starts with a UTF-8 byte order mark: the first record is a text (on main,
    /// "not JSON").
    @Test func aByteOrderMark_startsTheFirstRecordNotAnError() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(
            try CorpusReaderTests.read(bom + Array("{\"text\": \"Hello\"}\n{\"text\": \"World\"}\n".utf8), .jsonl) == [
                "line 1|Hello|-|1", "line 2|World|-|2",
            ])
        #expect(try CorpusReaderTests.read(bom + Array("text,id\nHello,1\n".utf8), .csv) == ["1|Hello|-|2"])
    }

    /// A corpus of bad records names the first hundred by line, then counts the rest (on main, one line each).
    @Test func manyBadRecords_printABoundedLog() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let corpus = folder.appendingPathComponent("bad.jsonl")
        try Data((String(repeating: "not json\n", count: 1_000) + "{\"text\": \"Hello\"}\n").utf8).write(to: corpus)
        let output = try BinaryRunner.run(
            ["scan", "--texts", corpus.path, "--out", folder.appendingPathComponent("scan").path, "--jobs", "1"]
                + ScanRunTests.matrixArguments)
        #expect(output.status == 65)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("(skipped)") }.count == 100, "\(lines.count) lines")
        #expect(output.stderr.contains("bad.jsonl: 900 more bad records skipped, not listed"), "\(output.stderr.suffix(300))")
        #expect(output.stdout.contains("1000 bad record(s) skipped"))
    }
}
