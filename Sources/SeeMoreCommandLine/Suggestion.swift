/// "Did you mean …?" for a mistyped flag or command: the closest known word by edit distance,
/// when it is close enough to be a typo.
enum Suggestion {
    /// The known word closest to `word`, or nil when none is within two edits (one for short words).
    static func closest(to word: String, among known: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        let scored = known.map { ($0, distance(Array(word), Array($0))) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }

    /// The flags a usage text mentions (`--width`, `--text-file`).
    static func flags(in usage: String) -> [String] {
        var flags: [String] = []
        var current = ""
        for character in usage + " " {
            if character.isLetter || character.isNumber || character == "-" {
                current.append(character)
            } else {
                if current.hasPrefix("--"), current.count > 2, !flags.contains(current) { flags.append(current) }
                current = ""
            }
        }
        return flags
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
