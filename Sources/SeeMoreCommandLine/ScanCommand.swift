import SeeMoreSupport
import FoundationEssentials
import Glibc
import SeeMore

/// `seemore scan`: cuts every text of a corpus with a design's templates at its widths, and reports
/// how the cut behaves (statistics, plots, the worst cases of each lint); `scan merge` combines shards.
struct ScanCommand {
    static let usage = """
        Usage: seemore scan --texts FILE.jsonl|FILE.csv|- [--suite FILE] [--template T,…] [--widths W,…]
                            [--fonts DESC,…] [--format jsonl|csv] [--column NAME] [--templates DIR]
                            [--font-files PATH[,PATH…]] [--hermetic-fonts] [--out DIR] [--jobs N]
                            [--time-budget S] [--shard I/N] [--gallery K] [--json]
               seemore scan merge [--out DIR] [--json] DIR…
        """

    static let help = """
        Cuts every text of a corpus in each template at each width, as the collapsed card shows it, and
        writes how the cut behaves on real content into a folder: scan.json (counts, rates and
        distributions per template × font × width), cases.jsonl (one line per text and cell) and
        index.html (plots of the texts cut by width, the share shown, the lines by width and the cut
        lints, and a gallery of the worst cases of each lint, painted collapsed and expanded).

        \(usage)

          --texts FILE|-        The corpus: JSONL, one {"text": …, "id": …, "lang": …} per line, or CSV with
                                a header row (the text in column --column, id and lang columns if present);
                                - reads JSONL from standard input. Read as a stream: memory stays flat.
          --format jsonl|csv    The corpus's format (default: from the file's extension, else jsonl).
          --column NAME         The CSV column holding the text (default text).
          --suite FILE          Take the templates, fonts, widths and font files from a golden suite's cases.
          --template T,…        Templates by name or file (default inline-more, or the suite's).
          --widths W,…          Card widths in points (default each template's own, or the suite's).
          --fonts DESC,…        Body fonts in place of the templates' own, each a cell of its own.
          --templates DIR       Find templates by name in DIR first (as render and check do).
          --font-files PATHS    Font files and folders of them, before any installed font.
          --hermetic-fonts      With --font-files: only those fonts.
          --out DIR             The output folder (default scan).
          --jobs N              Cut in N worker processes (default: the number of cores).
          --time-budget S       Seconds a worker may spend cutting one text in every cell (default 30):
                                past it the worker is ended and the text reported as its cases' error.
          --shard I/N           Scan only shard I of N, chosen by a stable hash of each text's id; combine
                                the shards' folders with 'seemore scan merge'.
          --gallery K           The worst K cases of each lint in the gallery (default 6, 0 for none, at most 200).
          --json                Print scan.json on standard output instead of a summary.

        A record that is not a text (a malformed JSONL line, a CSV row with too many fields) is reported
        with its line number and skipped; the scan goes on.

        Exit codes: 0 done, 64 usage, 65 a bad record was skipped, a broken template, suite or scan.json,
        66 an unreadable corpus or suite, 70 a worker process died, 73 the folder cannot be written.
        """

    /// Bad records named one by one; the rest are counted.
    static let badRecordsTold = 100

    var corpus = "-"
    var format: CorpusReader.Format? = nil
    var column = "text"
    var suitePath: String? = nil
    var templates: [String] = []
    var widths: [Double] = []
    var fonts: [String] = []
    var templatesFolder: String? = nil
    var fontFiles: [String] = []
    var hermetic = false
    var folder = "scan"
    var jobs = 1
    var textBudget = ScanRun.defaultTextBudget
    var shard: Shard? = nil
    var gallery = 6
    var json = false

