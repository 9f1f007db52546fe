import Foundation
import SeeMore

/// The suite the speed table checks: `texts` English texts (some fit, most are cut) × the five
/// templates × 4 widths × 2 themes × 2 states, DejaVu Sans 15, @1x — 8 000 cases for 100 texts.
struct BenchSuite {
    let folder: String
    var path: String { folder + "/suite.json" }
    let cases: Int

    /// Writes the suite into a new temporary folder.
    init(texts count: Int) throws {
        folder = NSTemporaryDirectory() + "seemore-bench-suite-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let words = """
            the design team shipped a new card today and everyone who tested the early builds filed bugs \
            at two in the morning while the coffee kept coming next up dark mode offline drafts and a faster \
            composer with better sync for small phones where the keyboard covers the reply field
            """.split(separator: " ").map(String.init)
        var seed: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var texts: [(String, JSONValue)] = []
        for index in 0..<count {
            let length = 4 + next(66)
            var sentence = (0..<length).map { _ in words[next(words.count)] }.joined(separator: " ")
            sentence = sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
            texts.append((String(format: "t%03d", index), .string(sentence)))
        }
        let templates = ["x", "inline-more", "fade-overlay", "read-more-tail", "chat-input"]
        let matrix: JSONValue = .object([
            ("templates", .array(templates.map { .string($0) })),
            ("texts", .array(texts.map { .string($0.0) })),
            ("fonts", .array([.string("DejaVu Sans 15")])),
            ("widths", .array([240, 320, 375, 414].map { .number($0) })),
            ("themes", .array([.string("light"), .string("dark")])),
        ])
        let suite: JSONValue = .object([("texts", .object(texts)), ("matrices", .array([matrix]))])
        try Data((suite.serialized() + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/suite.json"))
        cases = count * templates.count * 4 * 2 * 2
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
