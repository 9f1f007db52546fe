import Foundation
import SeeMore

/// `GET /review/`: the suite checked on the server, shown as the report page, with buttons that
/// approve a case or all failing ones as `seemore approve` does (`GoldenApprover`: the path policy,
/// the suite lock, the environment fingerprint). Checks and approvals run one at a time, off the server's thread;
/// a check renders again only the cases whose inputs or goldens changed since the last (`CheckCache`).
final class ReviewSession: Sendable {
    let suite: String
    let templatesFolder: String?
    /// Where the checks write their artifacts and report.
    let artifacts: String
    /// Required (header `X-SeeMore-Token`) for every request that writes.
    let token: String
    /// The running program's path, for its built-in templates.
    let program: String?
    /// The `seemore` program of the server's workers and how many: a check's cases are drawn by
    /// worker processes of its own (one that dies makes its case `crashed`, never the server).
    let workers: (program: String, count: Int)
    let cache = CheckCache()
    private let queue = DispatchQueue(label: "seemore-review")

    init(
        suite: String, templatesFolder: String?, program: String?, token: String, workers: (program: String, count: Int)
    ) {
        self.suite = suite
        self.templatesFolder = templatesFolder
        self.program = program
        self.token = token
        self.workers = workers
        artifacts = NSTemporaryDirectory() + "seemore-review-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the checks' artifacts folder (after the check or approval in progress): a server
    /// leaves nothing in the temporary folder once it stops.
    func removeArtifacts() {
        queue.sync { try? FileManager.default.removeItem(atPath: artifacts) }
    }

    /// A new random token: 128 bits in hex.
    static func newToken() -> String {
        (0..<2).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.map {
            String(repeating: "0", count: 16 - $0.count) + $0
        }.joined()
    }

    /// Checks the suite and returns the report page with the review controls, or an error.
    func page(completion: @escaping @Sendable (Result<String, ServerError>) -> Void) {
        queue.async { [self] in
            let html: String
            do {
                let loaded = try GoldenSuite.load(path: suite, templatesFolder: templatesFolder, program: program)
                var options = CheckOptions(record: .never, artifactsFolder: artifacts)
                options.cache = cache
                options.workers = CheckWorkers(
                    executable: workers.program,
                    job: CheckJob(suitePath: suite, templatesFolder: templatesFolder, options: options),
                    count: max(2, workers.count))
                let summary = try GoldenRunner.run(loaded, options: options)
                guard let path = summary.reportPath, let data = FileManager.default.contents(atPath: path),
                    let text = String(data: data, encoding: .utf8)
                else { throw ServerError(status: 500, message: "the report was not written", field: nil) }
                html = text
            } catch let error as ServerError {
                return completion(.failure(error))
            } catch {
                return completion(
                    .failure(ServerError(status: 500, message: "the suite cannot be checked: \(error)", field: nil)))
            }
            // The review settings come before the report's script, which reads them.
            let settings =
                "<script>window.seemoreReview = {approve: \"/review/approve\", events: \"/review/events\", token: \"\(token)\"};</script>"
            completion(
                .success(
                    html.replacingOccurrences(
                        of: "<script type=\"application/json\"", with: settings + "<script type=\"application/json\"")))
        }
    }

    /// An artifact the page shows (a PNG inside the artifacts folder, never through a link).
    func file(_ relative: String) -> [UInt8]? {
        guard relative.hasSuffix(".png"), !relative.split(separator: "/").contains(".."),
            case .bytes(let bytes) = PathPolicy.read(artifacts + "/" + relative, root: artifacts, limit: 64 << 20)
        else { return nil }
        return bytes
    }

    /// Approves the named cases (`GoldenApprover`, as `seemore approve` does); answers what it wrote:
    /// 409 when the check the page shows is no longer what is on disk (run it again), 500 when a
    /// golden cannot be written.
    func approve(_ body: [UInt8], completion: @escaping @Sendable (Result<String, ServerError>) -> Void) {
        // Read by the one strict parser, as every other request body is: a field given twice is refused.
        guard case .success(let node) = JSONNode.parse(body),
            let request = try? [String: [String]](from: JSONNodeDecoder(node)), let cases = request["cases"],
            !cases.isEmpty, cases.allSatisfy({ !$0.hasPrefix("-") })
        else {
            return completion(.failure(ServerError.badValue("cases", "send {\"cases\": [\"case name\", …]}")))
        }
        queue.async { [self] in
            var approver = GoldenApprover(artifactsFolder: artifacts)
            approver.suitePath = suite
            approver.templatesFolder = templatesFolder
            approver.program = program
            do {
                let approval = try approver.approve(cases)
                let written = approval.approved.map { "approved \($0.name) → \($0.golden)" }.joined(separator: "\n")
                completion(
                    .success(
                        JSONValue.object([
                            ("approved", .array(approval.approved.map { .string($0.name) })), ("output", .string(written)),
                        ]).serialized(indent: nil)))
            } catch let error as ApprovalError {
                completion(
                    .failure(ServerError(status: error.kind == .unwritable ? 500 : 409, message: error.message, field: nil)))
            } catch {
                completion(.failure(ServerError(status: 500, message: "\(error)", field: nil)))
            }
        }
    }
}
