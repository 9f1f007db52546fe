import Foundation
import Testing

/// `seemore render --batch`: many cards from one process, results in input order.
@Suite struct RenderBatchTests {
    static let text = "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds."

    @Test func batch_writesWhatRenderWrites_inInputOrder_andNamesEachRefusal() throws {
        let folder = try BinaryRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        for index in 0..<12 {
            lines.append(#"{"text": "\#(Self.text) \#(index)", "width": \#(200 + index * 10), "name": "card\#(index)"}"#)
        }
        lines.insert(#"{"text": "a", "width": "abc"}"#, at: 3)
        lines.insert(#"{"text": "b", "name": "../escape"}"#, at: 7)
        lines.insert("not json", at: 9)
        lines.insert("", at: 5)
        let batch = try BinaryRunner.run(
            ["render", "--batch", "-", "--jobs", "2", "--out", folder.path], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(batch.status == 65, "a refused line makes the run exit 65: \(batch.stderr)")
        let output = batch.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(output.count == 15, "one result per request line, the empty line skipped")
        let refusals = output.filter { $0["error"] != nil }
        #expect(refusals.map { $0["line"] as? Int } == [4, 9, 11])
        #expect(refusals.map { $0["field"] as? String } == ["width", "name", nil])
        // In input order: the cards' widths come back as they went in.
        let widths: [Double] = output.compactMap { $0["width"] as? Double }
        let sent: [Double] = (0..<12).map { Double(200 + $0 * 10) }
        #expect(widths == sent)
        #expect(
            !FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.json").path)
        )

        // Byte for byte what one render writes.
        let single = try BinaryRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: single) }
        let one = try BinaryRunner.run([
            "render", "--text", Self.text + " 5", "--width", "250", "--out", single.path, "--name", "card5",
        ])
        #expect(one.status == 0)
        for state in ["collapsed", "expanded"] {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent("card5.\(state).png"))
                    == Data(contentsOf: single.appendingPathComponent("card5.\(state).png")))
        }
    }

    /// One strict JSON policy for every input (#42): a batch line that gives a field twice is refused
    /// naming it, as a template or a suite is (on main the last "width" won).
    @Test func batch_refusesAFieldGivenTwice() throws {
        let folder = try BinaryRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let batch = try BinaryRunner.run(
            ["render", "--batch", "-", "--out", folder.path],
            stdin: Data(#"{"text": "a", "width": 200, "width": 300}"#.utf8 + [0x0A]))
        #expect(batch.status == 65, "\(batch.stderr)")
        #expect(batch.stdout.contains(#"duplicate field \"width\""#), "\(batch.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func batch_thatCannotWrite_isExit73_andAMissingFileIs66() throws {
        let folder = try BinaryRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let blocked = try BinaryRunner.run(
            ["render", "--batch", "-", "--out", file.path + "/cards"], stdin: Data(#"{"text": "hello"}"#.utf8))
        #expect(blocked.status == 73)
        #expect(blocked.stdout.contains("\"line\":1"))
        let missing = try BinaryRunner.run(["render", "--batch", folder.appendingPathComponent("nope.jsonl").path])
        #expect(missing.status == 66)
        let both = try BinaryRunner.run(["render", "--batch", "-", "--text", "x"])
        #expect(both.status == 64)
    }
}
