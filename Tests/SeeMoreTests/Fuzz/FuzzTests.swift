import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreScan
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Deterministic fuzzing of everything a pull request feeds SeeMore: markup texts through the cut
/// engine and the painter, template files, suite files and golden PNGs. Every input must end in a
/// result or one of the documented errors, never a crash, an abort or a hang. `SEEMORE_FUZZ_COUNT`
/// scales the runs (`make fuzz` runs 20× more) and `SEEMORE_FUZZ_SEED` picks another sequence.
@Suite struct FuzzTests {
    static var scale: Int { max(1, (Int(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_COUNT"] ?? "") ?? 120) / 120) }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SEEMORE_FUZZ_SEED"] ?? "") ?? 42 }

    /// Opening tags with their closing ones; some attributes are valid, some out of range, some refused.
    static let spans: [(String, String)] = [
        ("<b>", "</b>"), ("<i>", "</i>"), ("<big>", "</big>"), ("<small>", "</small>"), ("<sup>", "</sup>"), ("<u>", "</u>"),
        ("<span size=\"x-large\">", "</span>"), ("<span size=\"1\">", "</span>"), ("<span size=\"99999999\">", "</span>"),
        ("<span font=\"Serif 0\">", "</span>"), ("<span font=\"Bold 90\">", "</span>"), ("<span rise=\"-9999999\">", "</span>"),
        ("<span letter_spacing=\"4096\">", "</span>"), ("<span allow_breaks=\"false\">", "</span>"),
        ("<span insert_hyphens=\"true\">", "</span>"), ("<span line_height=\"50\">", "</span>"),
        ("<span lang=\"zh-cn\">", "</span>"),
        ("<span baseline_shift=\"superscript\">", "</span>"), ("<span font_scale=\"small-caps\">", "</span>"),
        ("<span gravity=\"west\">", "</span>"), ("<span foreground=\"#123\">", "</span>"),
        ("<span background=\"#FF00FF80\">", "</span>"),
        ("<span underline=\"error\">", "</span>"), ("<span show=\"spaces\">", "</span>"),
        ("<span text_transform=\"uppercase\">", "</span>"),
        ("<span segment=\"word\">", "</span>"), ("<span font_features=\"liga=0\">", "</span>"),
    ]
    /// Tokens that break markup, now and then.
    static let junk = ["&amp;", "&#x301;", "&#0;", "&lt;", "<", ">", "&", "</b>", "<span", "<span size=>"]

    /// Mostly well-formed markup: spans properly nested around words, a little junk.
    static func markup(_ generator: inout SplitMix) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        var text = ""
        var open: [String] = []
        for _ in 0..<Int(generator.next() % 40) {
            switch generator.next() % 10 {
            case 0, 1:
                let span = pick(Self.spans)
                text += span.0
                open.append(span.1)
            case 2: if let close = open.popLast() { text += close }
            case 3: if generator.next() % 8 == 0 { text += pick(Self.junk) }
            default: text += pick(Self.words) + (generator.next() % 3 == 0 ? "" : " ")
            }
        }
        return text + open.reversed().joined()
    }

    static let words = [
        "We", "shipped", "東京", "서울은", "สวัสดี", "مرحبا", "שלום", "नमस्ते", "Ỗ", "e\u{0301}", "👩‍💻", "🇯🇵", "\n", " ", "\u{200F}",
        "\u{2067}", "\u{2069}", "\u{00A0}", "\t", "\r\n", "x", "1234",
    ]

