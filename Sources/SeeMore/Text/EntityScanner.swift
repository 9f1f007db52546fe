/// Finds the links, mentions and hashtags of a plain text, as feed apps do, in one pass over its
/// characters (Unicode scalars).
///
/// - A URL starts with `http://` or `https://` (any case) or `www.` at the start of a word and runs
///   over ASCII characters that may be in a URL; it ends before white space, before any other
///   character (a Japanese sentence goes on right after it), and before trailing punctuation
///   (`.` `,` `:` `;` `!` `?` quotes, and a closing bracket it did not open).
/// - A mention is `@` (or `＠`) not preceded by an ASCII letter or digit, `_` or `.` (so no e-mail
///   address), then letters, marks, digits and `_` of any script, with single dots inside.
/// - A hashtag is `#` (or `＃`) not preceded by an ASCII letter or digit, `_` or `&` (`&#39;`), then
///   letters, marks, digits, `_` and joiners, at least one of them a letter (`#1` is not a hashtag).
/// - A URL starts likewise not right after an ASCII letter or digit, `@`, `.`, `/`, `-` or `_`.
struct EntityScanner {
    private let scalars: [Unicode.Scalar]
    private(set) var entities: [TextEntity] = []

    init(_ text: String) {
        self.init(scalars: Array(text.unicodeScalars))
    }

    /// The entities of `scalars` that start before `limit` (they may end past it).
    init(scalars: [Unicode.Scalar], startingBefore limit: Int = Int.max) {
        self.scalars = scalars
        var index = 0
        while index < min(scalars.count, limit) {
            if let end = url(at: index) {
                entities.append(TextEntity(kind: .url, range: index..<end))
                index = end
            } else if let end = tag(at: index, mark: ["@", "\u{FF20}"], kind: .mention) {
                entities.append(TextEntity(kind: .mention, range: index..<end))
                index = end
            } else if let end = tag(at: index, mark: ["#", "\u{FF03}"], kind: .hashtag) {
                entities.append(TextEntity(kind: .hashtag, range: index..<end))
                index = end
            } else {
                index += 1
            }
        }
    }

    /// The longest characters a URL may have; past it a URL ends (a stranger's text may be one).
    static let maximumURLLength = 4096
    /// The longest name after `@` or `#`.
    static let maximumTagLength = 140

    /// Whether an entity may start at `index`: not right after an ASCII letter or digit or one of
    /// `also` (a letter of an unspaced script may come right before: "詳しくはhttps://…", "今日は#晴れ").
    private func startsWord(_ index: Int, also: Set<Unicode.Scalar>) -> Bool {
        guard index > 0 else { return true }
        let before = scalars[index - 1]
        if before.isASCII && (before.properties.isAlphabetic || ("0"..."9").contains(before)) { return false }
        return !also.contains(before) && !before.properties.isGraphemeExtend
    }

    private func hasPrefix(_ prefix: String, at index: Int) -> Bool {
        var position = index
        for expected in prefix.unicodeScalars {
            guard position < scalars.count, Self.lowercased(scalars[position]) == expected else { return false }
            position += 1
        }
        return true
    }

    /// The end of the URL starting at `index`, or nil.
    private func url(at index: Int) -> Int? {
        let first = scalars[index]
        guard first == "h" || first == "H" || first == "w" || first == "W", startsWord(index, also: ["@", ".", "/", "-", "_"])
        else { return nil }
        let bodyStart: Int
        if hasPrefix("https://", at: index) {
            bodyStart = index + 8
        } else if hasPrefix("http://", at: index) {
            bodyStart = index + 7
        } else if hasPrefix("www.", at: index) {
            bodyStart = index + 4
        } else {
            return nil
        }
        var end = bodyStart
        var open = 0  // brackets the URL opened: "(wiki)" keeps its closing one
        while end < scalars.count, end - index < Self.maximumURLLength, Self.mayBeInURL(scalars[end]) {
            if scalars[end] == "(" || scalars[end] == "[" { open += 1 }
            if scalars[end] == ")" || scalars[end] == "]" {
                if open == 0 { break }
                open -= 1
            }
            end += 1
        }
        while end > bodyStart, Self.trailingPunctuation.contains(scalars[end - 1]) { end -= 1 }
        // A host at least: "https://" alone, or "www." followed by nothing, is not a link.
        guard end > bodyStart, Self.isWordCharacter(scalars[bodyStart]) else { return nil }
        if first == "w" || first == "W", !scalars[bodyStart..<end].contains(".") { return nil }
        return end
    }

    /// The end of the mention or hashtag starting at `index`, or nil.
    private func tag(at index: Int, mark: Set<Unicode.Scalar>, kind: TextEntity.Kind) -> Int? {
        guard mark.contains(scalars[index]), startsWord(index, also: mark.union(kind == .mention ? [".", "_"] : ["&", "_"]))
        else { return nil }
        var end = index + 1
        var letters = 0
        while end < scalars.count, end - index <= Self.maximumTagLength {
            let scalar = scalars[end]
            if Self.isWordCharacter(scalar) || scalar == "_" || Self.isJoiner(scalar) {
                if scalar.properties.isAlphabetic { letters += 1 }
                end += 1
            } else if kind == .mention, scalar == ".", end + 1 < scalars.count, Self.isWordCharacter(scalars[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        guard end > index + 1 else { return nil }
        // "#1" and "#2024" are numbers; "#️⃣" is an emoji (its marks come before any letter).
        if kind == .hashtag && (letters == 0 || !Self.isWordCharacter(scalars[index + 1]) || Self.isJoiner(scalars[index + 1])) {
            return nil
        }
        return end
    }

    /// Letters, marks and digits of any script.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            // U+20E3 COMBINING ENCLOSING KEYCAP and U+FE0F make "#️⃣", never a tag.
            return scalar != "\u{20E3}" && scalar != "\u{FE0F}"
        default:
            return false
        }
    }

    /// Zero-width joiners that Persian and Indic words hold.
    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    /// ASCII characters a URL may hold (RFC 3986's, `%` escapes, and the few more links carry).
    private static func mayBeInURL(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
        return !"<>\"{}|\\^`".unicodeScalars.contains(scalar)
    }

    /// What ends a sentence rather than a URL.
    private static let trailingPunctuation: Set<Unicode.Scalar> = [".", ",", ":", ";", "!", "?", "'", "\"", "*"]
}
