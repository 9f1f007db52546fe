import Foundation

/// `report.json` for tools (and `approve`) and `index.html` for people (`ReportPage`), side by side
/// in the artifacts folder.
struct GoldenReport {
    let summary: CheckSummary
    let suite: GoldenSuite
    let options: CheckOptions

    /// Writes both files; returns the HTML's path.
    func write(to artifacts: ArtifactsFolder) throws -> String {
        // The list first: a run that stops before the report still has its files removed by the next.
        let files = summary.results.flatMap { $0.artifacts.values } + summary.orphanArtifacts.values
        try AtomicFile.write(files.sorted().map { $0 + "\n" }.joined(), to: artifacts.path + "/" + ArtifactsFolder.listName)
        try AtomicFile.write(json.serialized() + "\n", to: artifacts.path + "/" + ArtifactsFolder.reportName)
        let htmlPath = artifacts.path + "/index.html"
        try AtomicFile.write(ReportPage(summary: summary, suite: suite, options: options).html, to: htmlPath)
        return htmlPath
    }

    /// The status a reviewer filters by.
    static func status(_ result: CaseResult) -> String {
        switch result.outcome {
        case .passed: return result.recordedPath == nil ? "passed" : "changed"
        case .missing: return "new"
        default: return "changed"
        }
    }

    var json: JSONValue {
        let results = summary.results
        func count(_ status: String) -> Double { Double(results.filter { Self.status($0) == status }.count) }
        let counts: JSONValue = .object([
            ("cases", .number(Double(results.count))),
            ("passed", .number(Double(results.filter { !$0.failed }.count))),
            ("failed", .number(Double(summary.failures.count))),
            ("changed", .number(count("changed"))),
            ("new", .number(count("new"))),
            ("recorded", .number(Double(results.filter { $0.recordedPath != nil }.count))),
            ("missing", .number(Double(summary.orphanedGoldens.count))),
        ])
        let cases: [JSONValue] = results.map(Self.caseJSON)
        let templates: JSONValue = suite.templatesFolder.map { .string(PathPolicy.standardized($0)) } ?? .null
        return .object([
            ("seemore", Version.json),
            ("report", .string(PathPolicy.standardized(options.artifactsFolder + "/index.html"))),
            ("suite", .string(PathPolicy.standardized(suite.path))),
            ("templates", templates),
            ("goldens", .string(suite.folder)),
            ("record", .string(options.record.rawValue)),
            ("environmentChanges", .array(summary.environmentChanges.map { .string($0) })),
            ("designChanges", .array(summary.designChanges.map { .string($0) })),
            ("environment", summary.environment?.json ?? .null),
            ("inputs", .string(suite.inputsHash)),
            ("summary", counts),
            ("missing", .array(summary.orphanedGoldens.map { .string($0) })),
            (
                "unused",
                .array(
                    summary.orphanedGoldens.map { path in
                        .object([
                            ("golden", .string(path)), ("artifact", summary.orphanArtifacts[path].map { .string($0) } ?? .null),
                        ])
                    })
            ),
            ("cases", .array(cases)),
        ])
    }

    private static func caseJSON(_ result: CaseResult) -> JSONValue {
        let artifacts: JSONValue = .object(result.artifacts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
        let members: [(String, JSONValue)] = [
            ("name", .string(result.name)),
            ("status", .string(Self.status(result))),
            ("change", .string(result.change)),
            ("outcome", .string(result.outcome.rawValue)),
            ("message", .string(result.message)),
            ("golden", .string(result.goldenPath)),
            ("recorded", result.recordedPath.map { .string($0) } ?? .null),
            ("differentPixels", result.differentPixels.map { .number(Double($0)) } ?? .null),
            ("totalPixels", result.totalPixels.map { .number(Double($0)) } ?? .null),
            ("layoutDiff", result.layoutDiff?.json ?? .null),
            ("contrast", JSONValue.array(result.contrast.map(\.json))),
            ("actualHash", result.actualHash.map { .string($0) } ?? .null),
            ("group", .string(result.group)),
            ("artifacts", artifacts),
        ]
        return .object(members)
    }
}
