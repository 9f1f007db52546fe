/// Android's resource compiler's unescaping of a string's text: quotes keep spaces, `\n`, `\t`,
/// `\'`, `\"`, `\@`, `\?`, `\uXXXX`; other runs of white space are one space, trimmed at the ends.
/// SeeMore's own parser of strangers' text: `Tests/Fuzz/strings_xml.swift` fuzzes it.
package enum AndroidStringEscapes {
    /// Android's resource unescaping of an element's text.
    package static func unescaped(_ raw: String, file: String, line: Int) throws(CatalogError) -> String {
        var result = String.UnicodeScalarView()
        var quoted = false
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if !quoted && scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            switch scalar {
            case "\"":
                quoted.toggle()
            case "\\":
                guard let escaped = scalars.next() else {
                    throw CatalogError(file: file, line: line, message: "the string ends inside an escape")
                }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "'", "\"", "\\", "@", "?": result.append(escaped)
                case "u":
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = scalars.next(), digit.isASCII, let number = UInt32(String(digit), radix: 16) else {
                            throw CatalogError(file: file, line: line, message: "\\u takes four hexadecimal digits")
                        }
                        value = value * 16 + number
                    }
                    result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    throw CatalogError(
                        file: file, line: line, message: "'\\\(escaped.shown)' is no escape of a strings.xml")
                }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
