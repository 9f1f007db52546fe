import SeeMoreText

/// A place where a cut reads badly, though every rule of the cut was kept: what a design review of
/// real content looks for (`seemore scan`). Each names its kind and what it found.
public struct CutLint: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// The cut falls inside a link, a mention or a hashtag (possible when a word is longer than the lines).
        case cutInURL = "cut-in-url"
        case cutInMention = "cut-in-mention"
        case cutInHashtag = "cut-in-hashtag"
        /// The kept text ends right after an opening bracket or quote: "(…" or "“…".
        case cutAfterOpening = "cut-after-opening"
        /// The cut leaves the closing punctuation of the last kept word behind: "docs…" for "docs)."
        case cutBeforeClosing = "cut-before-closing"
        /// The last line holds one short word (or none) before the ellipsis and suffix.
        case shortLastLine = "short-last-line"
        /// A line starts with a character that must not start one (`。`, `、`, `）`, small kana…) or
        /// ends with one that must not end one (`「`, `（`): Japanese and Chinese line-breaking rules.
        case kinsoku
        /// A word is drawn in two fonts (a fallback font took part of it).
        case mixedFonts = "mixed-fonts"
    }

    public var kind: Kind
    /// What was found, quoted from the text: `"(see" ends in "("`.
    public var detail: String
    /// How badly it reads, 1 or more: the characters of a link or tag cut off, how short the stranded
    /// last line is; the gallery shows the worst first.
    package var severity: Int

    package init(kind: Kind, detail: String, severity: Int = 1) {
        self.kind = kind
        self.detail = detail
        self.severity = max(1, severity)
    }

    /// The longest a last line's word may be and still read as stranded, in characters (1 in a script
    /// written without spaces).
    static let shortWordLength = 3

    /// The lints of one cut.
    /// - Parameters:
    ///   - text: the whole text, as the cut was given it.
    ///   - cutIndex: the characters (Unicode scalars) kept before the ellipsis.
    ///   - lines: the collapsed card's visible lines, the ending included on the last.
    ///   - ending: the ellipsis and suffix as the last line shows them (`"… More"`).
    ///   - mixedFonts: the card's words drawn in two fonts (`CardMetadata.mixedFonts`).
    package static func lints(text: String, cutIndex: Int, lines: [String], ending: String, mixedFonts: [String] = [])
        -> [CutLint]
    {
        var found: [CutLint] = []
        let scalars = Array(text.unicodeScalars)
        let cut = min(max(0, cutIndex), scalars.count)
        if cut < scalars.count {
            let inEntity = entityLints(text: text, scalars: scalars, cut: cut)
            found += inEntity
            // Inside a link or a tag its own punctuation ("example.com") is no bracket or full stop.
            if inEntity.isEmpty, let last = scalars[..<cut].last(where: { !$0.properties.isWhitespace }),
                isOpening(last, before: scalars[..<cut])
            {
                found.append(CutLint(kind: .cutAfterOpening, detail: "the kept text ends in \"\(last)\""))
            }
            // Only punctuation right at the cut: after a space it starts a word of its own.
            if inEntity.isEmpty, let next = scalars[cut...].first, isClosing(next), let last = scalars[..<cut].last,
                !last.properties.isWhitespace
            {
                found.append(CutLint(kind: .cutBeforeClosing, detail: "\"\(last)\" is kept, its \"\(next)\" is not"))
            }
            if let lint = shortLastLine(lines, ending: ending) { found.append(lint) }
        }
        found += kinsokuLints(lines, ending: cut < scalars.count ? ending : "")
        for words in mixedFonts { found.append(CutLint(kind: .mixedFonts, detail: words)) }
        return found
    }

    private static func entityLints(text: String, scalars: [Unicode.Scalar], cut: Int) -> [CutLint] {
        TextEntity.find(in: text).compactMap { entity in
            guard entity.range.lowerBound < cut, cut < entity.range.upperBound else { return nil }
            let kind: Kind
            switch entity.kind {
            case .url: kind = .cutInURL
            case .mention: kind = .cutInMention
            case .hashtag, .marked: kind = .cutInHashtag
            }
            var whole = String.UnicodeScalarView()
            whole.append(contentsOf: scalars[entity.range].prefix(80))
            return CutLint(
                kind: kind,
                detail:
                    "\"\(String(whole))\" is cut after \(cut - entity.range.lowerBound) of its \(entity.range.count) characters",
                severity: entity.range.upperBound - cut)
        }
    }

    /// The last line without its ending, when it holds one word of at most `shortWordLength` characters, or none.
    private static func shortLastLine(_ lines: [String], ending: String) -> CutLint? {
        guard lines.count > 1, let last = lines.last else { return nil }
        let body = last.hasSuffix(ending) ? String(last.dropLast(ending.count)) : last
        let word = body.trimmingWhitespace(newlines: true)
        // In a script written without spaces a line of a few characters is a phrase: only one alone is stranded.
        let limit = word.unicodeScalars.contains(where: UnspacedScript.contains) ? 1 : shortWordLength
        guard !word.contains(where: \.isWhitespace), word.count <= limit else { return nil }
        return CutLint(
            kind: .shortLastLine,
            detail: word.isEmpty ? "the last line holds only the ending" : "the last line holds only \"\(word)\"",
            severity: shortWordLength + 1 - word.count)
    }

    private static func kinsokuLints(_ lines: [String], ending: String) -> [CutLint] {
        var found: [CutLint] = []
        for (index, line) in lines.enumerated() {
            let body =
                index == lines.count - 1 && !ending.isEmpty && line.hasSuffix(ending) ? String(line.dropLast(ending.count)) : line
            if index > 0, let first = body.unicodeScalars.first, Self.noLineStart.contains(first) {
                found.append(CutLint(kind: .kinsoku, detail: "line \(index + 1) starts with \"\(first)\""))
            }
            // The last line goes on into the ending: its end is not a line's end.
            if index < lines.count - 1, let last = body.unicodeScalars.last(where: { !$0.properties.isWhitespace }),
                Self.noLineEnd.contains(last)
            {
                found.append(CutLint(kind: .kinsoku, detail: "line \(index + 1) ends with \"\(last)\""))
            }
        }
        return found
    }

    /// Opening brackets and quotes; a straight quote only where it opens (at the start or after a space).
    private static func isOpening(_ scalar: Unicode.Scalar, before: ArraySlice<Unicode.Scalar>) -> Bool {
        switch scalar.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default:
            guard scalar == "\"" || scalar == "'" else { return false }
            var end = before.endIndex
            while end > before.startIndex, before[end - 1].properties.isWhitespace { end -= 1 }
            // `before[end - 1]` is the quote: what comes before it?
            return end - 1 > before.startIndex ? before[end - 2].properties.isWhitespace : true
        }
    }

    /// Punctuation that belongs to the word before it.
    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: return ".,;:!?%".unicodeScalars.contains(scalar) || noLineStart.contains(scalar)
        }
    }

    /// Characters a line must not start with (JIS X 4051's line-start prohibitions, and closing
    /// punctuation of any script).
    static let noLineStart = Set("、。，．・：；？！‼⁇⁈⁉ー）］｝〕〉》」』】〙〗〟’”｠»)]}ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ".unicodeScalars)
    /// Characters a line must not end with: opening brackets and quotes.
    static let noLineEnd = Set("（［｛〔〈《「『【〘〖〝‘“｟«([{".unicodeScalars)
}
