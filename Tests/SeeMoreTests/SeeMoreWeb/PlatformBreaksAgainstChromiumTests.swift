import Foundation
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWeb
import Testing

/// SeeMore's platform line-break opportunities against the installed Chromium's: each text laid out
/// in a block of no width, where every opportunity becomes a line break.
@Suite(.serialized) struct PlatformBreaksAgainstChromiumTests {
    /// Chromium's opportunities in each text (scalar offsets), with `css` on the block.
    private static func chromiumBreaks(_ texts: [(String, String?)], css: String, in browser: Browser) throws -> [Set<Int>] {
        var result: [Set<Int>] = []
        for chunk in stride(from: 0, to: texts.count, by: 1_000) {
            let requests = texts[chunk..<min(chunk + 1_000, texts.count)].map { text, language in
                var request = WebLines.Request(text: text, family: "\"DejaVu Sans\"", size: 15, lineHeight: 22, width: 0)
                request.language = language
                request.style = "overflow-wrap: normal; " + css
                return request
            }
            for lines in try WebLines.lines(of: Array(requests), in: browser) {
                var offset = 0
                var breaks = Set<Int>()
                for line in lines.dropLast() {
                    offset += line.unicodeScalars.count
                    breaks.insert(offset)
                }
                result.append(breaks)
            }
        }
        return result
    }

    /// SeeMore's opportunities in `text` as scalar offsets.
    private static func ours(_ text: String, language: String?, lineBreak: LineBreak, wordBreak: WordBreak) -> Set<Int> {
        var scalarAt: [Int: Int] = [:]
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarAt[byte] = index
            byte += UTF8.width(scalar)
        }
        return Set(
            PlatformLineBreaks.opportunities(in: text, language: language, lineBreak: lineBreak, wordBreak: wordBreak).compactMap
            {
                scalarAt[$0]
            })
    }

    /// Every pair of printable ASCII characters between two letters: the table SeeMore keeps is
    /// Chromium's, for `word-break: normal` and `break-all`, and a `-` before a digit breaks only after a letter or digit unless `break-all`.
    @Test func asciiPairs_breakAsChromiumBreaksThem() throws {
        let browser = try TestBrowser.start(budget: 120)
        var texts: [(String, String?)] = []
        for before in UInt8(0x21)...0x7E {
            for after in UInt8(0x21)...0x7E {
                texts.append((String(decoding: [0x78, before, after, 0x78], as: UTF8.self), "en"))
            }
        }
        texts += [("x -5", "en"), ("(-5", "en"), ("9-5", "en")]
        for (css, wordBreak) in [("", WordBreak.normal), ("word-break: break-all", .breakAll)] {
            let chromium = try Self.chromiumBreaks(texts, css: css, in: browser)
            var differing: [String] = []
            for (index, (text, _)) in texts.enumerated() {
                let ours = Self.ours(text, language: "en", lineBreak: .auto, wordBreak: wordBreak)
                if ours != chromium[index] {
                    differing.append("\(text): ours \(ours.sorted()), Chromium's \(chromium[index].sorted())")
                }
            }
            #expect(differing.isEmpty, "\(wordBreak): \(differing.count) texts differ: \(differing.prefix(20))")
        }
    }

    /// The 2 000-post sample corpus (13 scripts, links, hashtags): at each `line-break` level and with
    /// `keep-all`, at least 99% of the texts have exactly Chromium's opportunities (the rest: Thai
    /// words ICU 72's dictionary splits otherwise than Chromium's newer ICU).
    @Test(arguments: [
        (LineBreak.auto, WordBreak.normal, ""), (.strict, .normal, "line-break: strict"),
        (.normal, .normal, "line-break: normal"),
        (.loose, .normal, "line-break: loose"), (.auto, .keepAll, "word-break: keep-all"),
    ])
    func sampleCorpus_breaksAtChromiumsOpportunities(lineBreak: LineBreak, wordBreak: WordBreak, css: String) throws {
        let browser = try TestBrowser.start(budget: 120)
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../examples/corpus/posts.jsonl").standardized.path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let texts = try lines.map { line -> (String, String?) in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (try #require(object["text"] as? String), object["lang"] as? String)
        }
        #expect(texts.count == 2_000)
        let chromium = try Self.chromiumBreaks(texts, css: css, in: browser)
        var same = 0
        var first: String? = nil
        for (index, (text, language)) in texts.enumerated() {
            if Self.ours(text, language: language, lineBreak: lineBreak, wordBreak: wordBreak) == chromium[index] {
                same += 1
            } else if first == nil {
                first = text
            }
        }
        print("\(lineBreak) \(wordBreak): \(same) of \(texts.count) texts break where Chromium does")
        #expect(same * 100 >= texts.count * 99, "\(same) of \(texts.count); first differing: \(first ?? "")")
    }
}
