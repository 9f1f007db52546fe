import SeeMoreSupport

/// A check's results as Markdown for a CI job's summary page: the counts, and a table of the failing
/// cases with their kind of change and the path of their diff image.
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
            text += "**Stopped by \(Self.cell(reason))** after \(results.count) of \(Plural.count(summary.selectedCount, "case")): the others were not checked.\n\n"
        }
        var counts: [String: Int] = [:]
        for position in results.indices { counts[results.facts(position).change, default: 0] += 1 }
        text += "| change | cases |\n| --- | ---: |\n"
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) { text += "| \(kind) | \(count) |\n" }
        if summary.fingerprintIsNew && summary.fingerprintWritten {
            text += "\n**Environment** recorded for the first time in `\(Self.cell(summary.fingerprintPath))`.\n"
        }
        if !summary.environmentChanges.isEmpty {
            text += "\n**Environment changed** (the machine, not the design):\n\n"
            text += summary.environmentChanges.map { "- \(Self.cell($0))\n" }.joined()
        }
        if !summary.designChanges.isEmpty {
            text += "\n**The design's fonts changed**:\n\n" + summary.designChanges.map { "- \(Self.cell($0))\n" }.joined()
        }
        if !failures.isEmpty {
            text += "\n| case | change | message | diff |\n| --- | --- | --- | --- |\n"
            for result in failures {
                let diff = result.artifacts["diff"].map { "`\(Self.cell(artifactsFolder + "/" + $0))`" } ?? ""
                text += "| `\(Self.cell(result.name))` | \(result.change) | \(Self.cell(result.message)) | \(diff) |\n"
            }
        }
        if let report = summary.reportPath { text += "\nReport: `\(Self.cell(report))`\n" }
        return text
    }

    /// Text safe in a Markdown table cell.
    static func cell(_ text: String) -> String { LogText.markdownCell(text) }
}
