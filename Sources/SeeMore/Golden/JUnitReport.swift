/// A check's results as JUnit XML, which CI systems show as test results: one test case per golden
/// case, a failure with the kind of change and its message.
struct JUnitReport {
    let summary: CheckSummary
    let suite: GoldenSuite

    var xml: String {
        let results = summary.results
        let failures = summary.failures.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"seemore check\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(Self.escape(suite.path))\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for result in results {
            let parts = result.name.split(separator: "/")
            let className = parts.count > 1 ? parts.dropLast().joined(separator: ".") : "seemore"
            xml += "    <testcase classname=\"\(Self.escape(className))\" name=\"\(Self.escape(result.name))\" time=\"0\""
            guard result.failed else {
                xml += "/>\n"
                continue
            }
            let kind = result.change
            xml += ">\n      <failure type=\"\(Self.escape(kind))\" message=\"\(Self.escape(kind + ": " + result.message))\">"
            xml += Self.escape(result.message + (result.artifacts["diff"].map { "\ndiff: " + $0 } ?? "")) + "</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text safe inside XML attributes and elements (control characters dropped).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            default:
                if scalar.value >= 0x20 || scalar == "\t" { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
