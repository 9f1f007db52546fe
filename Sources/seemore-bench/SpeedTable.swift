import Foundation
import SeeMore

/// The table of issue 11: SeeMore's figures beside the C floor's (`seemore-cfloor`: Pango's own
/// ellipsis, a card painted and written in C), measured side by side in the same run.
struct SpeedTable {
    private var rows: [(what: String, seemore: String, floor: String, ratio: String, goal: String)] = []
    let seemore = Bench.binaries + "/seemore"
    let cfloor = Bench.binaries + "/seemore-cfloor"

    mutating func run(texts: Int) throws {
        for binary in [seemore, cfloor] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw BenchError("\(binary) is not built: make bench builds it (swift build -c release)")
        }
        try cuts()
        rows.append(try ScanBench().multilingualRow())
        let card = try floor("card", DemoText.all.first { $0.name == "en-cut" }!.text, "DejaVu Sans 15", 320)
        try suite(texts: texts, cardFloor: card)
        try process()
        var parallel = ParallelRows(seemore: seemore)
        try parallel.run()
        rows += parallel.rows
        print()
        print("| what | SeeMore | C floor | ratio | goal |")
        print("|---|---|---|---|---|")
        for row in rows { print("| \(row.what) | \(row.seemore) | \(row.floor) | \(row.ratio) | \(row.goal) |") }
        print()
    }

    /// The C floor's median microseconds for `mode` (cut or card) of `text` at `width`, 3 lines.
    private func floor(_ mode: String, _ text: String, _ font: String, _ width: Double, seconds: Double = 1) throws -> Double {
        let run = try ChildProcess.run(cfloor, [mode, text, font, String(width), "3", String(seconds)])
        guard run.status == 0, let value = Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("seemore-cfloor \(mode) failed (exit \(run.status))")
        }
        return value
    }

    /// One cut, word mode, 3 lines, against Pango's own END ellipsis of the same text and settings: as
    /// a card asks for it (no full line count, which Pango's ellipsis does not give either), and with
    /// the whole text's lines counted (`fullLineCount`, `truncate`'s default). Measured in alternating
    /// rounds of a third of a second each, SeeMore's and the C floor's, so that the machine's drift
    /// from one second to the next falls on both sides: the times are the medians of the rounds, the
    /// ratio the median of the rounds' ratios.
    private mutating func cuts() throws {
        let engine = try LayoutEngine()
        let middle = { (values: [Double]) in values.sorted()[values.count / 2] }
        // Right to left: the demo's Arabic post, and a Hebrew one of the same length.
        let hebrew =
            "השקנו היום את תהליך ההצטרפות החדש! תודה ענקית לכל מי שבדק את הגרסאות המוקדמות ודיווח על באגים בשתיים בלילה, ולכל מי שדאג שהקפה לא ייגמר"
        for (name, font) in [
            ("en-cut", "DejaVu Sans 15"), ("ja-cut", "IPAGothic 15"), ("ar-cut", "DejaVu Sans 15"), ("he-cut", "DejaVu Sans 15"),
        ] {
            let text = DemoText.all.first { $0.name == name }?.text ?? hebrew
            for width in [240.0, 414] {
                let counted = TruncationRequest(text: text, font: font, width: width, lines: 3, cutMode: .word)
                var uncounted = counted
                uncounted.fullCountLimit = 0
                var (ours, oursCounting, theirs) = ([Double](), [Double](), [Double]())
                for _ in 0..<7 {
                    ours.append(try median(seconds: 0.3) { _ = try engine.truncate(uncounted) }.microseconds)
                    theirs.append(try floor("cut", text, font, width, seconds: 0.3))
                    oursCounting.append(try median(seconds: 0.3) { _ = try engine.truncate(counted) }.microseconds)
                }
                rows.append(
                    (
                        "one cut, \(name) @\(Int(width)), word mode, 3 lines", us(middle(ours)),
                        us(middle(theirs)) + " (Pango's ellipsis)", ratio(middle(zip(ours, theirs).map { $0 / $1 })), "≤ 1.5×"
                    ))
                rows.append(
                    (
                        "  the same, every line of the text counted", us(middle(oursCounting)), us(middle(theirs)),
                        ratio(middle(zip(oursCounting, theirs).map { $0 / $1 })), "—"
                    ))
            }
        }
    }

    /// Records, then checks, a suite of `texts` × 80 cases through the `seemore` command.
    private mutating func suite(texts: Int, cardFloor: Double) throws {
        let suite = try BenchSuite(texts: texts)
        defer { suite.remove() }
        let artifacts = suite.folder + "-artifacts"
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        // The templates copied, so that one can change; the skip ledgers in a folder of the run's own.
        let templates = suite.folder + "-templates"
        let skipCache = suite.folder + "-skip"
        defer {
            try? FileManager.default.removeItem(atPath: templates)
            try? FileManager.default.removeItem(atPath: skipCache)
        }
        try FileManager.default.copyItem(atPath: Bench.templatesFolder, toPath: templates)
        func check(_ extra: [String]) throws -> ChildProcess {
            let run = try ChildProcess.run(
                seemore,
                [
                    "check", "--suite", suite.path, "--templates", templates, "--artifacts", artifacts, "--color", "never",
                    "--skip-cache", skipCache,
                ]
                    + extra)
            guard run.status == 0 || run.status == 1 else {
                throw BenchError("seemore check \(extra) failed: exit \(run.status)")
            }
            return run
        }
        let perCase = { (run: ChildProcess) in run.seconds * 1000 / Double(suite.cases) }
        let record = try check(["--record", "all", "--jobs", "1", "--no-skip"])
        let bytes = (FileManager.default.enumerator(atPath: suite.folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }
            .compactMap { try? FileManager.default.attributesOfItem(atPath: suite.folder + "/" + $0)[.size] as? Int }
            .reduce(0, +)
        // Once untimed: the first check after recording replaces the recording's artifacts; later
        // checks (and the two timed ones) find the goldens' copies in place.
        _ = try check(["--record", "never", "--jobs", "2", "--no-skip"])
        // Three pairs, one job then two, every case drawn: the ratio is the median of the pairs', so that
        // a slow minute of the machine (it drifts by half at times) falls on both sides of one pair.
        var pairs: [(one: ChildProcess, two: ChildProcess)] = []
        for _ in 0..<3 {
            pairs.append(
                (
                    try check(["--record", "never", "--jobs", "1", "--no-skip"]),
                    try check(["--record", "never", "--jobs", "2", "--no-skip"])
                ))
        }
        pairs.sort { $0.one.seconds / $0.two.seconds < $1.one.seconds / $1.two.seconds }
        let (one, two) = pairs[1]
        let n = suite.cases
        rows.append(
            (
                "check, \(n) unchanged cases, --jobs 1", "\(secs(one.seconds)) = \(ms(perCase(one)))/case",
                "\(ms(cardFloor / 1000)) (layout + paint of one card)", ratio(perCase(one) / (cardFloor / 1000)), "≤ 1.0 ms/case"
            ))
        // What comparing with the golden costs a case at the least, beside the card floor: a drawn
        // check reads and decodes every case's golden, which the card floor does not.
        let goldens = try goldenFloor(suite.folder)
        rows.append(
            (
                "  its golden read, decoded and compared, in C", "—",
                "\(us(goldens)) (SeeMore's C decoder)", ratio(goldens / cardFloor) + " of the card floor", "—"
            ))
        rows.append(
            (
                "check, --jobs 2 vs --jobs 1", "\(secs(two.seconds)): \(ratio(one.seconds / two.seconds)) faster", "2 cores", "",
                "≥ 1.8×"
            ))
        // Skipping: a check that fills the ledger, then the median of five with nothing changed; then
        // one template's file changed (a fifth of the cases drawn again).
        _ = try check(["--record", "never", "--jobs", "2"])
        let skipping = try (0..<5).map { _ in try check(["--record", "never", "--jobs", "2"]) }.sorted {
            $0.seconds < $1.seconds
        }[2]
        let changed = templates + "/x.json"
        try (try String(contentsOfFile: changed, encoding: .utf8) + " ").write(toFile: changed, atomically: true, encoding: .utf8)
        let oneTemplate = try check(["--record", "never", "--jobs", "2"])
        rows.append(
            (
                "check, \(n) unchanged cases, skipped (--jobs 2)", "\(secs(skipping.seconds)) = \(ms(perCase(skipping)))/case",
                "\(ms(perCase(two))) (every case drawn, --jobs 2)", ratio(perCase(skipping) / perCase(two)), "≤ 0.05 ms/case"
            ))
        rows.append(
            (
                "  the same after one template's file changed (\(n / 5) drawn)", secs(oneTemplate.seconds),
                "\(secs(two.seconds)) (every case drawn)", ratio(oneTemplate.seconds / two.seconds), "≈ 0.2× (a fifth drawn)"
            ))
        rows.append(
            (
                "check --record all, \(n) cases, --jobs 1",
                "\(secs(record.seconds)) = \(ms(perCase(record)))/case, \(bytes / 1000) KB",
                "—", "", "≤ 4 ms/case"
            ))
        rows.append(
            (
                "peak RSS of check, \(n) cases", "\(one.peakBytes >> 20) MB (1 job), \(two.peakBytes >> 20) MB (2 jobs)", "—", "",
                "flat in the number of cases"
            ))
    }

    /// The C floor's median microseconds for one golden's part of a check (read, decoded, compared):
    /// every 40th golden of the suite under `folder`.
    private func goldenFloor(_ folder: String) throws -> Double {
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
        let every40th = files.enumerated().filter { $0.offset % 40 == 0 }.map { folder + "/" + $0.element }
        guard !every40th.isEmpty else { throw BenchError("no golden in \(folder)") }
        let run = try ChildProcess.run(cfloor, ["goldens", "2"] + every40th)
        guard run.status == 0, let value = Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchError("seemore-cfloor goldens failed (exit \(run.status))") }
        return value
    }

    /// One `seemore render --state collapsed` process against the C program drawing one card, and the
    /// same process with the same font as a hermetic font file (a private fontconfig configuration of
    /// one file instead of the machine's), the three run alternately (41 times each) so that the
    /// machine's drift from minute to minute falls on all.
    private mutating func process() throws {
        let text = DemoText.all.first { $0.name == "en-cut" }!.text
        let out = NSTemporaryDirectory() + "seemore-bench-render-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        func seconds(_ path: String, _ arguments: [String]) throws -> Double {
            let run = try ChildProcess.run(path, arguments)
            guard run.status == 0 else { throw BenchError("\(path) failed: exit \(run.status)") }
            return run.seconds * 1000
        }
        var ours: [Double] = []
        var theirs: [Double] = []
        var hermetic: [Double] = []
        let render = [
            "render", "--text", text, "--state", "collapsed", "--width", "320", "--templates", Bench.templatesFolder, "--out",
            out,
        ]
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        for _ in 0..<41 {
            ours.append(try seconds(seemore, render))
            theirs.append(try seconds(cfloor, ["png", text, "DejaVu Sans 15", "320", "3", out + "/floor.png"]))
            hermetic.append(try seconds(seemore, render + ["--font-files", dejaVu, "--hermetic-fonts"]))
        }
        let median = { (times: [Double]) in times.sorted()[times.count / 2] }
        rows.append(
            (
                "one `seemore render --state collapsed` process", ms(median(ours)),
                ms(median(theirs)) + " (the C program, one card)",
                ratio(median(ours) / median(theirs)), "≤ 1.3×"
            ))
        rows.append(
            (
                "  the same, its font as a hermetic font file", ms(median(hermetic)),
                ms(median(ours)) + " (the same process, the machine's fonts)",
                ratio(median(hermetic) / median(ours)), "≤ 1.0×"
            ))
    }

    private func us(_ value: Double) -> String { String(format: "%.0f µs", value) }
    private func ms(_ value: Double) -> String { String(format: value < 10 ? "%.2f ms" : "%.1f ms", value) }
    private func secs(_ value: Double) -> String { String(format: "%.1f s", value) }
    private func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
}
