import Glibc
import SeeMore

/// `seemore worker`: one worker process of a `WorkerPool`, started by `seemore serve` and
/// `render --batch --jobs N`, not by people. It answers `WorkerJob` messages on its standard input
/// (a socket) one at a time, on one thread, until the pool closes it: cards of the server
/// (`CardService`), lines of a batch (drawn and written into `--out`) and cases of a check (the
/// check's own arguments in each job).
package struct WorkerCommand {
    static let usage = """
        Usage: seemore worker [--templates DIR] [--font-file PATH]… [--hermetic-fonts] [--out DIR]
                              [--max-text N] [--max-width PT] [--max-lines N] [--catalog PATH]…
        """

    var templatesFolder: String? = nil
    var outputFolder = "."
    var fonts = FontFiles.system
    /// What a server's cards may ask (its `--max-…` flags); a batch line has the defaults.
    var limits = CardFields.Limits()
    /// The string catalogs of the server's or the batch's `--catalog`, for a card's `locale`.
    var catalog = StringCatalog()

    static func parse(_ arguments: [String]) throws -> WorkerCommand {
        var command = WorkerCommand()
        var scanner = ArgumentScanner(arguments, usage: usage)
        scanner.repeatable = ["--font-file", "--catalog"]
        var catalogs: [String] = []
        var fontFiles: [String] = []
        var hermetic = false
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h":
                throw HelpRequested(
                    text: "One worker process of seemore serve, render --batch --jobs N and check --jobs N, which start it; "
                        + "it reads jobs on standard input (a socket), not commands from people.\n\n" + usage)
            case "--templates": command.templatesFolder = try scanner.value(of: flag)
            case "--out": command.outputFolder = try scanner.value(of: flag)
            case "--font-file": fontFiles.append(try scanner.value(of: flag))
            case "--catalog": catalogs.append(try scanner.value(of: flag))
            case "--hermetic-fonts": try scanner.noValue(flag); hermetic = true
            case "--max-text":
                command.limits.maximumTextCharacters = try scanner.integer(
                    try scanner.value(of: flag), flag: flag.name, minimum: 1)
            case "--max-width": command.limits.maximumWidth = try scanner.width(try scanner.value(of: flag), flag: flag.name)
            case "--max-lines": command.limits.maximumLines = try scanner.lineLimit(try scanner.value(of: flag), flag: flag.name)
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        command.fonts = try scanner.fonts(files: fontFiles, hermetic: hermetic)
        if !catalogs.isEmpty {
            do {
                command.catalog = try CatalogLoader.load(catalogs)
            } catch {
                throw CommandError("--catalog: \(error)", exitCode: .dataError)
            }
        }
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        let templates = TemplateLoader.standard(templatesFolder: templatesFolder, program: io.program)
        // Made on first need: a worker answers one kind of job.
        var service: CardService? = nil
        var renderer: CardRenderer? = nil
        var saidCheckError = false
        var check: CheckSession? = nil
        var scan: (job: [UInt8], cutter: ScanCutter)? = nil
        var saidScanError = false
        var comparison: (job: [UInt8], platform: String, preparer: ComparePreparer)? = nil
        let faults = WorkerFaults()
        WorkerLoop.run { message in
            switch WorkerJob(message: message) {
            case .card(let fields, let format):
                do {
                    if service == nil {
                        service = try CardService(
                            templatesFolder: templatesFolder, program: io.program, fonts: fonts, limits: limits,
                            catalog: catalog)
                    }
                    return service?.answer(fields, format: format).message ?? []
                } catch {
                    return CardService.Answer(CardFields.Refusal(.cannotDraw, message: "cannot draw: \(error)", field: nil))
                        .message
                }
            case .batchLine(let line, let number):
                do {
                    if renderer == nil { renderer = try CardRenderer(fonts: fonts) }
                    guard let renderer else { return [] }
                    let (json, status) = RenderBatch.answer(
                        line, number: number, templates: templates, renderer: renderer, outputFolder: outputFolder,
                        catalog: catalog)
                    return BatchAnswer(json: json.serialized(indent: nil), status: status.rawValue).message
                } catch {
                    let json = RenderBatch.failure(line: number, message: "\(error)", field: nil)
                    return BatchAnswer(json: json.serialized(indent: nil), status: ExitCode.dataError.rawValue).message
                }
            case .checkCases(let job, let run, let indices):
                do {
                    if check?.run != run { check = try CheckSession(job: job, run: run, program: io.program) }
                    guard let session = check else { return [] }
                    var answers: [CheckWorkers.Answer] = []
                    for index in indices where session.selected.indices.contains(index) {
                        let golden = session.selected[index]
                        faults.onCase(golden.name)
                        let (result, fonts) = GoldenRunner.checkOne(
                            golden, suite: session.suite, options: session.options, renderer: session.renderer,
                            artifacts: session.artifacts)
                        answers.append((index, result, fonts))
                    }
                    return CheckWorkers.record(answers)
                } catch {
                    // Said once a run; the parent reports the cases as not checked.
                    if !saidCheckError { io.writeError("Error: \(LogText.escaped("\(error)"))\n") }
                    saidCheckError = true
                    return []
                }
            case .scanTexts(let job, let batch):
                do {
                    if scan?.job != job {
                        guard let read = ScanJob(bytes: job) else {
                            throw CommandError("the scan's job is damaged or of another version", exitCode: .software)
                        }
                        scan = (job, try ScanCutter(matrix: try ScanCommand(job: read).matrix(io: io)))
                    }
                    guard let cutter = scan?.cutter, let texts = ScanBatch.texts(batch) else { return [] }
                    faults.onTexts(texts.map(\.id))
                    return ScanBatch.answer(texts.flatMap { cutter.cases(of: $0) })
                } catch {
                    // Said once; the parent reports the texts as not laid out.
                    if !saidScanError { io.writeError("Error: \(LogText.escaped("\(error)"))\n") }
                    saidScanError = true
                    return []
                }
            case .compareTexts(let job, let platform, let batch):
                do {
                    if comparison?.job != job || comparison?.platform != platform {
                        guard let read = ScanJob(bytes: job) else {
                            throw CommandError("the comparison's job is damaged or of another version", exitCode: .software)
                        }
                        var matrix = try ScanCommand(job: read).matrix(io: io)
                        if let chosen = Platform(rawValue: platform) {
                            for index in matrix.templates.indices { matrix.templates[index].body.apply(chosen) }
                        }
                        comparison = (job, platform, try ComparePreparer(matrix: matrix))
                    }
                    guard let preparer = comparison?.preparer, let texts = ScanBatch.texts(batch) else { return [] }
                    faults.onTexts(texts.map(\.id))
                    return CompareBatch.answer(texts.map(preparer.prepared))
                } catch {
                    // Said once; the parent reports the texts as not laid out.
                    if !saidScanError { io.writeError("Error: \(LogText.escaped("\(error)"))\n") }
                    saidScanError = true
                    return []
                }
            case nil:
                // Not a message of a pool: this worker is not talking to one.
                return []
            }
        }
        return .success
    }
}

/// The check a worker's cases belong to: loaded from its arguments once a run.
private final class CheckSession {
    let run: String
    let suite: GoldenSuite
    let options: CheckOptions
    let selected: [GoldenCase]
    let renderer: CardRenderer
    let artifacts: ArtifactsFolder

    init(job bytes: [UInt8], run: String, program: String?) throws {
        self.run = run
        guard let job = CheckJob(bytes: bytes) else {
            throw CommandError("the check's job is damaged or of another version", exitCode: .software)
        }
        suite = try CheckCommand.loadSuite(job.suitePath, templatesFolder: job.templatesFolder, program: program)
        options = job.options
        selected = GoldenRunner.selection(suite, options: options)
        renderer = try CardRenderer(fonts: suite.fonts)
        artifacts = ArtifactsFolder(path: options.artifactsFolder)
        artifacts.readListedCopies()
    }
}
