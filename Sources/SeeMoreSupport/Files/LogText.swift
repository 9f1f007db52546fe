/// Text from input (a suite's font name, a layout snapshot's line, ENVIRONMENT.json, a report) made
/// safe to print in a terminal, a CI log or a Markdown summary: it cannot move the cursor, change
/// colours, start a line of its own, or start a GitHub Actions workflow command (`::error …`).
package enum LogText {
    /// `text` with every control character (C0 but tab, DEL, C1), line and paragraph separator and
    /// bidirectional control shown as `\u{…}`, and a `::` at its start (after white space) as `\u{3A}:`.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control =
                (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x2028
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

    /// The longest piece of input a Markdown cell shows, in characters; past it, "…".
    package static let maximumCellCharacters = 300

    /// `escaped` text as inert Markdown prose for a table cell or a list item on GitHub, cut to `limit`
    /// characters: HTML, pipes and backticks made inert, and nothing from input renders as markup,
    /// a link, an image, a mention or a reference. Emphasis and link brackets are escaped (`\[x\](…)`),
    /// and a zero-width joiner breaks `@name` (no one is pinged), `#123`, and bare addresses
    /// (`https:\u{200D}//…`, `www\u{200D}.`), which GitHub would link.
    package static func markdownCell(_ text: String, limit: Int = 300) -> String {
        var cell = ""
        let joiner: Character = "\u{200D}"
        var previous: Character = " "
        for character in cut(escaped(text), to: limit) {
            switch character {
            case "&": cell += "&amp;"
            case "<": cell += "&lt;"
            case ">": cell += "&gt;"
            case "|": cell += "\\|"
            case "`": cell += "'"
            case "\\", "*", "_", "[", "]", "~": cell += "\\" + String(character)
            case "@", "#": cell += String(character) + String(joiner)
            case "/" where previous == ":": cell += String(joiner) + "/"
            case "." where cell.suffix(3).lowercased() == "www": cell += String(joiner) + "."
            default: cell.append(character)
            }
            previous = character
        }
        return cell
    }

    /// `escaped` text for inside a Markdown code span (`` `…` ``) in a table: no backtick can end the
    /// span and no pipe the cell; cut to `limit` characters. A code span renders nothing else.
    package static func markdownCode(_ text: String, limit: Int = maximumCellCharacters) -> String {
        var code = ""
        for character in cut(escaped(text), to: limit) {
            switch character {
            case "|": code += "\\|"
            case "`": code += "'"
            default: code.append(character)
            }
        }
        return code
    }

    /// `text` cut to `limit` characters, the last one "…" when it was longer.
    static func cut(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(max(0, limit - 1))) + "…" : text
    }
}
