import Dispatch
import FoundationEssentials
import SeeMoreSupport
import SeeMoreText

/// `report.json` for tools (and `approve`) and `index.html` for people (`ReportPage`), side by side
/// in the artifacts folder.
package struct GoldenReport {
    let summary: CheckSummary
    let suite: GoldenSuite
    let options: CheckOptions

    package init(summary: CheckSummary, suite: GoldenSuite, options: CheckOptions) {
        self.summary = summary
        self.suite = suite
        self.options = options
    }

    /// Writes both files; returns the HTML's path.
    func write(to artifacts: ArtifactsFolder) throws -> String {
        // The list first: a run that stops before the report still has its files removed by the next.
        // It is made on a thread of its own while both files are, and each of them is put in place
        // only once the list is (not at all when the list could not be written).
        let listFailure = FirstError()
        let listed = DispatchGroup()
        listed.enter()
        DetachedThread.start {
            defer { listed.leave() }
            do { try writeList(to: artifacts) } catch { listFailure.record(error) }
        }
        @Sendable func afterTheList() throws {
            listed.wait()
            if let error = listFailure.error { throw error }
        }
        // Both written a piece at a time (the cases are never held whole as JSON or as text), at once on
        // two threads: each reads the results back on its own.
        let htmlPath = artifacts.path + "/index.html"
        let failure = FirstError()
        DispatchQueue.concurrentPerform(iterations: 2) { file in
            do {
                if file == 0 {
                    try AtomicFile.write(to: artifacts.path + "/" + ArtifactsFolder.reportName) { write in
                        try writeJSON { try write($0) }
                        try write(Array("\n".utf8))
                        try afterTheList()
                    }
                } else {
                    try AtomicFile.write(to: htmlPath) { write in
                        try ReportPage(summary: summary, suite: suite, options: options).write { try write($0) }
                        try afterTheList()
                    }
                }
            } catch {
                failure.record(error)
            }
        }
        listed.wait()
        if let error = listFailure.error ?? failure.error { throw error }
        return htmlPath
    }

    /// The artifacts list: in case order (each case's files by kind), then the unused goldens'
    /// copies by path, each file with its identity now (ArtifactsFolder.listName), so the next run
    /// removes only it.
    private func writeList(to artifacts: ArtifactsFolder) throws {
        try AtomicFile.write(to: artifacts.path + "/" + ArtifactsFolder.listName) { write in
            func list(_ file: String, hash: Substring? = nil) throws {
                guard let stamp = artifacts.stamp(file) else { return }
                try write(Array((stamp + (hash.map { " " + $0 } ?? "") + "\t" + file + "\n").utf8))
            }
            for result in summary.results {
                for (kind, file) in result.artifacts.sorted(by: { $0.key < $1.key }) {
                    // A passed case's golden copy holds the golden it passed against: its hash is the key's first.
                    let hash = kind == "golden" && !result.failed ? result.goldenKey.map(SkipLedger.pngHash(ofGoldenKey:)) : nil
                    try list(file, hash: hash)
                }
            }
            for (_, file) in summary.orphanArtifacts.sorted(by: { $0.key < $1.key }) { try list(file) }
        }
    }

    /// report.json's text (and `seemore check --json`'s), handed to `emit` a piece at a time as UTF-8,
    /// the cases made one by one.
    package func writeJSON(_ emit: ([UInt8]) throws -> Void) throws {
        let results = summary.results
        var summaries: [ContrastNote: String] = [:]
        let paths = PortablePaths()
        let groups = summary.changeGroups
        try JSONValue.writeObject(
            members(paths, groups: groups),
            elements: (
                results.count,
                { results[$0].json(summaries: &summaries, paths: paths, changeGroup: groups.group(ofResultAt: $0)?.id) }
            ), indent: 2, emit: emit)
    }

    /// The change groups as report.json and the page hold them: each with its ID, sentence, count,
    /// representative and members by name.
    static func groupsJSON(_ groups: ChangeGroups) -> JSONValue {
        .array(
            groups.groups.map { group in
                .object([
                    ("id", .string(group.id)),
                    ("template", .string(group.template)),
                    ("change", .string(group.change)),
                    ("sentence", .string(group.sentence)),
                    ("count", .number(Double(group.members.count))),
                    ("representative", .string(group.representativeName)),
                    ("cases", .array(group.names.map { .string($0) })),
                ])
            })
    }

    /// The report's members in order, its paths shown by `paths`; the cases' value (nil) is made case
    /// by case.
    private func members(_ paths: PortablePaths, groups: ChangeGroups) -> [(String, JSONValue?)] {
        let results = summary.results
        func count(_ status: String) -> Double { Double(results.count(matching: { $0.status == status })) }
        let failed = results.count(matching: \.failed)
        let counts: JSONValue = .object([
            ("cases", .number(Double(results.count))),
            ("passed", .number(Double(results.count - failed))),
            ("failed", .number(Double(failed))),
            ("changed", .number(count("changed"))),
            ("new", .number(count("new"))),
            ("recorded", .number(Double(results.count(matching: \.recorded)))),
            ("missing", .number(Double(summary.orphanedGoldens.count))),
        ])
        let templates: JSONValue = suite.templatesFolder.map { .string(paths.shown($0)) } ?? .null
        return [
            ("seemore", Version.json),
            ("report", .string(paths.shown(options.artifactsFolder + "/index.html"))),
            ("suite", .string(paths.shown(suite.path))),
            ("templates", templates),
            ("goldens", .string(paths.shown(suite.folder))),
            ("record", .string(options.record.rawValue)),
            ("environmentChanges", .array(summary.environmentChanges.map { .string($0) })),
            ("designChanges", .array(summary.designChanges.map { .string($0) })),
            ("environment", summary.environment?.json ?? .null),
            ("fingerprintIsNew", .bool(summary.fingerprintIsNew)),
            ("inputs", .string(suite.inputsHash)),
            ("stopped", Self.stoppedJSON(summary)),
            ("skip", summary.skip.map(Self.skipJSON) ?? .null),
            ("summary", counts),
            ("groups", Self.groupsJSON(groups)),
            ("missing", .array(summary.orphanedGoldens.map { .string(paths.shown($0)) })),
            (
                "unused",
                .array(
                    summary.orphanedGoldens.map { path in
                        .object([
                            ("golden", .string(paths.shown(path))),
                            ("artifact", summary.orphanArtifacts[path].map { .string($0) } ?? .null),
                        ])
                    })
            ),
            ("cases", nil),
        ]
    }

    /// What a run that skips unchanged cases skipped, and how many it drew for each reason (not where
    /// its ledger is: a merge of shards tells the same as the one run, and the report is the same on
    /// any machine).
    static func skipJSON(_ skip: SkipSummary) -> JSONValue {
        .object([
            ("skipped", .number(Double(skip.skipped))),
            (
                "drawn",
                .array(skip.drawn.map { .object([("reason", .string($0.reason)), ("count", .number(Double($0.count)))]) })
            ),
        ])
    }

    /// Why the run stopped early and how many cases it had selected; null for a run that checked them all.
    static func stoppedJSON(_ summary: CheckSummary) -> JSONValue {
        guard let reason = summary.stoppedBy else { return .null }
        return .object([
            ("by", .string(reason)), ("checked", .number(Double(summary.results.count))),
            ("selected", .number(Double(summary.selectedCount))),
        ])
    }
}
