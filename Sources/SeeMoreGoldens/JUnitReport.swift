import SeeMoreSupport
/// A check's results as JUnit XML, which CI systems show as test results: one test case per golden
/// case, a failure with the kind of change and its message, or an error for a case whose worker
/// process died (`crashed`). A failing case lists its golden, actual and diff images as
/// `[[ATTACHMENT|path]]` lines (GitLab and Jenkins show them beside the test), paths as the report
/// shows them.
package struct JUnitReport {
    let summary: CheckSummary
    let suite: GoldenSuite
    /// The artifacts folder as attachments name it (relative to the project, where CI reads the XML).
    let artifactsFolder: String?

    package init(summary: CheckSummary, suite: GoldenSuite, artifactsFolder: String? = nil) {
        self.summary = summary
        self.suite = suite
        self.artifactsFolder = artifactsFolder
    }

    /// The images a failing case's attachments name, in this order.
    static let attachedImages = ["golden", "actual", "diff"]

    /// The XML, handed to `emit` a piece at a time, case by case.
    package func write(_ emit: (String) throws -> Void) rethrows {
        let results = summary.results
        let crashed = summary.results.count(matching: { $0.outcome == .crashed })
        let failures = summary.failures.count - crashed
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(crashed)\""
        try emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        try emit("<testsuites name=\"seemore check\" \(counts)>\n")
        try emit("  <testsuite name=\"\(Self.escape(suite.path))\" \(counts)>\n")
        for result in results {
            let parts = result.name.split(separator: "/")
            let className = parts.count > 1 ? parts.dropLast().joined(separator: ".") : "seemore"
            var xml =
                "    <testcase classname=\"\(Self.escape(className))\" name=\"\(Self.escape(result.name))\" time=\"\(Self.seconds(result.seconds))\""
            if result.failed {
                let kind = result.change
                let element = result.outcome == .crashed ? "error" : "failure"
                xml +=
                    ">\n      <\(element) type=\"\(Self.escape(kind))\" message=\"\(Self.escape(kind + ": " + result.message))\">"
                // Paths as the summary and the attachments write them: the artifacts folder's, then the file.
                let diff = result.artifacts["diff"].map { "\ndiff: " + (artifactsFolder.map { $0 + "/" } ?? "") + $0 } ?? ""
                xml += Self.escape(result.message + diff) + "</\(element)>\n"
                if let artifactsFolder {
                    let attachments = Self.attachedImages.compactMap { result.artifacts[$0] }
                        .map { "[[ATTACHMENT|\(artifactsFolder)/\($0)]]" }
                    if !attachments.isEmpty {
                        xml += "      <system-out>" + Self.escape(attachments.joined(separator: "\n")) + "</system-out>\n"
                    }
                }
                xml += "    </testcase>\n"
            } else {
                xml += "/>\n"
            }
            try emit(xml)
        }
        try emit("  </testsuite>\n</testsuites>\n")
    }

    /// Seconds with millisecond precision, as JUnit readers expect ("0.012").
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(0, value.isFinite ? value : 0) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text safe inside XML attributes and elements (control characters dropped).
    static func escape(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
