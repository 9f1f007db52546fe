import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// A run's results kept in a temporary file: read back equal, in case order, whatever order they came
/// in, and never lost when the file cannot be written.
@Suite struct ResultSpoolTests {
    /// A result with every field set, different for every index.
    static func result(_ index: Int) -> CaseResult {
        var result = CaseResult(
            name: "inline-more/t\(index)/DejaVuSans-15@320.light.collapsed", outcome: index % 3 == 0 ? .passed : .layoutChanged,
            message: "layout changed: line 3 “coffee” → “tea” \(index)", goldenPath: "/suite/g\(index).png",
            group: "inline-more · DejaVu Sans 15 · 320 pt")
        result.recordedPath = index % 5 == 0 ? "/suite/g\(index).png" : nil
        result.artifacts = ["actual": "a\(index).actual.png", "diff": "a\(index).diff.png", "golden": "a\(index).golden.png"]
        result.differentPixels = index % 2 == 0 ? index * 7 : nil
        result.totalPixels = index % 2 == 0 ? 320 * 200 : nil
        result.layoutDiff = LayoutDiff(
            golden: LayoutSnapshot(text: "lines 3\nline 1 Huge thanks\nline 3 coffee\(index)"),
            actual: LayoutSnapshot(text: "lines 3\nline 1 Huge thanks\nline 3 tea"))
        result.contrast = [
            ContrastNote(
                role: "text", foreground: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5),
                background: Color(red: 1, green: 0.9, blue: 0.8), points: 15, bold: false),
            ContrastNote(
                role: "suffix", foreground: Color(red: 0, green: 0.4, blue: 1), background: Color(red: 0, green: 0, blue: 0),
                points: 18.66, bold: true),
        ]
        result.actualHash = index % 4 == 0 ? "0123456789abcdef:fedcba9876543210" : nil
        result.writeError = index % 7 == 0 ? "No space left on device" : nil
        return result
    }

    @Test func resultsReadBackEqual_inCaseOrder_whateverOrderTheyCameIn() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        // Enough to be written to the file in several pieces.
        let count = 6_000
        let spool = ResultSpool(count: count, folder: folder)
        var order = Array(0..<count)
        var generator = SplitMix(seed: 11)
        order.shuffle(using: &generator)
        for index in order { spool.store(Self.result(index), at: index) }
        #expect(spool.usesFile)
        let results = CaseResults(spool)
        #expect(results.count == count)
        for (index, result) in results.enumerated() { #expect(result == Self.result(index)) }
        // Out of order too.
        for index in order.prefix(500) { #expect(results[index] == Self.result(index)) }
        // The file has no name: nothing is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The report and the page read the results back on two threads at once (`GoldenReport.write`).
    @Test func threadsReadingAtOnce_eachReadEveryResult() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        let count = 4_000
        let spool = ResultSpool(count: count, folder: folder)
        for index in 0..<count { spool.store(Self.result(index), at: index) }
        let results = CaseResults(spool)
        let mismatches = ManagedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            // Two read in case order, two from the end: windows are taken and replaced under each other.
            let order = thread % 2 == 0 ? Array(0..<count) : Array((0..<count).reversed())
            for index in order where results[index] != Self.result(index) { mismatches.add() }
        }
        #expect(mismatches.value == 0)
    }

    final class ManagedCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    @Test func countsAndFailures_comeFromTheFacts() {
        let results = CaseResults((0..<100).map(Self.result))
        let all = (0..<100).map(Self.result)
        #expect(results.failures.map(\.name) == all.filter(\.failed).map(\.name))
        #expect(results.count(matching: \.recorded) == all.filter { $0.recordedPath != nil }.count)
        #expect(results.count(matching: \.writeError) == all.filter { $0.writeError != nil }.count)
        #expect(results.failures.count(matching: { !$0.failed }) == 0)
        #expect(results.indices.allSatisfy { results.facts($0).change == all[$0].change })
    }

    @Test func aSecondResultForACase_replacesTheFirst() {
        let spool = ResultSpool(count: 2, folder: nil)
        spool.store(Self.result(3), at: 1)
        spool.store(Self.result(4), at: 1)
        spool.store(Self.result(5), at: 7)  // no such case: ignored
        #expect(!spool.has(0))
        #expect(spool.result(at: 1) == Self.result(4))
        #expect(spool.result(at: 7) == nil)
    }

    @Test func aFileThatCannotBeWritten_keepsTheResultsInMemory() throws {
        // /dev/full refuses every write (ENOSPC), as a full disk does.
        let spool = ResultSpool(count: 5_000, descriptor: open("/dev/full", O_RDWR | O_CLOEXEC))
        for index in 0..<5_000 { spool.store(Self.result(index), at: index) }
        #expect(!spool.usesFile)
        let results = CaseResults(spool)
        #expect(results.indices.allSatisfy { results[$0] == Self.result($0) })
    }

    @Test func damagedRecords_areRefused_neverACrash() {
        var record = RecordWriter()
        Self.result(2).write(to: &record)
        let bytes = record.bytes
        var reader = RecordReader(bytes[...])
        #expect((try? CaseResult(from: &reader)) == Self.result(2))
        #expect(reader.isAtEnd)
        // Every shorter prefix is refused.
        for length in 0..<bytes.count {
            var short = RecordReader(bytes[..<length])
            #expect((try? CaseResult(from: &short)) == nil)
        }
        // Changed bytes decode to something or are refused; a huge count never allocates.
        var generator = SplitMix(seed: 5)
        for _ in 0..<2_000 {
            var changed = bytes
            for _ in 0..<3 {
                changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            var damaged = RecordReader(changed[...])
            _ = try? CaseResult(from: &damaged)
        }
        var huge = RecordWriter()
        huge.integer(Int.max)
        var reader2 = RecordReader(huge.bytes[...])
        #expect((try? reader2.array { try $0.string() }) == nil)
    }

    @Test func integersAndDoubles_roundTrip() throws {
        var record = RecordWriter()
        let integers = [0, 1, -1, 63, -64, 64, 127, 128, 300, Int.max, Int.min, Int(Int32.max) + 1]
        let doubles = [0, -0.0, 1.5, .infinity, -.infinity, .leastNonzeroMagnitude, 21.0 / 4.5]
        for value in integers { record.integer(value) }
        for value in doubles { record.double(value) }
        var reader = RecordReader(record.bytes[...])
        for value in integers { #expect(try reader.integer() == value) }
        for value in doubles { #expect(try reader.double().bitPattern == value.bitPattern) }
        #expect(reader.isAtEnd)
    }
}
