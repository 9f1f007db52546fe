/// Parses a gettext catalog (`de.po`): `msgctxt`, `msgid` and `msgstr` (or `msgstr[0]`) entries, each
/// a run of quoted strings with C escapes, and `#` comments (`#, fuzzy` marks an entry). SeeMore's own
/// parser of strangers' bytes: `Tests/Fuzz/po_parse.swift` fuzzes it.
package enum GettextParser {
    /// One translated entry.
    package struct Message: Equatable {
        package var context: String?
        package var id: String
        package var translation: String
        package var line: Int
        package var fuzzy: Bool

        /// The catalog key: `msgid`, or `CONTEXT|msgid`.
        package var key: String { context.map { $0 + "|" + id } ?? id }
    }

    /// Every entry of a `.po` file (the header's too, `msgid ""`), in order.
    /// - Throws: `CatalogError` at the line of the first thing that is not gettext.
    package static func messages(_ bytes: [UInt8], file: String) throws(CatalogError) -> [Message] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw CatalogError(file: file, message: "the file is not UTF-8 (SeeMore reads .po files in UTF-8)")
        }
        var messages: [Message] = []
        var current: Message? = nil
        var fuzzy = false
        /// The field the last keyword started, which a line of only a string continues.
        var field: String? = nil
        func finish() {
            if let message = current { messages.append(message) }
            current = nil
        }
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
                continue
            }
            let keyword: String
            let rest: String
            if line.hasPrefix("\"") {
                guard let open = field else {
                    throw CatalogError(file: file, line: number, message: "a string that continues no msgid or msgstr")
                }
                keyword = open
                rest = line
            } else {
                let word = line.prefix { !$0.isWhitespace && $0 != "\"" }
                keyword = String(word)
                rest = line.dropFirst(word.count).trimmingSpaces
            }
            let value = try quoted(rest, file: file, line: number)
            let continues = line.hasPrefix("\"")
            switch keyword {
            case "msgctxt":
                if continues {
                    current?.context? += value
                } else {
                    finish()
                    current = Message(context: value, id: "", translation: "", line: number, fuzzy: fuzzy)
                    fuzzy = false
                }
            case "msgid":
                if continues {
                    current?.id += value
                } else if current != nil && current?.id.isEmpty == true && field == "msgctxt" {
                    current?.id = value
                } else {
                    finish()
                    current = Message(context: nil, id: value, translation: "", line: number, fuzzy: fuzzy)
                    fuzzy = false
                }
            case "msgid_plural":
                guard current != nil else {
                    throw CatalogError(file: file, line: number, message: "msgid_plural before any msgid")
                }
            case "msgstr", "msgstr[0]":
                guard current != nil else {
                    throw CatalogError(file: file, line: number, message: "\(keyword) before any msgid")
                }
                current?.translation += value
            default:
                if keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]") && Int(keyword.dropFirst(7).dropLast()) != nil {
                    guard current != nil else {
                        throw CatalogError(file: file, line: number, message: "\(keyword) before any msgid")
                    }
                } else {
                    throw CatalogError(file: file, line: number, message: "'\(keyword.prefix(40))' is no gettext keyword")
                }
            }
            if !continues { field = keyword }
        }
        finish()
        return messages
    }

    /// One quoted C string: `"Mehr \"anzeigen\"\n"`.
    private static func quoted(_ text: String, file: String, line: Int) throws(CatalogError) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw CatalogError(file: file, line: line, message: "a quoted string is due, not '\(text.prefix(40))'")
        }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.dropFirst().dropLast().makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\"" {
                throw CatalogError(file: file, line: line, message: "a quote inside a string is written \\\"")
            }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escaped = scalars.next() else {
                throw CatalogError(file: file, line: line, message: "the string ends inside an escape")
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\"", "\\": result.append(escaped)
            default:
                throw CatalogError(
                    file: file, line: line, message: "'\\\(escaped.shown)' is no escape of a .po file")
            }
        }
        return String(result)
    }
}
