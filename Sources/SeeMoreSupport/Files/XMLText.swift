/// Text made safe inside XML and HTML, in elements and in quoted attributes, for reports whose text
/// comes from strangers (a JUnit file, a scan's page).
package enum XMLText {
    /// `& < > " '` as entities, a line break as `&#10;`, other control characters dropped (XML 1.0 has none).
    package static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n": escaped += "&#10;"
            default:
                if scalar.value >= 0x20 || scalar == "\t" { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
