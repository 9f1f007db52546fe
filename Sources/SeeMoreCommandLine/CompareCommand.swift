import FoundationEssentials
import Glibc
import SeeMore

/// `seemore compare --web`: SeeMore's line breaks beside a browser's for a corpus, in a scan's matrix
/// of templates, fonts and widths; the agreement per cell and in all, the differing cases, and an
/// exit code a CI step can gate on.
struct CompareCommand {
    /// The scan whose corpus and matrix flags the comparison takes.
    var scan = ScanCommand()
    var web = false
    var minimumAgreement: Double? = nil
    /// Every template's line breaking set to this platform's defaults.
    var platform: Platform? = nil
    /// Seconds the browser may take to start and to answer one cell's texts.
    var budget = Duration.seconds(120)
    /// Worker processes SeeMore lays the texts out in, and the time each text may take in one.
    var jobs = 1
    var textBudget = ScanRun.defaultTextBudget

    /// The scan's flags a comparison takes: the corpus and the matrix.
    static let scanFlags: Set<String> = [
        "--texts", "--format", "--column", "--suite", "--template", "--widths", "--fonts", "--templates", "--font-files",
        "--hermetic-fonts", "--json", "--pseudo", "--text-size",
    ]
    /// The most texts compared (read whole: a comparison's cases are kept for its report).
    static let maximumTexts = 100_000
    /// The differing cases compare.json lists.
    static let listedDifferences = 500
    /// The differing cases the report pictures.
    static let picturedDifferences = 60

    static var flags: CommandFlags<CompareCommand> {
        var web = CommandFlags<CompareCommand>.Flag.toggle(
            "--web", \.web,
            help: "Compare with headless Chromium (Debian's chromium), started once and driven over its DevTools pipe.")
        web.required = true
        let lifted: [CommandFlags<CompareCommand>.Flag] = ScanCommand.flags.flags.filter { scanFlags.contains($0.name) }.map {
            var flag = $0.lifted(\CompareCommand.scan)
            if flag.name == "--texts" { flag.required = false }  // or the texts of a --suite
            return flag
        }
        let minimum = CommandFlags<CompareCommand>.Flag(
            "--min-agreement", value: "R",
            help: "Fail (exit 1) when fewer than this share of lines, 0–1, break the same (default: never fail)."
        ) { command, text, scanner in
            command.minimumAgreement = try scanner.fraction(text, flag: "--min-agreement")
        }
        let own: [CommandFlags<CompareCommand>.Flag] = [
            .out(\.scan.folder, help: "The output folder for compare.json (default compare)."), minimum,
            CommandFlags<CompareCommand>.Flag(
                "--platform", value: "P", synopsis: Platform.allCases.map(\.rawValue).joined(separator: "|"),
                help: "Break every template's lines as this platform does (its body.platform), whatever the templates say."
            ) { command, text, scanner in
                command.platform = try scanner.choice(text, flag: "--platform") as Platform
            },
            .jobs(\.jobs, help: "Lay the texts out in N worker processes (default: the number of cores)."),
            CommandFlags<CompareCommand>.Flag(
                "--text-budget", value: "S",
                help: "Seconds SeeMore may take over one text in all cells (default 30), in a worker of 2 GiB: past "
                    + "it the worker is ended and the text is an error in every cell (exit 70)."
            ) { command, text, scanner in
                command.textBudget = try scanner.seconds(text, flag: "--text-budget")
            },
            .timeBudget(
                \.budget,
                help: "Seconds the browser may take to start and to lay out one cell's texts (default 120): past it "
                    + "the browser is ended and the run fails."),
        ]
        return CommandFlags(
            command: "seemore compare",
            summary:
                "Lays out every text of a corpus as SeeMore's expanded card does and as a browser does, and compares the lines.",
            flags: [web] + lifted + own,
            footer: """
                Each text is laid out in each cell's body font, size and text width, in the language SeeMore
                shapes it in; lines are compared without their leading and trailing spaces. A line counts as
                the same until a text's first differing line. Unlike a scan, the corpus is read whole (at most
                100 000 texts): its cases are kept for compare.json.

                Exit codes: 0 done (and at least --min-agreement), 1 below --min-agreement, 64 usage, 65 a bad
                record skipped or a broken template, 66 an unreadable corpus, 69 no browser or a browser that
                failed, 73 the folder cannot be written.
                """)
    }

