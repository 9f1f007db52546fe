/// Text from input (a suite's font name, a layout snapshot's line, ENVIRONMENT.json, a report) made
/// safe to print in a terminal, a CI log or a Markdown summary: it cannot move the cursor, change
/// colours, start a line of its own, or start a GitHub Actions workflow command (`::error …`).
public enum LogText {
    /// `text` with every control character (C0 but tab, DEL, C1), line and paragraph separator and
    /// bidirectional control shown as `\u{…}`, and a `::` at its start (after white space) as `\u{3A}:`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control = (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x2028
                || value == 0x2029 || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            if control {
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        let start = result.prefix { $0 == " " || $0 == "\t" }
        if result.dropFirst(start.count).hasPrefix("::") {
            result = start + "\\u{3A}" + result.dropFirst(start.count + 1)
        }
        return result
    }

    /// `escaped` text for a Markdown table cell: HTML, pipes and backticks made inert too.
    public static func markdownCell(_ text: String) -> String {
        var cell = ""
        for character in escaped(text) {
            switch character {
            case "&": cell += "&amp;"
            case "<": cell += "&lt;"
            case ">": cell += "&gt;"
            case "|": cell += "\\|"
            case "`": cell += "'"
            default: cell.append(character)
            }
        }
        return cell
    }
}
