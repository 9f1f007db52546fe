import SeeMoreSupport

/// A pseudo-localization of a text, after Android's pseudo-locales: what a translation does to a card
/// before any translation exists. Deterministic: the same text gives the same result.
///
/// - `accented` (as Android's en-XA without its expansion): every ASCII letter becomes an accented
///   one of the same case ("See more" → "Šéé ɱöŕé"), so a font's missing accents and clipped
///   diacritics show.
/// - `expanded` (en-XA): accented, then padded with the words "one two three …" to at least 30%
///   more characters (at least 40% for a text of at most 20 characters, where translations grow the
///   most), between brackets marking the string's ends ("[Šéé ɱöŕé one two]").
/// - `bidi` (ar-XB): each paragraph forced right to left (RIGHT-TO-LEFT MARK, then RIGHT-TO-LEFT
///   OVERRIDE … POP DIRECTIONAL FORMATTING), so the text reads mirrored and the card lays it out as
///   right-to-left text.
///
/// Links, mentions and hashtags (`TextEntity.find`) and, in markup, tags and character references
/// are left as they are: a pseudo-locale changes what a translator would.
public enum PseudoLocale: String, CaseIterable, Codable, Sendable {
    case accented
    case expanded
    case bidi

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }

    /// The words `expanded` pads with, in order, again from the start when they run out.
    static let paddingWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// `text` pseudo-localized; `markup` leaves tags (`<b>`) and references (`&amp;`) alone.
    public func apply(to text: String, markup: Bool = false) -> String {
        switch self {
        case .accented:
            return Self.accented(text, markup: markup)
        case .expanded:
            let accented = Self.accented(text, markup: markup)
            let length = Self.visibleLength(text, markup: markup)
            let target = length + max(2, Int((Double(length) * (length <= 20 ? 0.4 : 0.3)).rounded(.up)))
            var padded = accented
            var added = 0
            var index = 0
            // The padding counts toward the length with its spaces and the two brackets.
            while length + added + 2 < target {
                let word = Self.paddingWords[index % Self.paddingWords.count]
                padded += " " + word
                added += word.count + 1
                index += 1
            }
            return "[" + padded + "]"
        case .bidi:
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
            return paragraphs.map { $0.isEmpty ? "" : "\u{200F}\u{202E}" + $0 + "\u{202C}" }.joined(separator: "\n")
        }
    }

    /// Where scalar offset `index` of `text` (a character's, or a range's end) is in `apply(to:
    /// text)`: the same when accented, one further after `expanded`'s opening bracket, and after the
    /// direction controls `bidi` puts around its paragraph and the paragraphs before it.
    package func position(_ index: Int, in text: String) -> Int {
        switch self {
        case .accented: return index
        case .expanded: return index + 1
        case .bidi:
            // Each paragraph before it that has text gains three controls; its own, the two before.
            var shift = 0
            var paragraphHasText = false
            for (offset, scalar) in text.unicodeScalars.enumerated() where offset < index {
                if scalar == "\n" {
                    if paragraphHasText { shift += 3 }
                    paragraphHasText = false
                } else {
                    paragraphHasText = true
                }
            }
            let rest = text.unicodeScalars.dropFirst(index)
            let ownHasText = paragraphHasText || (rest.first.map { $0 != "\n" } ?? false)
            return index + shift + (ownHasText ? 2 : 0)
        }
    }

    /// Every ASCII letter outside links, mentions, hashtags and markup replaced by its accented form.
    static func accented(_ text: String, markup: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept = [Bool](repeating: false, count: scalars.count)
        if markup {
            var index = 0
            while index < scalars.count {
                let opener = scalars[index]
                let closer: Unicode.Scalar? = opener == "<" ? ">" : opener == "&" ? ";" : nil
                if let closer, let end = scalars[index...].firstIndex(of: closer) {
                    for position in index...end { kept[position] = true }
                    index = end + 1
                } else {
                    index += 1
                }
            }
        }
        for entity in TextEntity.find(in: text) {
            for position in entity.range where position < kept.count { kept[position] = true }
        }
        var result = String.UnicodeScalarView()
        for (position, scalar) in scalars.enumerated() {
            if !kept[position], let accented = accents[scalar] {
                result.append(accented)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Characters a reader sees: markup's tags and references count as nothing and one.
    static func visibleLength(_ text: String, markup: Bool) -> Int {
        guard markup else { return text.count }
        var count = 0
        var inTag = false
        var inReference = false
        for character in text {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false
            case "&" where !inTag:
                inReference = true
                count += 1
            case ";" where inReference: inReference = false
            default: if !inTag && !inReference { count += 1 }
            }
        }
        return count
    }

    /// One accented form for each ASCII letter, each a single precomposed scalar (so a text's length
    /// in scalars is kept, and links' positions with it).
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(Character, Character)] = [
            ("a", "á"), ("b", "ƀ"), ("c", "ç"), ("d", "ð"), ("e", "é"), ("f", "ƒ"), ("g", "ĝ"), ("h", "ĥ"), ("i", "î"),
            ("j", "ĵ"), ("k", "ķ"), ("l", "ļ"), ("m", "ɱ"), ("n", "ñ"), ("o", "ö"), ("p", "þ"), ("q", "ǫ"), ("r", "ŕ"),
            ("s", "š"), ("t", "ţ"), ("u", "û"), ("v", "ṽ"), ("w", "ŵ"), ("x", "ẋ"), ("y", "ý"), ("z", "ž"),
            ("A", "Å"), ("B", "Ɓ"), ("C", "Ç"), ("D", "Ð"), ("E", "É"), ("F", "Ƒ"), ("G", "Ĝ"), ("H", "Ĥ"), ("I", "Î"),
            ("J", "Ĵ"), ("K", "Ķ"), ("L", "Ļ"), ("M", "Ṁ"), ("N", "Ñ"), ("O", "Ö"), ("P", "Þ"), ("Q", "Ǫ"), ("R", "Ŕ"),
            ("S", "Š"), ("T", "Ţ"), ("U", "Û"), ("V", "Ṽ"), ("W", "Ŵ"), ("X", "Ẋ"), ("Y", "Ý"), ("Z", "Ž"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (plain, accented) in pairs {
            if let from = plain.unicodeScalars.first, let to = accented.unicodeScalars.first { table[from] = to }
        }
        return table
    }()
}