    /// Parses the arguments after `scan`.
    static func parse(_ arguments: [String]) throws -> ScanCommand {
        var command = ScanCommand()
        command.jobs = ProcessInfo.processInfo.activeProcessorCount
        var scanner = ArgumentScanner(arguments, usage: usage)
        var corpus: String? = nil
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h": throw HelpRequested(text: help)
            case "--texts": corpus = try scanner.value(of: flag)
            case "--format": command.format = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            case "--column": command.column = try scanner.value(of: flag)
            case "--suite": command.suitePath = try scanner.value(of: flag)
            case "--template": command.templates = try list(try scanner.value(of: flag), flag: flag.name, scanner: scanner)
            case "--templates":
                // A folder, as for every other command; until 0.x it named templates here.
                let folder = try scanner.value(of: flag)
                var isFolder = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
                    throw scanner.usageError(
                        "--templates is a folder of templates, as for render and check, and '\(folder)' is none; "
                            + "name the templates to scan with --template \(folder)")
                }
                command.templatesFolder = folder
            case "--widths":
                command.widths = try list(try scanner.value(of: flag), flag: flag.name, scanner: scanner).map {
                    try scanner.width($0, flag: flag.name)
                }
            case "--fonts": command.fonts = try list(try scanner.value(of: flag), flag: flag.name, scanner: scanner)
            case "--templates-folder":  // the old name of --templates
                command.templatesFolder = try scanner.value(of: flag)
            case "--font-files": command.fontFiles = try scanner.fontFiles(try scanner.value(of: flag), flag: flag.name)
            case "--hermetic-fonts": try scanner.noValue(flag); command.hermetic = true
            case "--out": command.folder = try scanner.value(of: flag)
            case "--jobs": command.jobs = try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1)
            case "--time-budget": command.textBudget = try scanner.seconds(try scanner.value(of: flag), flag: flag.name)
            case "--shard": command.shard = try scanner.shard(try scanner.value(of: flag), flag: flag.name)
            case "--gallery":
                command.gallery = try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 0)
                guard command.gallery <= ScanGallery.maximumLimit else {
                    throw scanner.usageError("--gallery must be at most \(ScanGallery.maximumLimit), not \(command.gallery)")
                }
            case "--json": try scanner.noValue(flag); command.json = true
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        if command.hermetic && command.fontFiles.isEmpty {
            throw scanner.usageError("--hermetic-fonts needs --font-files: with no font file there would be no font at all")
        }
        if let corpus {
            command.corpus = corpus
        } else {
            throw scanner.usageError("give the corpus with --texts FILE (JSONL or CSV) or --texts - (JSONL on standard input)")
        }
        return command
    }

    /// Comma-separated values, none empty.
    private static func list(_ value: String, flag: String, scanner: ArgumentScanner) throws -> [String] {
        let items = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw scanner.usageError("\(flag) takes values separated by commas, none empty, not '\(value)'")
        }
        return items
    }

    /// What a worker builds the matrix from.
    var job: ScanJob {
        var job = ScanJob()
        job.suitePath = suitePath
        job.templates = templates
        job.widths = widths
        job.fonts = fonts
        job.templatesFolder = templatesFolder
        job.fontFiles = fontFiles
        job.hermetic = hermetic
        return job
    }

    /// The fields that are the parent's alone (the corpus, the output, the run): not in a worker's job.
    static let parentsOwn: Set<String> = [
        "corpus", "format", "column", "folder", "jobs", "textBudget", "shard", "gallery", "json",
    ]

    /// The templates, widths and fonts to cut with: the flags', else the suite's, else inline-more at its width.
    func matrix(io: CommandIO) throws -> ScanMatrix {
        var templates: [CardTemplate] = []
        var widths = self.widths
        var fonts = self.fonts
        var files = FontFiles(files: fontFiles, hermetic: hermetic)
        if let suitePath {
            let suite = try CheckCommand.loadSuite(suitePath, templatesFolder: templatesFolder, program: io.program)
            for golden in suite.cases {
                if self.templates.isEmpty, !templates.contains(where: { $0.name == golden.template.name }) {
                    templates.append(golden.template)
                }
                if self.widths.isEmpty, !widths.contains(golden.width) { widths.append(golden.width) }
            }
            // The suite's fonts only where they are not its templates' own.
            if self.fonts.isEmpty, suite.cases.contains(where: { $0.font != $0.template.body.font }) {
                for golden in suite.cases where !fonts.contains(golden.font) { fonts.append(golden.font) }
            }
            if fontFiles.isEmpty { files = suite.fonts }
        }
        // The flag's templates over the suite's; inline-more when neither names any.
        if !self.templates.isEmpty || templates.isEmpty {
            templates = try (self.templates.isEmpty ? ["inline-more"] : self.templates).map {
                try RenderCommand.loadTemplate($0, folder: templatesFolder, io: io)
            }
        }
        if widths.isEmpty {
            for template in templates where !widths.contains(template.card.width) { widths.append(template.card.width) }
        }
        let cells = templates.count * max(1, fonts.count) * widths.count
        guard cells <= ScanMatrix.maximumCells else {
            throw CommandError(
                "\(templates.count) templates × \(max(1, fonts.count)) fonts × \(widths.count) widths is \(cells) cells; a scan holds at most \(ScanMatrix.maximumCells)",
                exitCode: .usage, usage: Self.usage)
        }
        return ScanMatrix(templates: templates, widths: widths, fonts: fonts, fontFiles: files)
    }

    /// The corpus's format: the flag's, else from the extension.
    var corpusFormat: CorpusReader.Format {
        if let format { return format }
        return corpus.lowercased().hasSuffix(".csv") ? .csv : .jsonl
    }

    func run(io: CommandIO) throws -> ExitCode {
        let matrix = try matrix(io: io)
        let descriptor: Int32
        if corpus == "-" {
            descriptor = 0
        } else {
            descriptor = open(corpus, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
                if descriptor >= 0 { close(descriptor) }
                throw CommandError("cannot read corpus \(corpus)", exitCode: .noInput)
            }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var reader = CorpusReader(descriptor: descriptor, format: corpusFormat, column: column)
        var options = ScanRun.Options(
            matrix: matrix, corpusName: corpus == "-" ? "-" : String(corpus.split(separator: "/").last ?? "-"), folder: folder)
        options.shard = shard
        options.galleryLimit = gallery
        var workers: ScanRun.Workers? = nil
        // Texts are cut in worker processes, one of them with --jobs 1, so each has a time and memory budget.
        if let executable = io.program {
            workers = ScanRun.Workers(executable: executable, job: job, count: jobs, textBudget: textBudget)
        }
        let started = ContinuousClock.now
        let result: ScanResult
        let run = try ScanRun(options: options, workers: workers)
        var told = 0
        do {
            result = try run.run(&reader) { error in
                // The first bad records by line, then only their count: a million of them are no log.
                told += 1
                guard told <= Self.badRecordsTold else { return }
                io.writeError("\(LogText.escaped(corpus)): \(LogText.escaped(error.description)) (skipped)\n")
            }
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        if told > Self.badRecordsTold {
            io.writeError("\(LogText.escaped(corpus)): \(told - Self.badRecordsTold) more bad records skipped, not listed\n")
        }
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        Self.report(result, folder: folder, json: json, seconds: seconds, io: io)
        if result.statistics.badRecords > 0 { return .dataError }
        return run.workerFailures > 0 ? .software : .success
    }

    /// The summary on standard output (or scan.json with --json), the timing on standard error.
    static func report(_ result: ScanResult, folder: String, json: Bool, seconds: Double?, io: CommandIO) {
        if json {
            io.writeOutput(result.json.serialized() + "\n")
        } else {
            var text = "Scanned \(result.texts) text\(result.texts == 1 ? "" : "s") of \(result.corpus)"
            if let shard = result.shard { text += " (shard \(shard.index)/\(shard.count))" }
            text += "\n"
            for key in result.statistics.cells.keys.sorted(by: result.cellOrder) {
                guard let cell = result.statistics.cells[key] else { continue }
                text += "  \(key.title): \(cell.truncated) of \(cell.laidOut) cut"
                if cell.laidOut > 0 { text += " (\(FixedPoint.string(cell.truncationRate * 100, places: 1))%)" }
                text += ", median shown \(cell.medianShown)"
                let lints = CutLint.Kind.allCases.compactMap { kind in cell.lints[kind].map { "\(kind.rawValue) \($0)" } }
                if !lints.isEmpty { text += "; " + lints.joined(separator: ", ") }
                if cell.refused > 0 { text += "; \(cell.refused) not laid out" }
                text += "\n"
            }
            if result.statistics.badRecords > 0 { text += "\(result.statistics.badRecords) bad record(s) skipped\n" }
            text += "Wrote \(folder)/index.html, scan.json and cases.jsonl\n"
            io.writeOutput(text)
        }
        if let seconds, seconds > 0 {
            let cases = result.statistics.cells.values.reduce(0) { $0 + $1.texts }
            io.writeError(
                "\(result.texts) texts × \(result.statistics.cells.count) cells = \(cases) cases in "
                    + "\(FixedPoint.string(seconds, places: 2)) s (\(Int(Double(cases) / seconds)) cases/s)\n")
        }
    }
}

/// `seemore scan merge`: the folders of a scan's shards combined into one run's.
struct ScanMergeCommand {
    var shards: [String] = []
    var folder = "scan"
    var json = false

    static func parse(_ arguments: [String]) throws -> ScanMergeCommand {
        var command = ScanMergeCommand()
        var scanner = ArgumentScanner(arguments, usage: ScanCommand.usage)
        scanner.acceptsPositional = true
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h":
                throw HelpRequested(
                    text: "Combines the folders of a scan's shards (--shard I/N) into the folder one run would write.\n\n"
                        + ScanCommand.usage)
            case "--out": command.folder = try scanner.value(of: flag)
            case "--json": try scanner.noValue(flag); command.json = true
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        command.shards = scanner.positional
        guard !command.shards.isEmpty else { throw scanner.usageError("give the shards' folders: seemore scan merge DIR…") }
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        let result: ScanResult
        do {
            result = try ScanMerge.merge(shards, into: folder)
        } catch let error as ScanFileError {
            throw CommandError(error.description, exitCode: error.message.hasPrefix("no such file") ? .noInput : .dataError)
        } catch let error as ScanResult.MergeError {
            throw CommandError(error.description, exitCode: .dataError)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        ScanCommand.report(result, folder: folder, json: json, seconds: nil, io: io)
        return result.statistics.badRecords > 0 ? .dataError : .success
    }
}

extension ScanCommand {
    /// A worker's command: the matrix of `job`, nothing else.
    init(job: ScanJob) {
        self.init()
        suitePath = job.suitePath
        templates = job.templates
        widths = job.widths
        fonts = job.fonts
        templatesFolder = job.templatesFolder
        fontFiles = job.fontFiles
        hermetic = job.hermetic
    }
}