    @Test func markupThroughTheEngineAndThePainter() throws {
        var generator = SplitMix(seed: Self.seed)
        let engine = try LayoutEngine()
        let renderer = try CardRenderer()
        let templates = try CardFixtures.templateNames.map { try CardFixtures.template($0) }
        var laidOut = 0
        for _ in 0..<(100 * Self.scale) {
            func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
            let text = Self.markup(&generator)
            var request = TruncationRequest(
                text: text, font: pick(["DejaVu Sans 15", "IPAGothic 9", "NanumGothic 40", "Noto Sans Arabic 15"]),
                width: Double(1 + generator.next() % 500), lines: 1 + Int(generator.next() % 6),
                ellipsis: pick(["… ", "", "..."]), suffix: pick(["See more", "続きを読む", "المزيد", ""]))
            request.markup = true
            request.wordBreak = pick(WordBreak.allCases)
            request.lineBreak = pick([nil] + LineBreak.allCases)
            request.hyphens = pick(Hyphens.allCases)
            request.direction = pick(TextDirection.allCases)
            request.cutMode = pick(CutMode.allCases)
            request.lineHeight = pick([.natural, .multiple(0.5), .multiple(1.3), .points(40)])
            do {
                let cut = try engine.truncate(request)
                #expect(
                    cut.lineCount <= request.lines || cut.suffixWraps || !cut.truncated,
                    "\(cut.lines) for \(request.lines) lines at \(request.width) pt, \(request.font), \(request.cutMode), \(request.wordBreak) \(request.lineBreak.map(\.rawValue) ?? "pango"), \(request.direction), \(request.suffix.debugDescription): \(text.debugDescription)"
                )
                laidOut += 1
            } catch is TruncationRequestError {
                continue  // a documented refusal
            }
            var card = CardRequest(
                text: text, template: pick(templates), markup: true, width: Double(40 + generator.next() % 400))
            card.scale = 1 + Int(generator.next() % 2)
            do {
                _ = try renderer.draw(card, state: pick(CardState.allCases))
            } catch is TruncationRequestError {
            } catch is CardError {
            } catch {
                Issue.record("\(error) drawing \(text.debugDescription) in \(card.template.name)")
            }
        }
        #expect(laidOut > 10 * Self.scale, "enough markup is valid for the engine and painter to be fuzzed: \(laidOut)")
    }

    /// `bytes` with a few random edits: bytes replaced, removed, inserted, or a number made extreme.
    static func mutate(_ bytes: [UInt8], _ generator: inout SplitMix) -> [UInt8] {
        var result = bytes
        let values = [
            "1e999", "-1", "0", "9223372036854775808", "1.5", "null", "\"\"", "[]", "{}", "\"../../x\"", "\"\\u0000\"", "2",
            "999",
            "0.001", "\"Bold\"", "\"20pt\"", "\"1000000\"", "true", "\"#FFFFFF\"", "\"overlay\"", "\"rtl\"", "\"words\"",
        ]
        for _ in 0..<(1 + Int(generator.next() % 2)) where !result.isEmpty {
            let at = Int(generator.next() % UInt64(result.count))
            switch generator.next() % 8 {
            case 0: result[at] = UInt8(truncatingIfNeeded: generator.next())
            case 1: result.remove(at: at)
            case 2: result.insert(UInt8(truncatingIfNeeded: generator.next() % 128), at: at)
            case 3: result = Array(result.prefix(at))
            default:
                // Replace a value after a colon with an extreme one.
                if let colon = result[at...].firstIndex(of: UInt8(ascii: ":")) {
                    var end = colon + 1
                    while end < result.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(result[end]) {
                        end += 1
                    }
                    let value = Array(" \(values[Int(generator.next() % UInt64(values.count))])".utf8)
                    result.replaceSubrange((colon + 1)..<end, with: value)
                }
            }
        }
        return result
    }

    @Test func templateFiles() throws {
        var generator = SplitMix(seed: Self.seed &+ 1)
        let renderer = try CardRenderer()
        let originals = try CardFixtures.templateNames.map {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(CardFixtures.templatesFolder)/\($0).json")))
        }
        let folder = try BinaryRunner.temporaryFolder()
        var decoded = 0
        for index in 0..<(200 * Self.scale) {
            let bytes = Self.mutate(originals[index % originals.count], &generator)
            let path = folder.appendingPathComponent("t\(index).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let template: CardTemplate
            do {
                template = try TemplateLoader.load(path: path)
            } catch is TemplateError {
                continue
            }
            decoded += 1
            for state in CardState.allCases {
                do {
                    _ = try renderer.draw(CardRequest(text: CardFixtures.longText, template: template), state: state)
                } catch is CardError {
                } catch is TruncationRequestError {}
            }
        }
        #expect(decoded > 10 * Self.scale, "some mutations stay valid templates, so rendering is fuzzed too: \(decoded)")
    }

    /// A stranger's `scan.json` (a shard to merge): read, or refused by field, never a crash; what is
    /// read renders as a report.
    @Test func scanResults() throws {
        var generator = SplitMix(seed: Self.seed &+ 5)
        var result = ScanResult(
            corpus: "posts.jsonl", templates: ["inline-more"], fonts: [], widths: [240, 320],
            shard: Shard(index: 1, count: 2), galleryLimit: 3)
        for scan in ScanStatisticsTests.cases(300) where scan.template == "inline-more" { result.statistics.add(scan) }
        for scan in ScanStatisticsTests.cases(40) where scan.template == "inline-more" {
            result.gallery.add(scan, text: SeeMoreScan.CorpusText(id: scan.id, text: "Text <b>\(scan.id)</b>", line: scan.line))
        }
        let original = Array(result.json.serialized().utf8)
        #expect(try ScanResult(json: original, path: "scan.json") == result)
        var read = 0
        for _ in 0..<(300 * Self.scale) {
            do {
                let parsed = try ScanResult(json: Self.mutate(original, &generator), path: "scan.json")
                read += 1
                _ = ScanReport(result: parsed, pictures: []).html
            } catch is ScanFileError {}
        }
        #expect(read > 20 * Self.scale, "some mutations stay valid, so the report is fuzzed too: \(read)")
    }

    /// A stranger's corpus, JSONL and CSV: every record a text or an error with its line, never a crash.
    @Test func corpora() throws {
        var generator = SplitMix(seed: Self.seed &+ 6)
        let jsonl = Array(ScanRunTests.corpus(12).utf8)
        let csv = Array("id,text,lang\np1,\"Hello, \"\"world\"\"\nagain\",en\np2,吾輩は猫である,ja\n".utf8)
        for index in 0..<(300 * Self.scale) {
            let (bytes, format): ([UInt8], CorpusReader.Format) = index % 2 == 0 ? (jsonl, .jsonl) : (csv, .csv)
            let file = try BinaryRunner.temporaryFile(Self.mutate(Self.mutate(bytes, &generator), &generator), name: "corpus")
            let descriptor = open(file.path, O_RDONLY)
            defer { close(descriptor) }
            var reader = CorpusReader(descriptor: descriptor, format: format, maximumRecordBytes: 4096)
            var last = 0
            while let item = reader.next() {
                switch item {
                case .success(let text): #expect(text.line > last || text.line == last); last = text.line
                case .failure(let error): #expect(error.line >= 1 && !error.message.isEmpty)
                }
            }
        }
    }

    @Test func suiteFiles() throws {
        var generator = SplitMix(seed: Self.seed &+ 2)
        let original = [UInt8](GoldenFixtures.suiteJSON.utf8)
        for _ in 0..<(150 * Self.scale) {
            let path = try GoldenFixtures.suiteFile(String(decoding: Self.mutate(original, &generator), as: UTF8.self))
            do {
                let suite = try GoldenFixtures.load(path)
                for golden in suite.cases {
                    #expect(PathPolicy.relativePath(suite.folder + "/" + golden.pngPath, root: suite.folder) != nil)
                }
            } catch is SuiteError {}
        }
    }

    @Test func goldenPNGs() throws {
        var generator = SplitMix(seed: Self.seed &+ 3)
        let card = try CardRenderer().render(
            CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more")), state: .collapsed)
        let image = try PNGCodec.decode(card.png)
        for _ in 0..<(300 * Self.scale) {
            var bytes = card.png
            // Edit the header and chunk lengths more often than the pixels.
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(generator.next() % 2 == 0 ? min(64, bytes.count) : bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count)))) }
            _ = PNGCodec.header(bytes)
            _ = try? PNGCodec.decode(bytes)
            let comparison = GoldenComparison.compare(
                actual: image, actualLayout: LayoutSnapshot(card.metadata), golden: bytes, goldenLayout: nil,
                tolerance: Tolerance())
            #expect(comparison.outcome != .passed || bytes == card.png || (try? PNGCodec.decode(bytes)) == image)
        }
    }
}
