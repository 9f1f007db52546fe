import SeeMoreSupport

/// A check's results as the Markdown of a pull-request comment (`check --pr-comment FILE`): the
/// counts, one row per change group with its sentence, case count, a link into the report and the
/// `seemore approve --group` command that accepts it. Never longer than GitHub's limit for a comment,
/// whatever the suite's size: past `budget` the remaining groups are counted, not listed.
package struct PullRequestComment {
    let summary: CheckSummary
    /// The artifacts folder as the approve commands name it (where a reviewer downloads it).
    let artifactsFolder: String
    /// Where the uploaded report opens; group rows link to its anchors (`#change:ID`). Nil: no links.
    let reportURL: String?
    /// The CI run's page (its artifacts are downloaded there); nil outside CI.
    let runURL: String?
    /// How a reviewer downloads the artifacts into `artifactsFolder` (`gh run download`), when the
    /// workflow names its artifact (`SEEMORE_ARTIFACT_NAME`) and the run is known.
    let download: String?

    /// The first line of every comment SeeMore writes, so a workflow finds its own comment to update.
    package static let marker = "<!-- seemore-check -->"
    /// GitHub refuses a comment longer than 65 536 characters; the comment stays well below.
    static let budget = 60_000

    package init(summary: CheckSummary, artifactsFolder: String, environment: [String: String]) {
        self.summary = summary
        self.artifactsFolder = artifactsFolder
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID")
        {
            runURL = "\(server)/\(repository)/actions/runs/\(run)"
            download = value("SEEMORE_ARTIFACT_NAME").map {
                "gh run download \(run) --repo \(repository) --name \($0) --dir \(artifactsFolder)"
            }
        } else {
            runURL = nil
            download = nil
        }
        reportURL = value("SEEMORE_REPORT_URL")
    }

    package var markdown: String {
        let results = summary.results
        let failures = summary.failures.count
        let groups = summary.changeGroups.groups
        var text = Self.marker + "\n"
        if failures == 0 {
            text += "### SeeMore: all \(Plural.count(results.count, "case")) match their goldens\n"
        } else {
            text +=
                "### SeeMore: \(failures) of \(Plural.count(results.count, "case")) changed, in \(Plural.count(groups.count, "change group"))\n"
        }
        if let reason = summary.stoppedBy {
            text +=
                "\n**Stopped by \(Self.cell(reason))** after \(results.count) of \(Plural.count(summary.selectedCount, "case")).\n"
        }
        if !summary.environmentChanges.isEmpty {
            text += "\n**The machine changed** (fonts or libraries, not the design): "
            text += summary.environmentChanges.prefix(5).map(Self.cell).joined(separator: "; ")
            text += summary.environmentChanges.count > 5 ? "; …\n" : "\n"
        }
        var links: [String] = []
        if let reportURL { links.append("[the report](\(Self.url(reportURL)))") }
        if let runURL { links.append("[the run's artifacts](\(Self.url(runURL))#artifacts)") }
        if !links.isEmpty { text += "\nOpen " + links.joined(separator: " or ") + ".\n" }
        guard !groups.isEmpty else { return text }
        if let download {
            text += "\nTo accept a change, download the artifacts in your clone, `\(Self.code(download))`, and run its command:\n"
        }
        text += "\n| change | cases | accept it |\n| --- | ---: | --- |\n"
        var listed = 0
        // What comes after the table: it must fit too.
        let tail = 400
        for group in groups {
            let id = reportURL.map { "[`\(group.id)`](\(Self.url($0))#change:\(group.id))" } ?? "`\(group.id)`"
            let command = "`\(group.approveCommand(artifacts: Self.code(artifactsFolder)))`"
            let row = "| \(id) \(Self.cell(group.sentence)) | \(group.members.count) | \(command) |\n"
            guard text.utf8.count + row.utf8.count + tail <= Self.budget else { break }
            text += row
            listed += 1
        }
        if listed < groups.count {
            let rest = groups[listed...].reduce(0) { $0 + $1.members.count }
            text +=
                "\n\(Plural.count(groups.count - listed, "more change group")) (\(Plural.count(rest, "case"))) are in the report.\n"
        }
        text += "\nAccept every change: `seemore approve --artifacts \(Self.code(artifactsFolder))`, then commit the goldens.\n"
        // Every piece above is bounded (each input cut to 300 characters, the rows to the budget): a
        // last guard, never reached, keeps the promise whatever changes here.
        return text.utf8.count <= Self.budget ? text : String(decoding: text.utf8.prefix(Self.budget), as: UTF8.self)
    }

    /// Input as inert Markdown prose, and inside a code span; each at most 300 characters.
    static func cell(_ text: String) -> String { LogText.markdownCell(text) }
    static func code(_ text: String) -> String { LogText.markdownCode(text) }

    /// A URL as a Markdown link target: no space or parenthesis can end it early.
    static func url(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ": result += "%20"
            case "(": result += "%28"
            case ")": result += "%29"
            case "<", ">", "\"", "\n", "\r", "\t": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
