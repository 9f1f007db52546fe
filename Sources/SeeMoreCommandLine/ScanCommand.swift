import SeeMoreSupport
import FoundationEssentials
import Glibc
import SeeMore

/// `seemore scan`: cuts every text of a corpus with a design's templates at its widths, and reports
/// how the cut behaves (statistics, plots, the worst cases of each lint); `scan merge` combines shards.
struct ScanCommand {
    static var flags: CommandFlags<ScanCommand> {
        var texts = CommandFlags<ScanCommand>.Flag.text(
            "--texts", "FILE|-", synopsis: "FILE.jsonl|FILE.csv|-", \.givenCorpus,
            help: "The corpus: JSONL, one {\"text\": …, \"id\": …, \"lang\": …} per line, or CSV with a header row (the "
                + "text in column --column, id and lang columns if present); - reads JSONL from standard input. Read as a "
                + "stream: memory stays flat.")
        texts.required = true
        return CommandFlags(
            command: "seemore scan",
            summary: """
                Cuts every text of a corpus in each template at each width, as the collapsed card shows it, and
                writes how the cut behaves on real content into a folder: scan.json (counts, rates and
                distributions per template × font × width), cases.jsonl (one line per text and cell) and
                index.html (plots of the texts cut by width, the share shown, the lines by width and the cut
                lints, and a gallery of the worst cases of each lint, painted collapsed and expanded).
                """,
            flags: [
                texts,
                CommandFlags.Flag(
                    "--format", value: "jsonl|csv", help: "The corpus's format (default: from the file's extension, else jsonl)."
                ) { command, text, scanner in command.format = try scanner.choice(text, flag: "--format") },
                .text("--column", "NAME", \.column, help: "The CSV column holding the text (default text)."),
                .text(
                    "--suite", "FILE", \.suitePath,
                    help: "Take the templates, fonts, widths and font files from a golden suite's cases."),
                listFlag(
                    "--template", "T,…", \.templates, help: "Templates by name or file (default inline-more, or the suite's)."),
                CommandFlags.Flag(
                    "--widths", value: "W,…", help: "Card widths in points (default each template's own, or the suite's)."
                ) { command, text, scanner in
                    command.widths = try list(text, flag: "--widths", scanner: scanner).map {
                        try scanner.width($0, flag: "--widths")
                    }
                },
                listFlag(
                    "--fonts", "DESC,…", \.fonts, help: "Body fonts in place of the templates' own, each a cell of its own."),
                CommandFlags.Flag(
                    "--templates", value: "DIR", help: "Find templates by name in DIR first (as render and check do)."
                ) { command, folder, scanner in
                    // A folder, as for every other command; until 0.x it named templates here.
                    var isFolder = false
                    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
                        throw scanner.usageError(
                            "--templates is a folder of templates, as for render and check, and '\(folder)' is none; "
                                + "name the templates to scan with --template \(folder)")
                    }
                    command.templatesFolder = folder
                },
                hiddenTemplatesFolder,
                .fontFiles(\.fontFiles, help: "Font files and folders of them, before any installed font."),
                .hermeticFonts(\.hermetic, help: "With --font-files: only those fonts."),
                CommandFlags.Flag(
                    "--pseudo", value: "P", synopsis: PseudoLocale.allCases.map(\.rawValue).joined(separator: "|"),
                    help: "Cut every text, and draw every template's strings, in this pseudo-locale: what a translation "
                        + "would cost (accented, expanded or bidi)."
                ) { command, value, scanner in command.pseudo = try scanner.choice(value, flag: "--pseudo") as PseudoLocale },
                CommandFlags.Flag(
                    "--text-size", value: "S",
                    help: "Draw every card at a reader's text size: an iOS category (AX1–AX5 …), android:SCALE or a factor."
                ) { command, value, scanner in
                    guard let size = TextSize(parsing: value) else {
                        throw scanner.usageError("--text-size takes \(TextSize.rule), not '\(value)'")
                    }
                    command.textSize = size
                },
                CommandFlags.Flag(
                    "--catalog", value: "PATH",
                    help: "A string catalog, or a folder of them (.xcstrings, LOCALE.lproj/*.strings, values-LOCALE/"
                        + "strings.xml, .arb, .po, i18next .json); repeat for more. Each locale is a cell of every template, "
                        + "its suffix from --key (and the strings the template's \"strings\" name).",
                    repeatable: true
                ) { command, value, _ in command.catalogs.append(value) },
                .text("--key", "KEY", \.catalogKey, help: "With --catalog: the catalog key of every template's suffix."),
                CommandFlags.Flag(
                    "--locales", value: "L,…",
                    help: "With --catalog: the locales to cut in (default every locale the catalogs translate into)."
                ) { command, text, scanner in
                    command.locales = try list(text, flag: "--locales", scanner: scanner).map { value in
                        guard let tag = LanguageTag(value) else {
                            throw scanner.usageError("--locales takes \(LanguageTag.rule) values, not '\(value)'")
                        }
                        return tag
                    }
                },
                .out(\.folder, help: "The output folder (default scan)."),
                .jobs(\.jobs, help: "Cut in N worker processes (default: the number of cores)."),
                .timeBudget(
                    \.textBudget,
                    help: "Seconds a worker may spend cutting one text in every cell (default 30): past it the worker is "
                        + "ended and the text reported as its cases' error."),
                .shard(
                    \.shard,
                    help: "Scan only shard I of N, chosen by a stable hash of each text's id; combine the shards' folders "
                        + "with 'seemore scan merge'."),
                CommandFlags.Flag(
                    "--gallery", value: "K",
                    help: "The worst K cases of each lint in the gallery (default 6, 0 for none, at most "
                        + "\(ScanGallery.maximumLimit))."
                ) { command, text, scanner in
                    command.gallery = try scanner.integer(text, flag: "--gallery", minimum: 0)
                    guard command.gallery <= ScanGallery.maximumLimit else {
                        throw scanner.usageError("--gallery must be at most \(ScanGallery.maximumLimit), not \(command.gallery)")
                    }
                },
                .json(\.json, help: "Print scan.json on standard output instead of a summary."),
                CommandFlags.Flag(
                    "--fail-on", value: "LINT,…",
                    help:
                        "Exit 1 when a case has one of these cut lints (\(CutLint.Kind.allCases.map(\.rawValue).joined(separator: ", "))): "
                        + "a CI step's gate."
                ) { command, text, scanner in
                    command.failOn = try list(text, flag: "--fail-on", scanner: scanner).map {
                        try scanner.choice($0, flag: "--fail-on") as CutLint.Kind
                    }
                },
            ],
            footer: """
                A record that is not a text (a malformed JSONL line, a CSV row with too many fields) is reported
                with its line number and skipped; the scan goes on.

                Exit codes: 0 done, 1 a case has a lint --fail-on names, 64 usage, 65 a bad record was skipped, a broken template, suite or scan.json,
                66 an unreadable corpus or suite, 70 a worker process died, 73 the folder cannot be written.
                """,
            also: [ScanMergeCommand.flags.synopsis(indent: "       ")])
    }

    /// A flag whose value is a list separated by commas.
    private static func listFlag(
        _ name: String, _ value: String, _ keyPath: WritableKeyPath<ScanCommand, [String]>, help: String
    ) -> CommandFlags<ScanCommand>.Flag {
        CommandFlags.Flag(name, value: value, help: help) { command, text, scanner in
            command[keyPath: keyPath] = try list(text, flag: name, scanner: scanner)
        }
    }

    /// `--templates-folder`, the old name of `--templates`.
    private static var hiddenTemplatesFolder: CommandFlags<ScanCommand>.Flag {
        var flag = CommandFlags<ScanCommand>.Flag.text("--templates-folder", "DIR", \.templatesFolder, help: "")
        flag.hidden = true
        return flag
    }

    static var usage: String { flags.usage }

    /// Bad records named one by one; the rest are counted.
    static let badRecordsTold = 100

    var corpus = "-"
    /// `--texts` as given; nil when it was not.
    var givenCorpus: String? = nil
    var format: CorpusReader.Format? = nil
    var column = "text"
    var suitePath: String? = nil
    var templates: [String] = []
    var widths: [Double] = []
    var fonts: [String] = []
    var templatesFolder: String? = nil
    var fontFiles: [String] = []
    var hermetic = false
    var pseudo: PseudoLocale? = nil
    var textSize: TextSize? = nil
    var catalogs: [String] = []
    var catalogKey: String? = nil
    var locales: [LanguageTag] = []
    /// Lints that fail the scan (exit 1) when a case has one (`--fail-on`).
    var failOn: [CutLint.Kind] = []
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
        try flags.parse(arguments, into: &command)
        let scanner = flags.checks
        if command.hermetic && command.fontFiles.isEmpty {
            throw scanner.usageError("--hermetic-fonts needs --font-files: with no font file there would be no font at all")
        }
        if command.catalogs.isEmpty && (command.catalogKey != nil || !command.locales.isEmpty) {
            throw scanner.usageError("--key and --locales go with --catalog: the catalog their strings come from")
        }
        if let corpus = command.givenCorpus {
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
        job.pseudo = pseudo?.rawValue
        job.textSize = textSize?.description
        job.catalogs = catalogs
        job.catalogKey = catalogKey
        job.locales = locales.map(\.rawValue)
        return job
    }

    /// The fields that are the parent's alone (the corpus, the output, the run): not in a worker's job.
    static let parentsOwn: Set<String> = [
        "corpus", "givenCorpus", "format", "column", "folder", "jobs", "textBudget", "shard", "gallery", "json", "failOn",
    ]

    /// The templates, widths and fonts to cut with: the flags', else the suite's, else inline-more at its width.
    func matrix(io: CommandIO) throws -> ScanMatrix {
        var templates: [CardTemplate] = []
        var widths = self.widths
        var fonts = self.fonts
        var files = FontFiles(files: fontFiles, hermetic: hermetic)
        if let suitePath {
            let suite = try CheckCommand.loadSuite(suitePath, templatesFolder: templatesFolder, program: io.program)
            // A pseudo-locale's, a locale's or a text size's case holds its template changed: the plain ones are the template.
            let plain = suite.cases.filter { $0.pseudo == nil && $0.locale == nil && $0.textSize == nil }
            for golden in plain {
                if self.templates.isEmpty, !templates.contains(where: { $0.name == golden.template.name }) {
                    templates.append(golden.template)
                }
                if self.widths.isEmpty, !widths.contains(golden.width) { widths.append(golden.width) }
            }
            // The suite's fonts only where they are not its templates' own.
            if self.fonts.isEmpty, plain.contains(where: { $0.font != $0.template.body.font }) {
                for golden in plain where !fonts.contains(golden.font) { fonts.append(golden.font) }
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
        var matrix = ScanMatrix(templates: templates, widths: widths, fonts: fonts, fontFiles: files)
        try localize(&matrix)
        let localeCount = max(1, matrix.locales.count)
        let cells = templates.count * localeCount * max(1, fonts.count) * widths.count
        guard cells <= ScanMatrix.maximumCells else {
            throw CommandError(
                "\(templates.count) templates × \(localeCount) locales × \(max(1, fonts.count)) fonts × \(widths.count) widths is \(cells) cells; a scan holds at most \(ScanMatrix.maximumCells)",
                exitCode: .usage, usage: Self.usage)
        }
        matrix.pseudo = pseudo
        matrix.textSize = textSize
        if let textSize {
            // Every template's fonts scale (a font past 1 000 pt is refused here, by the template's name).
            for template in templates {
                guard (try? template.scaled(for: textSize)) != nil else {
                    throw CommandError(
                        "template '\(template.name)': its fonts cannot be scaled to \(textSize)", exitCode: .dataError)
                }
            }
        }
        return matrix
    }

    /// The catalogs' locales in `matrix`: every template's suffix by `--key` (or the keys its `strings`
    /// names), checked in every locale before a text is cut.
    private func localize(_ matrix: inout ScanMatrix) throws {
        guard !catalogs.isEmpty else { return }
        matrix.catalog = try RenderCommand.loadCatalog(catalogs)
        matrix.suffixKey = catalogKey
        matrix.locales = locales.isEmpty ? matrix.catalog.locales.compactMap { LanguageTag($0) } : locales
        guard !matrix.locales.isEmpty else {
            throw CommandError("--catalog: the catalogs translate into no locale; name one with --locales", exitCode: .dataError)
        }
        for template in matrix.templates {
            if catalogKey == nil && template.stringKeys.isEmpty {
                throw CommandError(
                    "template '\(template.name)' names no catalog keys (\"strings\"); give the suffix's with --key KEY",
                    exitCode: .usage, usage: Self.usage)
            }
            for locale in matrix.locales {
                do {
                    _ = try matrix.template(template, in: locale)
                } catch {
                    throw CommandError("--catalog: \(error)", exitCode: .dataError)
                }
            }
        }
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
        var workers: Workers<ScanJob>? = nil
        // Texts are cut in worker processes, one of them with --jobs 1, so each has a time and memory budget.
        if let executable = io.program {
            workers = Workers(executable: executable, job: job, count: jobs, budget: textBudget)
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
        if run.workerFailures > 0 { return .software }
        return gate(result, io: io)
    }

    /// `--fail-on`: 1, naming each lint and its count, when a case has one of them; else 0.
    func gate(_ result: ScanResult, io: CommandIO) -> ExitCode {
        let found = failOn.compactMap { kind in result.totalLints[kind].flatMap { $0 > 0 ? "\(kind.rawValue) in \($0)" : nil } }
        guard !found.isEmpty else { return .success }
        io.writeError("--fail-on: \(found.joined(separator: ", ")) of the cases\n")
        return .failure
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
                if let kept = cell.meanKept { text += ", mean kept \(FixedPoint.string(kept, places: 1)) characters" }
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
    /// Lints that fail the scan (exit 1) when a case has one (`--fail-on`).
    var failOn: [CutLint.Kind] = []
    var folder = "scan"
    var json = false

    static var flags: CommandFlags<ScanMergeCommand> {
        CommandFlags(
            command: "seemore scan merge",
            summary: "Combines the folders of a scan's shards (--shard I/N) into the folder one run would write.",
            flags: [
                .out(\.folder, help: "The output folder (default scan)."),
                .json(\.json, help: "Print scan.json on standard output instead of a summary."),
            ],
            positional: "DIR…")
    }

    static func parse(_ arguments: [String]) throws -> ScanMergeCommand {
        var command = ScanMergeCommand()
        command.shards = try flags.parse(arguments, into: &command)
        guard !command.shards.isEmpty else {
            throw flags.checks.usageError("give the shards' folders: seemore scan merge DIR…")
        }
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
        pseudo = job.pseudo.flatMap(PseudoLocale.init(rawValue:))
        textSize = job.textSize.flatMap(TextSize.init(parsing:))
        catalogs = job.catalogs
        catalogKey = job.catalogKey
        locales = job.locales.compactMap { LanguageTag($0) }
    }
}