    static func parse(_ arguments: [String]) throws -> CompareCommand {
        var command = CompareCommand()
        command.scan.folder = "compare"
        command.jobs = ProcessInfo.processInfo.activeProcessorCount
        try flags.parse(arguments, into: &command)
        let scanner = flags.checks
        guard command.web else { throw scanner.usageError("name the engine to compare with: --web") }
        if let corpus = command.scan.givenCorpus {
            command.scan.corpus = corpus
        } else if command.scan.suitePath == nil {
            throw scanner.usageError(
                "give the corpus with --texts FILE (JSONL or CSV) or --texts - (JSONL on standard input), or a --suite")
        }
        if command.scan.hermetic && command.scan.fontFiles.isEmpty {
            throw scanner.usageError("--hermetic-fonts needs --font-files: with no font file there would be no font at all")
        }
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        var matrix = try scan.matrix(io: io)
        if let platform {
            for index in matrix.templates.indices { matrix.templates[index].body.apply(platform) }
        }
        let (texts, badRecords) = try scan.givenCorpus == nil ? (suiteTexts(io: io), 0) : readCorpus(io: io)
        guard let path = Browser.installedPath else {
            throw CommandError(
                "Chromium is not installed (apt-get install chromium; make deps installs it)", exitCode: .unavailable)
        }
        let started = ContinuousClock.now
        var cases: [WebComparison.Case]
        var pictured: [Int: CompareReport.Pictured] = [:]
        let engine: String
        let picturesFolder = scan.folder + "/pictures"
        do {
            try ScanOutput.makeFolders(scan.folder, picturesFolder)
            let parts = budget.components
            let browser = try Browser(path: path, budget: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
            engine = browser.version.replacing("/", with: " ")
            let comparison = try WebComparison(matrix: matrix, browser: browser)
            var prepared: [[PreparedText]]? = nil
            // SeeMore lays each text out in a worker process, with its time and memory budget.
            if let program = io.program {
                let workers = CompareWorkers(
                    workers: Workers(executable: program, job: scan.job, count: jobs, budget: textBudget), platform: platform,
                    fontArguments: matrix.fontFiles.workerArguments)
                prepared = workers.prepared(texts, cells: matrix.cells.count, inProcess: comparison.preparer.prepared)
            }
            cases = try comparison.compare(texts, prepared: prepared)
            for index in Self.picturedCases(cases) {
                guard let pictures = try? comparison.pictures(of: &cases[index], text: texts[cases[index].text], scale: 2)
                else { continue }
                let name = CompareReport.pictureName(cases[index])
                let shown = CompareReport.Pictured(pictures, name: name)
                try AtomicFile.write(
                    [(pictures.card, scan.folder + "/" + shown.card), (pictures.web.png, scan.folder + "/" + shown.web)],
                    durable: false)
                pictured[index] = shown
            }
        } catch let error as Browser.Failure {
            throw CommandError(error.description, exitCode: .unavailable)
        } catch let error as WebLines.Failure {
            throw CommandError(error.description, exitCode: .unavailable)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        ScanOutput.removePictures(
            in: picturesFolder, states: ["seemore", "web"],
            keeping: Set(pictured.keys.map { CompareReport.pictureName(cases[$0]) }))
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let total = WebComparison.Agreement(cases)
        let json = Self.json(cases, matrix: matrix, total: total, seconds: seconds)
        let report = CompareReport(
            title: scan.givenCorpus ?? scan.suitePath ?? "", engine: engine, platform: platform?.rawValue, seconds: seconds,
            matrix: matrix, cases: cases, pictured: pictured)
        do {
            try AtomicFile.write(
                [
                    (Array((json.serialized(indent: 2) + "\n").utf8), scan.folder + "/compare.json"),
                    (Array(report.html.utf8), scan.folder + "/index.html"),
                ], durable: false)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        if scan.json {
            io.writeOutput(json.serialized(indent: 2) + "\n")
        } else {
            io.writeOutput(Self.text(cases, matrix: matrix, total: total, folder: scan.folder))
        }
        io.writeError(
            "compared \(Plural.count(texts.count, "text")) in \(Plural.count(matrix.cells.count, "cell")) in "
                + "\(JSONValue.format((seconds * 10).rounded() / 10)) s (\(JSONValue.format((Double(cases.count) / max(seconds, 0.001)).rounded())) cases a second)\n"
        )
        let notLaidOut = Set(cases.filter { $0.error?.hasPrefix(CompareWorkers.failurePrefix) == true }.map(\.text))
        for index in notLaidOut.sorted().prefix(20) {
            io.writeError(
                "\(LogText.escaped(texts[index].id)): \(LogText.escaped(cases.first { $0.text == index }?.error ?? ""))\n")
        }
        if !notLaidOut.isEmpty { return .software }
        if let minimumAgreement, total.lineRatio < minimumAgreement { return .failure }
        return badRecords > 0 ? .dataError : .success
    }

    /// The differing cases the report pictures: at most `picturedDifferences`, every kind in turn
    /// (the first of each kind, then the second …), in case order within a kind.
    static func picturedCases(_ cases: [WebComparison.Case]) -> [Int] {
        var byKind: [[Int]] = DifferenceKind.allCases.map { kind in cases.indices.filter { cases[$0].kind == kind } }
        var chosen: [Int] = []
        while chosen.count < picturedDifferences, byKind.contains(where: { !$0.isEmpty }) {
            for kind in byKind.indices where !byKind[kind].isEmpty && chosen.count < picturedDifferences {
                chosen.append(byKind[kind].removeFirst())
            }
        }
        return chosen.sorted()
    }

    /// The suite's texts (`--suite` without `--texts`), each once, in the order its cases name them;
    /// markup texts are left out (a browser would lay out their tags as text).
    private func suiteTexts(io: CommandIO) throws -> [CorpusText] {
        guard let suitePath = scan.suitePath else { return [] }
        let suite = try CheckCommand.loadSuite(suitePath, templatesFolder: scan.templatesFolder, program: io.program)
        var seen = Set<String>()
        var texts: [CorpusText] = []
        // A pseudo-locale's case holds its text pseudo-localized: the text as written is in the others.
        for golden in suite.cases where !golden.markup && golden.pseudo == nil && seen.insert(golden.textName).inserted {
            texts.append(CorpusText(id: golden.textName, text: golden.text, language: golden.language, line: texts.count + 1))
        }
        return texts
    }

    /// Every text of the corpus (bad records named on standard error and counted).
    private func readCorpus(io: CommandIO) throws -> ([CorpusText], Int) {
        let corpus = scan.corpus
        let descriptor: Int32 = corpus == "-" ? 0 : open(corpus, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            if descriptor > 0 { close(descriptor) }
            throw CommandError("cannot read corpus \(corpus)", exitCode: .noInput)
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var reader = CorpusReader(descriptor: descriptor, format: scan.corpusFormat, column: scan.column)
        var texts: [CorpusText] = []
        var bad = 0
        while let next = reader.next() {
            switch next {
            case .success(let text):
                guard texts.count < Self.maximumTexts else {
                    throw CommandError(
                        "\(corpus) holds more than \(Self.maximumTexts) texts; compare a sample", exitCode: .dataError)
                }
                texts.append(text)
            case .failure(let error):
                bad += 1
                if bad <= 20 { io.writeError("\(LogText.escaped(corpus)): \(LogText.escaped(error.description)) (skipped)\n") }
            }
        }
        return (texts, bad)
    }

    /// compare.json: the agreement in all and per cell, then the first differing cases with both sides' lines.
    static func json(_ cases: [WebComparison.Case], matrix: ScanMatrix, total: WebComparison.Agreement, seconds: Double)
        -> JSONValue
    {
        func agreement(_ value: WebComparison.Agreement) -> [(String, JSONValue)] {
            [
                ("texts", .number(Double(value.texts))), ("sameTexts", .number(Double(value.sameTexts))),
                ("lines", .number(Double(value.lines))), ("sameLines", .number(Double(value.sameLines))),
                ("lineAgreement", .number(value.lineRatio)), ("errors", .number(Double(value.errors))),
            ]
        }
        let cells: [JSONValue] = matrix.cells.map { cell in
            .object(
                [
                    ("template", .string(cell.key.template)), ("font", .string(cell.key.font)),
                    ("width", .number(cell.key.width)),
                ] + agreement(WebComparison.Agreement(cases.filter { $0.cell == cell.key })))
        }
        let differing = cases.lazy.filter { $0.error == nil && $0.firstDifference != nil }.prefix(listedDifferences)
        return .object(
            [("engine", .string("chromium")), ("seconds", .number((seconds * 10).rounded() / 10))] + agreement(total) + [
                ("cells", .array(cells)),
                (
                    "kinds",
                    .object(
                        DifferenceKind.allCases.map { kind in
                            (kind.rawValue, .number(Double(cases.filter { $0.kind == kind }.count)))
                        })
                ),
                (
                    "differences",
                    .array(
                        differing.map { item in
                            .object([
                                ("id", .string(item.id)), ("template", .string(item.cell.template)),
                                ("font", .string(item.cell.font)), ("width", .number(item.cell.width)),
                                ("firstDifference", .number(Double(item.firstDifference ?? 0))),
                                ("kind", .string(item.kind?.rawValue ?? "")),
                                ("seemore", .array(item.ours.map { .string($0) })),
                                ("web", .array(item.web.map { .string($0) })),
                            ])
                        })
                ),
                (
                    "notCompared",
                    .array(
                        cases.filter { $0.error != nil }.prefix(listedDifferences).map {
                            .object([("id", .string($0.id)), ("error", .string($0.error ?? ""))])
                        })
                ),
            ])
    }

    /// The summary: agreement per cell, in all, and where compare.json is.
    static func text(_ cases: [WebComparison.Case], matrix: ScanMatrix, total: WebComparison.Agreement, folder: String) -> String
    {
        func percent(_ ratio: Double) -> String { JSONValue.format((ratio * 1000).rounded() / 10) + "%" }
        var text = ""
        for cell in matrix.cells {
            let value = WebComparison.Agreement(cases.filter { $0.cell == cell.key })
            let font = cell.font.map { " · \($0)" } ?? ""
            text += "\(cell.template.name)\(font) @\(JSONValue.format(cell.width)): \(percent(value.lineRatio)) of lines, "
            text += "\(value.sameTexts) of \(Plural.count(value.texts, "text")) the same\n"
        }
        text += "In all: \(total.sameLines) of \(Plural.count(total.lines, "line")) break the same (\(percent(total.lineRatio)))"
        text += total.errors > 0 ? "; \(total.errors) cases could not be drawn\n" : "\n"
        let kinds = DifferenceKind.allCases.compactMap { kind in
            let count = cases.filter { $0.kind == kind }.count
            return count > 0 ? "\(count) \(kind.rawValue)" : nil
        }
        if !kinds.isEmpty { text += "Differing texts by kind: " + kinds.joined(separator: ", ") + "\n" }
        text += "Report: \(folder)/index.html; cases: \(folder)/compare.json\n"
        return text
    }
}
