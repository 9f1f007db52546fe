import Dispatch
import FoundationEssentials

/// `seemore render --batch FILE|-`: one JSON request per line in (the fields of `seemore serve`'s
/// `POST /render`, plus `name`, and `state` `collapsed`, `expanded` or `both`), one JSON result per
/// line out, in input order, rendered on `jobs` threads: the metadata `render --json` prints, or
/// `{"line": N, "error": …, "field": …}`.
struct RenderBatch {
    var source: String
    var jobs: Int
    var templatesFolder: String?
    var outputFolder: String
    var fonts = FontFiles.system

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
        let templates = TemplateLoader.standard(templatesFolder: templatesFolder)
        let results = BatchResults(count: lines.count)
        let workers = max(1, min(jobs, lines.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let renderer: CardRenderer
            do {
                renderer = try CardRenderer(fonts: fonts)
            } catch {
                for index in stride(from: worker, to: lines.count, by: workers) {
                    results.set(index, Self.failure(line: lines[index].0, message: "\(error)", field: nil), status: .failure)
                }
                return
            }
            for index in stride(from: worker, to: lines.count, by: workers) {
                let (number, line) = lines[index]
                let (json, status) = render(line, number: number, templates: templates, renderer: renderer)
                results.set(index, json, status: status)
            }
        }
        for json in results.lines { io.writeOutput(json.serialized(indent: nil) + "\n") }
        return results.worst
    }

    private func render(_ line: String, number: Int, templates: TemplateLoader, renderer: CardRenderer) -> (JSONValue, ExitCode) {
        do {
            var values = try CardFields.values(fromJSON: Array(line.utf8))
            let stateName = values.removeValue(forKey: "state") ?? "both"
            let name = values.removeValue(forKey: "name")
            guard ["both", "collapsed", "expanded"].contains(stateName) else {
                throw CardFields.Refusal(
                    status: 400, message: "state must be collapsed, expanded or both, not '\(stateName)'", field: "state")
            }
            if let name, !PathPolicy.isSafeName(name) {
                throw CardFields.Refusal(
                    status: 400,
                    message: "name must be a plain file name (\(PathPolicy.namePattern)), not \(name.debugDescription)",
                    field: "name")
            }
            let fields = try CardFields(values, templates: templates, limits: CardFields.Limits())
            let states = stateName == "both" ? CardState.allCases : [fields.state]
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

/// Results from worker threads, in input order, and the worst exit code among them.
private final class BatchResults: @unchecked Sendable {
    private let lock = Lock()
    private(set) var lines: [JSONValue]
    private(set) var worst = ExitCode.success

    init(count: Int) {
        lines = Array(repeating: .null, count: count)
    }

    func set(_ index: Int, _ json: JSONValue, status: ExitCode) {
        lock.withLock {
            lines[index] = json
            // A file that could not be written outranks bad data, which outranks success.
            let rank: [ExitCode: Int] = [.success: 0, .dataError: 1, .failure: 2, .cannotCreate: 3]
            if rank[status, default: 1] > rank[worst, default: 0] { worst = status }
        }
    }
}
