import SeeMoreSupport

/// A check's failing cases as GitHub Actions annotations (`::error file=…,title=…::…`), which GitHub
/// shows on the run's page and beside the pull request's files: one per failing case, at the golden's
/// path, titled with the case's name, its kind of change and message as the text. Text from input is
/// escaped as log text first (`LogText`), then as a workflow command's data and properties, so no
/// input ends the command early or starts another.
package struct GitHubAnnotations {
    let summary: CheckSummary
    /// Golden paths as the repository names them (relative to the working folder).
    let paths: PortablePaths

    package init(summary: CheckSummary, paths: PortablePaths = PortablePaths()) {
        self.summary = summary
        self.paths = paths
    }

    /// GitHub shows at most 10 error annotations a step and 50 a job: more would only be dropped.
    static let maximum = 50

    /// The lines, each ending in a newline.
    package var lines: String {
        let failures = summary.failures
        var text = ""
        for result in failures.prefix(Self.maximum) {
            let title = LogText.escaped(result.name)
            let message = LogText.escaped(result.change + ": " + result.message)
            text +=
                "::error file=\(Self.property(paths.shown(result.goldenPath))),title=\(Self.property(title))::\(Self.data(message))\n"
        }
        if failures.count > Self.maximum {
            text += "::notice title=SeeMore::\(failures.count - Self.maximum) more failing cases are in the report\n"
        }
        return text
    }

    /// A command's message: `%`, CR and LF encoded.
    static func data(_ text: String) -> String { encoded(text, property: false) }

    /// A command's property value: as `data`, and `:` and `,` too, which end a property.
    static func property(_ text: String) -> String { encoded(text, property: true) }

    private static func encoded(_ text: String, property: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
