import Foundation
import Testing

/// docs/reference.md's synopses and each command's `--help` name the same flags with the same
/// values: `--help` is made from the flags' declarations, so a flag added, renamed or removed in the
/// code and not in the reference (or the other way round) fails here.
struct ReferenceFlagsTests {
    static let commands = [
        "layout", "render", "preview", "check", "check merge", "approve", "prune", "scan", "scan merge", "serve",
    ]

    @Test(arguments: commands)
    func referenceSynopsis_namesTheFlagsHelpDoes(command: String) throws {
        let help = try BinaryRunner.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let usage = Self.synopsisLines(of: command, in: help.stdout.split(separator: "\n").map(String.init))
        let reference = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../../docs/reference.md"),
            encoding: .utf8)
        let documented = Self.synopsisLines(of: command, in: Self.codeLines(reference))
        #expect(!usage.isEmpty && !documented.isEmpty, "no synopsis of seemore \(command)")
        let declared = Self.flags(in: usage)
        let written = Self.flags(in: documented)
        let onlyHelp = declared.subtracting(written).sorted()
        let onlyReference = written.subtracting(declared).sorted()
        #expect(declared == written, "seemore \(command): only --help has \(onlyHelp), only the reference \(onlyReference)")
    }

    /// The flags with their values as a synopsis writes them: `--jobs N`, `--json`, `--record never|missing|failed|all`.
    static func flags(in lines: [String]) -> Set<String> {
        let words = lines.joined(separator: " ").split(separator: " ").map(String.init)
        var flags = Set<String>()
        for (index, word) in words.enumerated() {
            let name = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]()…|"))
            guard name.hasPrefix("--") else { continue }
            var entry = name
            // A value follows unless the word closed its bracket or the next word is another flag or a bar.
            let closed = word.hasSuffix("]") || word.hasSuffix(")") || word.hasSuffix("]…")
            if !closed, index + 1 < words.count {
                let next = words[index + 1]
                if !next.hasPrefix("[") && !next.hasPrefix("(") && !next.hasPrefix("--") && next != "|" {
                    entry += " " + next.trimmingCharacters(in: CharacterSet(charactersIn: "])…"))
                }
            }
            flags.insert(entry)
        }
        return flags
    }

    /// The lines of `seemore COMMAND …` and the indented lines that continue it.
    static func synopsisLines(of command: String, in lines: [String]) -> [String] {
        var found: [String] = []
        var inside = false
        for line in lines {
            let text = line.hasPrefix("Usage: ") ? String(line.dropFirst("Usage: ".count)) : line
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("seemore ") {
                let rest = trimmed.dropFirst("seemore ".count)
                inside =
                    rest.hasPrefix(command + " ") && !rest.hasPrefix(command + " merge")
                    || rest.hasPrefix(command + " ") && command.hasSuffix(" merge")
                if inside { found.append(String(rest.dropFirst(command.count)).components(separatedBy: "  #")[0]) }
            } else if inside, line.hasPrefix(" "), trimmed.hasPrefix("[") || trimmed.hasPrefix("(") {
                found.append(trimmed.components(separatedBy: "  #")[0])
            } else {
                inside = false
            }
        }
        return found
    }

    /// The lines inside the reference's fenced code blocks.
    static func codeLines(_ markdown: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside.toggle()
            } else if inside {
                lines.append(String(line))
            }
        }
        return lines
    }
}

/// docs/reference.md's template table is one table that has a row for every top-level field a template
/// takes: a blank line inside it once cut `fontFiles` and `hermeticFonts` off into plain text.
struct ReferenceTemplateTableTests {
    @Test func theTemplateTable_hasARowForEveryField() throws {
        let reference = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../../docs/reference.md"),
            encoding: .utf8)
        let lines = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0 == "| `name` | the template's name | the file name |" })
        let table = lines[header...].prefix { $0.hasPrefix("|") }
        let rows = table.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        for field in [
            "name", "summary", "kind", "card.width", "ellipsis", "expandedSuffix", "themes.NAME", "strings", "fontFiles",
            "hermeticFonts",
        ] {
            #expect(rows.contains(field), "no row for `\(field)` in the template table (rows: \(rows.count))")
        }
        #expect(lines[header + table.count] == "", "the table ends in a blank line")
    }
}
