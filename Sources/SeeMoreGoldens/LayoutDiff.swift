import FoundationEssentials
import SeeMoreSupport
import SeeMoreText

/// Every difference between two layout snapshots, line by line, with the changed words of a changed
/// line marked: what a reviewer reads to tell a moved cut ("coffee" dropped) from a color change.
package struct LayoutDiff: Sendable, Equatable {
    /// A piece of a line, changed or not.
    package struct Span: Sendable, Equatable {
        package var text: String
        package var changed: Bool
    }

    /// One row: a line of both snapshots, of the golden's only (removed), of the actual's only (added),
    /// or a golden line replaced by an actual one.
    package struct Row: Sendable, Equatable {
        package enum Kind: String, Sendable { case same, removed, added, changed }
        package var kind: Kind
        package var golden: [Span]?
        package var actual: [Span]?
    }

    package var rows: [Row]

    package var isEmpty: Bool { rows.allSatisfy { $0.kind == .same } }

    /// Snapshots longer than this are compared line by line in place, not aligned (a hostile
    /// snapshot of a million empty lines must not cost a million squared).
    static let maximumAlignedLines = 1_100
    /// Lines with more words than this have their changed middle marked as a whole.
    static let maximumAlignedTokens = 400

    init(rows: [Row]) {
        self.rows = rows
    }

    package init(golden: LayoutSnapshot, actual: LayoutSnapshot) {
        let old = golden.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var rows: [Row] = []
        var removed: [String] = [], added: [String] = []
        func flush() {
            for index in 0..<max(removed.count, added.count) {
                switch (index < removed.count ? removed[index] : nil, index < added.count ? added[index] : nil) {
                case (let before?, let after?):
                    let (a, b) = Self.words(before, after)
                    rows.append(Row(kind: .changed, golden: a, actual: b))
                case (let before?, nil):
                    rows.append(Row(kind: .removed, golden: [Span(text: before, changed: true)], actual: nil))
                case (nil, let after?): rows.append(Row(kind: .added, golden: nil, actual: [Span(text: after, changed: true)]))
                default: break
                }
            }
            removed = []
            added = []
        }
        for step in Self.align(old, new) {
            switch step {
            case .same(let line):
                flush()
                rows.append(
                    Row(kind: .same, golden: [Span(text: line, changed: false)], actual: [Span(text: line, changed: false)]))
            case .removed(let line): removed.append(line)
            case .added(let line): added.append(line)
            }
        }
        flush()
        // The snapshot's final newline makes an empty last line on both sides: not a row.
        if let last = rows.last, last.kind == .same, last.golden?.first?.text.isEmpty == true { rows.removeLast() }
        self.rows = rows
    }

    private enum Step<T> {
        case same(T), removed(T), added(T)
    }

    /// The longest common subsequence alignment of two sequences, after their common start and end;
    /// `limit` bounds the middle's length, beyond which it is all removed and all added.
    private static func align<T: Equatable>(_ old: [T], _ new: [T], limit: Int = maximumAlignedLines) -> [Step<T>] {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        let a = Array(old[start..<(old.count - end)]), b = Array(new[start..<(new.count - end)])
        var steps: [Step<T>] = old[..<start].map { .same($0) }
        if a.count > limit || b.count > limit || a.isEmpty || b.isEmpty {
            steps += a.map { .removed($0) } + b.map { .added($0) }
        } else {
            // lengths[i][j]: the LCS length of a[i...] and b[j...].
            var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i] == b[j] {
                    steps.append(.same(a[i]))
                    i += 1
                    j += 1
                } else if j == b.count || (i < a.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
                    // Removals first, so a replaced run reads "before, then after".
                    steps.append(.removed(a[i]))
                    i += 1
                } else {
                    steps.append(.added(b[j]))
                    j += 1
                }
            }
        }
        return steps + old[(old.count - end)...].map { .same($0) }
    }

    /// Two lines as spans with the words that differ marked.
    static func words(_ before: String, _ after: String) -> ([Span], [Span]) {
        var old: [Span] = [], new: [Span] = []
        func add(_ spans: inout [Span], _ text: String, _ changed: Bool) {
            if let last = spans.last, last.changed == changed {
                spans[spans.count - 1].text += text
            } else {
                spans.append(Span(text: text, changed: changed))
            }
        }
        for step in align(tokens(before), tokens(after), limit: maximumAlignedTokens) {
            switch step {
            case .same(let token):
                add(&old, token, false)
                add(&new, token, false)
            case .removed(let token): add(&old, token, true)
            case .added(let token): add(&new, token, true)
            }
        }
        return (old, new)
    }

    /// Words, runs of spaces, and single characters of scripts written without spaces (Han, kana,
    /// Thai, Lao, Khmer, Myanmar), so a changed cut in Japanese marks characters, not the line.
    static func tokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsSpace = false
        for character in line {
            let isSpace = character.isWhitespace
            let unspaced = character.unicodeScalars.first.map(UnspacedScript.contains) ?? false
            // A decimal point or separator inside a number stays in it ("20.62").
            let inNumber = (character == "." || character == ",") && !current.isEmpty && current.allSatisfy(\.isNumber)
            let splits = character.isPunctuation && !inNumber
            if unspaced || isSpace != currentIsSpace || splits {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            }
            current.append(character)
            currentIsSpace = isSpace
            if unspaced || splits {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// One line for the console: what changed, field by field, e.g.
    /// `cut −"coffee"; line 3 "…and coffee… More" → "…and… More"; lines 3 → 2`.
    package var summary: String { summary(omitting: []) }

    /// The summary without the given fields ("size", "lines", …), where a message already says them.
    package func summary(omitting fields: Set<String>) -> String {
        var parts: [String] = []
        var changedLines: [Int] = []
        var lineNumber = 0
        // An expanded card (truncated in neither snapshot) has no cut: a change of what it keeps is one of its text.
        let truncated = rows.contains { row in
            [row.golden, row.actual].contains { $0.map { $0.map(\.text).joined() } == "truncated: true" }
        }
        for row in rows {
            let golden = row.golden.map { $0.map(\.text).joined() }
            let actual = row.actual.map { $0.map(\.text).joined() }
            let line = actual ?? golden ?? ""
            if line.hasPrefix("| ") || golden?.hasPrefix("| ") == true { lineNumber += 1 }
            let field = line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            guard row.kind != .same, !fields.contains(field) else { continue }
            switch (field, golden, actual) {
            case ("kept", _?, _?):
                var dropped = Self.changedText(row.golden), gained = Self.changedText(row.actual)
                // Two long words that differ late (a link's path) would be shortened to the same 39
                // characters: both start a little before where they differ.
                let common = zip(dropped, gained).prefix { $0 == $1 }.count
                if common > 24 && (dropped.count > 40 || gained.count > 40) {
                    dropped = "…" + dropped.dropFirst(common - 12)
                    gained = "…" + gained.dropFirst(common - 12)
                }
                parts.append(
                    (truncated ? "cut" : "text") + (dropped.isEmpty ? "" : " −\(Self.quoted(dropped))")
                        + (gained.isEmpty ? "" : " +\(Self.quoted(gained))"))
            case ("size", let a?, let b?), ("lines", let a?, let b?), ("truncated", let a?, let b?):
                parts.append("\(field) \(a.dropFirst(field.count + 2)) → \(b.dropFirst(field.count + 2))")
            case ("suffix", _?, _?): parts.append("suffix rect moved")
            default:
                if line.hasPrefix("| ") || golden?.hasPrefix("| ") == true {
                    changedLines.append(lineNumber)
                } else {
                    parts.append("\(row.kind.rawValue) \(Self.quoted(line))")
                }
            }
        }
        if !changedLines.isEmpty {
            parts.append(
                (changedLines.count == 1 ? "line " : "lines ") + changedLines.map(String.init).joined(separator: ", ")
                    + " changed")
        }
        return parts.joined(separator: "; ")
    }

    /// The words of `spans` with a changed character, whole ("brand-new", not "brand-"), in order; in
    /// a script written without spaces (Han, kana, Thai…) the changed characters alone, a run of them
    /// as one ("ニャー", not the whole sentence it ends).
    private static func changedText(_ spans: [Span]?) -> String {
        var words: [String] = []
        var word = ""
        var changed = false
        var unspacedRun = false  // `word` is a run of changed characters of a script without spaces
        func end() {
            if changed && !word.isEmpty { words.append(word) }
            word = ""
            changed = false
            unspacedRun = false
        }
        for span in spans ?? [] {
            for character in span.text {
                let unspaced = character.unicodeScalars.first.map(UnspacedScript.contains) ?? false
                if character.isWhitespace || (unspaced && !span.changed) {
                    end()
                } else if unspaced {
                    if !unspacedRun { end() }
                    word.append(character)
                    changed = true
                    unspacedRun = true
                } else {
                    if unspacedRun { end() }
                    word.append(character)
                    changed = changed || span.changed
                }
            }
        }
        end()
        return words.joined(separator: " ")
    }

    private static func quoted(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return "\"\(short)\""
    }

    var json: JSONValue {
        func spans(_ spans: [Span]?) -> JSONValue {
            spans.map { .array($0.map { .object([("text", .string($0.text)), ("changed", .bool($0.changed))]) }) } ?? .null
        }
        return .array(
            rows.map {
                .object([("kind", .string($0.kind.rawValue)), ("golden", spans($0.golden)), ("actual", spans($0.actual))])
            })
    }
}
