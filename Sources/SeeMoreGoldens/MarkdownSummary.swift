import SeeMoreSupport

/// A check's results as Markdown for a CI job's summary page: the counts, the change groups (what
/// changed, in how many cases, the command that accepts it), and a table of the failing cases with
/// their kind of change and the path of their diff image.
package struct MarkdownSummary {
    let summary: CheckSummary
    let artifactsFolder: String

    package init(summary: CheckSummary, artifactsFolder: String) {
        self.summary = summary
        self.artifactsFolder = artifactsFolder
    }

    package var markdown: String {
        let results = summary.results
        let failures = summary.failures
        var text =
            "## SeeMore check: \(failures.isEmpty ? "\(results.count == 1 ? "the" : "all") \(Plural.count(results.count, "case")) passed" : "\(failures.count) of \(Plural.count(results.count, "case")) failed")\n\n"
        if let reason = summary.stoppedBy {
            text +=
                "**Stopped by \(Self.cell(reason))** after \(results.count) of \(Plural.count(summary.selectedCount, "case")): the others were not checked.\n\n"
        }
        if let skip = summary.skip, skip.skipped > 0 {
            text += "\(Plural.count(skip.skipped, "case")) not drawn: unchanged since they passed (the skip ledger).\n\n"
        }
        var counts: [String: Int] = [:]
        for position in results.indices { counts[results.facts(position).change, default: 0] += 1 }
        text += "| change | cases |\n| --- | ---: |\n"
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) { text += "| \(kind) | \(count) |\n" }
        if summary.fingerprintIsNew && summary.fingerprintWritten {
            text += "\n**Environment** recorded for the first time in `\(Self.code(summary.fingerprintPath))`.\n"
        }
        if !summary.environmentChanges.isEmpty {
            text += "\n**Environment changed** (the machine, not the design):\n\n"
            text += Self.items(summary.environmentChanges)
        }
        if !summary.designChanges.isEmpty {
            text += "\n**The design's fonts changed**:\n\n" + Self.items(summary.designChanges)
        }
        let groups = summary.changeGroups.groups
        if !groups.isEmpty {
            let folder = Self.code(PortablePaths().shown(artifactsFolder))
            text += "\n| change group | cases | accept it |\n| --- | ---: | --- |\n"
            for group in groups.prefix(Self.maximumRows) {
                text +=
                    "| `\(group.id)` \(Self.cell(group.sentence)) | \(group.members.count) | `\(group.approveCommand(artifacts: folder))` |\n"
            }
            if groups.count > Self.maximumRows {
                text += "\n\(Plural.count(groups.count - Self.maximumRows, "more change group")) in the report.\n"
            }
        }
        if !failures.isEmpty {
            text += "\n| case | change | message | diff |\n| --- | --- | --- | --- |\n"
            for result in failures.prefix(Self.maximumRows) {
                let diff = result.artifacts["diff"].map { "`\(Self.code(artifactsFolder + "/" + $0))`" } ?? ""
                text += "| `\(Self.code(result.name))` | \(result.change) | \(Self.cell(result.message)) | \(diff) |\n"
            }
            if failures.count > Self.maximumRows {
                text += "\n\(Plural.count(failures.count - Self.maximumRows, "more failing case")) in the report.\n"
            }
        }
        if let report = summary.reportPath { text += "\nReport: `\(Self.code(report))`\n" }
        return text
    }

    /// The most failing cases listed, and notes of each kind: with every input cut to 300 characters
    /// the summary stays far below GitHub's 1 MiB for a step's summary (about 500 KB at most).
    static let maximumRows = 500
    static let maximumNotes = 20

    /// Input as inert Markdown prose, and inside a code span; each at most 300 characters.
    static func cell(_ text: String) -> String { LogText.markdownCell(text) }
    static func code(_ text: String) -> String { LogText.markdownCode(text) }

    /// A bulleted list of the first `maximumNotes` notes, and how many more there are.
    static func items(_ notes: [String]) -> String {
        var text = notes.prefix(maximumNotes).map { "- \(cell($0))\n" }.joined()
        if notes.count > maximumNotes { text += "- … and \(notes.count - maximumNotes) more\n" }
        return text
    }
}
