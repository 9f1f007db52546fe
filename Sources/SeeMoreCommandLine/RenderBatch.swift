import Dispatch
import FoundationEssentials
import SeeMore
import Synchronization

/// `seemore render --batch FILE|-`: one JSON request per line in (the fields of `seemore serve`'s
/// `POST /render`, plus `name`, and `state` `collapsed`, `expanded` or `both`), one JSON result per
/// line out, in input order: the metadata `render --json` prints, or `{"line": N, "error": …, "field": …}`.
/// The lines are drawn by `jobs` `seemore worker` processes (a `WorkerPool`), side by side; a line
/// whose worker dies or runs past its time budget is answered with an error naming how, and the rest
/// go on. A program without workers (a command run inside another program) draws them itself.
struct RenderBatch {
    var source: String
    var jobs: Int
    /// How long a worker may draw one line (`--time-budget`).
    var lineBudget = RenderBatch.defaultLineBudget
    var templatesFolder: String?
    var outputFolder: String
    var fonts = FontFiles.system
    /// The font flags the workers get (`--font-files …`, `--hermetic-fonts`): they load the same fonts.
    var fontArguments: [String] = []
    /// The string catalogs (`--catalog`) a line's `locale` takes its template's strings from, and their paths
    /// (the workers read them again).
    var catalog = StringCatalog()
    var catalogPaths: [String] = []

    /// A line's time budget unless told otherwise: 60 s, a thousand times a long card's.
    static let defaultLineBudget = Duration.seconds(60)

    /// The largest batch read (a million short requests).
    static let maximumBytes = 256 << 20

    func run(io: CommandIO) throws -> ExitCode {
        let input: Data
        if source == "-" {
            input = io.readStandardInput()
        } else {
            switch PathPolicy.readDocument(source, limit: Self.maximumBytes) {
            case .success(let data): input = data
            case .failure(.unreadable): throw CommandError("cannot read \(source)", exitCode: .noInput)
            case .failure(.tooLarge(let size)):
                throw CommandError("\(source) has \(size) bytes; a batch may have \(Self.maximumBytes)", exitCode: .dataError)
            }
        }
        guard let text = String(data: input, encoding: .utf8) else {
            throw CommandError("\(source) is not UTF-8 text", exitCode: .dataError)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.trimmingWhitespace().isEmpty }.map { ($0.offset + 1, String($0.element)) }
        let results = BatchResults(count: lines.count)
        let workers = max(1, min(jobs, lines.count))
        // Lines are drawn in worker processes, one of them with --jobs 1, so each has a time and memory budget.
        if let program = io.program {
            runOnWorkers(lines, workers: workers, program: program, results: results)
        } else {
            let templates = TemplateLoader.standard(templatesFolder: templatesFolder, program: io.program)
            do {
                let renderer = try CardRenderer(fonts: fonts)
                for (index, (number, line)) in lines.enumerated() {
                    let (json, status) = Self.answer(
                        line, number: number, templates: templates, renderer: renderer, outputFolder: outputFolder,
                        catalog: catalog)
                    results.set(index, json.serialized(indent: nil), status: status)
                }
            } catch {
                for (index, (number, _)) in lines.enumerated() {
                    results.set(
                        index, Self.failure(line: number, message: "\(error)", field: nil).serialized(indent: nil),
                        status: .failure)
                }
            }
        }
        for json in results.lines { io.writeOutput(json + "\n") }
        return results.worst
    }

    /// Draws the lines on `workers` worker processes, each line a job.
    private func runOnWorkers(_ lines: [(Int, String)], workers: Int, program: String, results: BatchResults) {
        var arguments = ["worker", "--out", outputFolder] + fontArguments
        for path in catalogPaths { arguments += ["--catalog", path] }
        if let templatesFolder { arguments += ["--templates", templatesFolder] }
        let pool = WorkerPool(executable: program, arguments: arguments, count: workers)
        let done = DispatchGroup()
        for (index, (number, line)) in lines.enumerated() {
            done.enter()
            pool.submit(WorkerJob.batchLine(line, number: number).message, budget: lineBudget) { result in
                switch result.map(BatchAnswer.init(message:)) {
                case .success(let answer?):
                    results.set(index, answer.json, status: ExitCode(rawValue: answer.status) ?? .failure)
                case .success(nil):
                    results.set(
                        index,
                        Self.failure(line: number, message: "the worker's answer was damaged", field: nil).serialized(
                            indent: nil), status: .software)
                case .failure(let failure):
                    results.set(
                        index, Self.failure(line: number, message: "not drawn: \(failure)", field: nil).serialized(indent: nil),
                        status: .software)
                }
                done.leave()
            }
        }
        done.wait()
        pool.drain()
    }

    /// Draws line `number` of a batch and writes its files into `outputFolder`: its result line and
    /// the exit status it counts as.
    static func answer(
        _ line: String, number: Int, templates: TemplateLoader, renderer: CardRenderer, outputFolder: String,
        catalog: StringCatalog = StringCatalog()
    ) -> (JSONValue, ExitCode) {
        do {
            var values = try CardFields.values(fromJSON: Array(line.utf8))
            let stateName = values.removeValue(forKey: "state") ?? "both"
            let name = values.removeValue(forKey: "name")
            guard ["both", "collapsed", "expanded"].contains(stateName) else {
                throw CardFields.Refusal(
                    .badValue, message: "state must be collapsed, expanded or both, not '\(stateName)'", field: "state")
            }
            if let name, !PathPolicy.isSafeName(name) {
                throw CardFields.Refusal(
                    .badValue,
                    message: "name must be a plain file name (\(PathPolicy.namePattern)), not \(name.debugDescription)",
                    field: "name")
            }
            let fields = try CardFields(values, templates: templates, limits: CardFields.Limits(), catalog: catalog)
            // "state" was taken out of the fields (which know no "both"): the line's own state is drawn.
            let states = CardState(rawValue: stateName).map { [$0] } ?? CardState.allCases
            let cards = try states.map { try renderer.render(fields.request, state: $0) }
            let stem = name ?? RenderCommand.defaultName(template: fields.request.template.name, text: fields.request.text)
            do {
                return (try CardFiles.write(cards, request: fields.request, folder: outputFolder, stem: stem), .success)
            } catch {
                return (Self.failure(line: number, message: "\(error)", field: nil), .cannotCreate)
            }
        } catch let refusal as CardFields.Refusal {
            return (Self.failure(line: number, message: refusal.message, field: refusal.field), .dataError)
        } catch {
            return (Self.failure(line: number, message: "\(error)", field: nil), .dataError)
        }
    }

    static func failure(line: Int, message: String, field: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [("line", .number(Double(line))), ("error", .string(message))]
        if let field { members.append(("field", .string(field))) }
        return .object(members)
    }
}

/// Results as they come, in input order (serialized JSON), and the worst exit code among them.
private final class BatchResults: Sendable {
    private let state: Mutex<(lines: [String], worst: ExitCode)>

    init(count: Int) {
        state = Mutex((Array(repeating: "null", count: count), .success))
    }

    var lines: [String] { state.withLock { $0.lines } }
    var worst: ExitCode { state.withLock { $0.worst } }

    func set(_ index: Int, _ json: String, status: ExitCode) {
        state.withLock {
            $0.lines[index] = json
            // A worker that died outranks a file that could not be written, which outranks bad data,
            // which outranks success.
            let rank: [ExitCode: Int] = [.success: 0, .dataError: 1, .failure: 2, .cannotCreate: 3, .software: 4]
            if rank[status, default: 1] > rank[$0.worst, default: 0] { $0.worst = status }
        }
    }
}
