import Foundation
import SeeMore

/// `seemore scan`'s speed and memory (`make bench ARGS=scan`): texts a second for one template ×
/// width on the sample corpus, the cut alone (the layout engine) beside the scan's whole per-text
/// work (the card laid out, its facts and lints), and the scan command's peak memory over corpora of
/// 10 000 to 1 000 000 texts.
struct ScanBench {
    let corpusPath = Bench.package + "/examples/corpus/posts.jsonl"

    func texts() throws -> [CorpusText] {
        let descriptor = open(corpusPath, O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileNoSuchFile) }
        defer { close(descriptor) }
        var reader = CorpusReader(descriptor: descriptor, format: .jsonl)
        var texts: [CorpusText] = []
        while let item = reader.next() { if case .success(let text) = item { texts.append(text) } }
        return texts
    }

    func run() throws {
        let texts = try texts()
        let template = try TemplateLoader.load(path: Bench.templatesFolder + "/inline-more.json")
        let cutter = try ScanCutter(matrix: ScanMatrix(templates: [template], widths: [320]))
        let engine = try LayoutEngine()
        let width = 320 - template.card.padding.left - template.card.padding.right
        let requests = texts.map { text -> TruncationRequest in
            var request = TruncationRequest(
                text: text.text, font: template.body.font, width: width, lines: template.body.lines, ellipsis: template.ellipsis,
                suffix: template.suffix.text, suffixFont: template.suffix.font)
            request.language = text.language
            request.fullCountLimit = 0
            return request
        }
        func rate(_ body: () throws -> Void) rethrows -> Double {
            let start = ContinuousClock.now
            try body()
            return Double(texts.count) / microseconds(ContinuousClock.now - start) * 1e6
        }
        // Rounds side by side, so the machine's drift falls on all three; medians of the rounds.
        var (scans, cuts, floors) = ([Double](), [Double](), [Double]())
        for _ in 0..<5 {
            scans.append(rate { for text in texts { _ = cutter.cases(of: text) } })
            cuts.append(rate { for request in requests { _ = try? engine.truncate(request) } })
            let floor = try ChildProcess.run(
                Bench.binaries + "/seemore-cfloor",
                ["cuts", template.body.font, String(width), String(template.body.lines), "1"] + texts.map(\.text))
            guard floor.status == 0, let value = Double(floor.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchError("seemore-cfloor cuts failed (exit \(floor.status))")
            }
            floors.append(value)
        }
        let middle = { (values: [Double]) in values.sorted()[values.count / 2] }
        let floor = middle(floors)
        print("| what | SeeMore | C floor | ratio | goal |")
        print("|---|---|---|---|---|")
        print(
            String(
                format:
                    "| scan: cut, facts and lints, inline-more @320, %d sample posts, one process | %.0f texts/s | %.0f texts/s (Pango's ellipsis) | %.2f× | ≥ 2 000 texts/s |",
                texts.count, middle(scans), floor, floor / middle(scans)))
        print(
            String(
                format: "|   the cut alone (LayoutEngine.truncate) | %.0f texts/s | %.0f texts/s | %.2f× | — |", middle(cuts),
                floor, floor / middle(cuts)))
        try memory()
    }

    /// The speed table's scan row: a 5 000-text multilingual corpus (the sample's posts in their nine
    /// languages, right-to-left ones among them, each again with its number) scanned one text at a
    /// time, inline-more @320, beside Pango's own ellipsis of the same texts; three rounds side by side,
    /// the ratio the median round's.
    func multilingualRow() throws -> (what: String, seemore: String, floor: String, ratio: String, goal: String) {
        let sample = try texts()
        let texts = (0..<5000).map { number -> CorpusText in
            var text = sample[number % sample.count]
            if number >= sample.count { text.text += " \(number)" }
            return text
        }
        let template = try TemplateLoader.load(path: Bench.templatesFolder + "/inline-more.json")
        let width = 320 - template.card.padding.left - template.card.padding.right
        var ratios: [Double] = []
        var scans: [Double] = []
        var floors: [Double] = []
        for _ in 0..<3 {
            let cutter = try Self.freshCutter(template: template, warmedBy: sample)
            let start = ContinuousClock.now
            for text in texts { _ = cutter.cases(of: text) }
            let scan = microseconds(ContinuousClock.now - start) / Double(texts.count)
            // Pango's ellipsis in chunks of 500 (5 000 texts are more than one command line holds).
            var floorSeconds = 0.0
            for chunk in stride(from: 0, to: texts.count, by: 500) {
                let part = texts[chunk..<min(chunk + 500, texts.count)]
                let floor = try ChildProcess.run(
                    Bench.binaries + "/seemore-cfloor",
                    ["cuts", template.body.font, String(width), String(template.body.lines), "1"] + part.map(\.text))
                guard floor.status == 0, let rate = Double(floor.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchError("seemore-cfloor cuts failed (exit \(floor.status))")
                }
                floorSeconds += Double(part.count) / rate
            }
            let floor = floorSeconds * 1e6 / Double(texts.count)
            scans.append(scan)
            floors.append(floor)
            ratios.append(scan / floor)
        }
        let middle = { (values: [Double]) in values.sorted()[values.count / 2] }
        return (
            "scan, \(texts.count) multilingual texts (\(Set(texts.compactMap(\.language)).count) languages, ar and he among them), per text",
            String(format: "%.0f µs", middle(scans)), String(format: "%.0f µs (Pango's ellipsis)", middle(floors)),
            String(format: "%.2f×", middle(ratios)), "≤ 1.5×"
        )
    }

    /// A cutter (and layout engine) of a round's own, warmed as the floor is: it cuts `texts` once
    /// untimed, so that its fonts are loaded and shaped with (fontconfig's fallbacks, HarfBuzz's plans
    /// and tables: a process's fixed cost, which the floor's untimed round leaves out of its figure too),
    /// then forgets the words it measured (`WordWidths`), so that the round measures each word again
    /// as a scan does the first time it meets it.
    static func freshCutter(template: CardTemplate, warmedBy texts: [CorpusText]) throws -> ScanCutter {
        let cutter = try ScanCutter(matrix: ScanMatrix(templates: [template], widths: [320]))
        for text in texts { _ = cutter.cases(of: text) }
        cutter.forgetMeasuredWords()
        return cutter
    }

    /// The multilingual row by language (`make bench ARGS=scan-languages`): a scanned text's time
    /// beside Pango's ellipsis of the same texts, per language of the sample, to see which scripts hold
    /// the ratio up.
    func languageRows() throws {
        let texts = try texts()
        let template = try TemplateLoader.load(path: Bench.templatesFolder + "/inline-more.json")
        let width = 320 - template.card.padding.left - template.card.padding.right
        print("| language | texts | scan | Pango's ellipsis | ratio |")
        print("|---|---|---|---|---|")
        let only = ProcessInfo.processInfo.environment["SEEMORE_BENCH_LANGUAGE"]
        for language in Set(texts.compactMap { $0.language?.rawValue }).sorted() where only == nil || only == language {
            let some = texts.filter { $0.language?.rawValue == language }
            var (scans, floors) = ([Double](), [Double]())
            for _ in 0..<5 {
                let cutter = try Self.freshCutter(template: template, warmedBy: some)
                let start = ContinuousClock.now
                for text in some { _ = cutter.cases(of: text) }
                scans.append(microseconds(ContinuousClock.now - start) / Double(some.count))
                let floor = try ChildProcess.run(
                    Bench.binaries + "/seemore-cfloor",
                    ["cuts", template.body.font, String(width), String(template.body.lines), "1"] + some.map { $0.text })
                guard floor.status == 0, let rate = Double(floor.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchError("seemore-cfloor cuts failed (exit \(floor.status))")
                }
                floors.append(1e6 / rate)
            }
            let middle = { (values: [Double]) in values.sorted()[values.count / 2] }
            print(
                String(
                    format: "| %@ | %d | %.0f µs | %.0f µs | %.2f× |", language, some.count, middle(scans), middle(floors),
                    middle(scans) / middle(floors)))
        }
    }

    /// Peak memory of `seemore scan` (one cell, no gallery) as the corpus grows 100-fold.
    func memory() throws {
        let lines = try String(contentsOfFile: corpusPath, encoding: .utf8).split(separator: "\n")
        let folder = NSTemporaryDirectory() + "seemore-bench-scan"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let counts =
            ProcessInfo.processInfo.environment["SEEMORE_BENCH_SCAN_TEXTS"].map {
                $0.split(separator: ",").compactMap { Int($0) }
            }
            ?? [10_000, 100_000, 1_000_000]
        for count in counts {
            let corpus = folder + "/posts-\(count).jsonl"
            FileManager.default.createFile(atPath: corpus, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: corpus))
            var chunk = ""
            for number in 0..<count {
                // The sample's posts again under new ids.
                let line = lines[number % lines.count]
                chunk += "{\"id\": \"copy-\(number)\"" + line.drop { $0 != "," } + "\n"
                if chunk.utf8.count > 1 << 20 {
                    handle.write(Data(chunk.utf8))
                    chunk = ""
                }
            }
            handle.write(Data(chunk.utf8))
            try handle.close()
            for jobs in count == counts.first ? [1, 2] : [2] {
                let child = try ChildProcess.run(
                    Bench.binaries + "/seemore",
                    [
                        "scan", "--texts", corpus, "--template", "inline-more", "--widths", "320", "--gallery", "0", "--jobs",
                        "\(jobs)",
                        "--templates-folder", Bench.templatesFolder, "--out", folder + "/out",
                    ])
                // ru_maxrss of wait4: the largest of the scan's process and the workers it waited for.
                let name = "scan: peak memory, \(count) texts, --jobs \(jobs)".padding(toLength: 56, withPad: " ", startingAt: 0)
                print(
                    "| \(name.trimmingCharacters(in: .whitespaces)) | \(String(format: "%.1f MB", Double(child.peakBytes) / 1_048_576)) "
                        + "(\(String(format: "%.0f", child.seconds)) s, \(String(format: "%.0f", Double(count) / child.seconds)) texts/s, exit \(child.status)) | — | — | flat |"
                )
            }
            try? FileManager.default.removeItem(atPath: corpus)
        }
    }
}
