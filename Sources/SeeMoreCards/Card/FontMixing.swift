import FoundationEssentials
import SeeMoreText

/// Where a card's text is drawn in fonts it did not ask for: the runs fontconfig's fallback drew
/// (`FallbackRun`), and the words whose letters of one writing system are drawn in more than one
/// font, which a reader sees as a word whose letters do not match ("'Việt' mixes NanumGothic and
/// DejaVu Sans", "'北京烤鸭' mixes IPAGothic and Noto Sans CJK JP"). What a reader does not notice is
/// left out: punctuation, digits and emoji in another font than the letters beside them ("서울,"),
/// words of two writing systems ("ב-iOS"), and a text's last word and the ending glued to it
/// ("何続きを読む", the suffix in its own font).
struct FontMixing {
    var fallbackRuns: [FallbackRun] = []
    /// One line per word drawn in more than one font, in order, each word once.
    var mixedWords: [String] = []

    /// - Parameters:
    ///   - text: the piece's text as UTF-8 (a layout's).
    ///   - runs: the family of each glyph run, with its bytes.
    ///   - requested: the families the card asked for (body, suffix, header); the first names the request.
    ///   - wordBreaks: byte offsets where a word ends whatever follows (where the ending starts).
    init(text: [UInt8], runs: [(bytes: Range<Int>, family: String)], requested: [String], wordBreaks: Set<Int> = []) {
        let asked = Set(requested.map { $0.lowercased() })
        guard let first = requested.first else { return }
        // Runs of one family next to each other are one (Pango splits them at line ends).
        var merged: [(bytes: Range<Int>, family: String)] = []
        for run in runs.sorted(by: { $0.bytes.lowerBound < $1.bytes.lowerBound }) where !run.bytes.isEmpty {
            if let last = merged.last, last.family == run.family, last.bytes.upperBound == run.bytes.lowerBound {
                merged[merged.count - 1].bytes = last.bytes.lowerBound..<run.bytes.upperBound
            } else {
                merged.append(run)
            }
        }
        func string(_ bytes: Range<Int>) -> String {
            String(decoding: text[max(0, bytes.lowerBound)..<min(text.count, bytes.upperBound)], as: UTF8.self)
        }
        // White space and invisible marks (the bidi isolates SeeMore puts around an ending) show no font.
        func isVisible(_ drawn: String) -> Bool {
            drawn.unicodeScalars.contains { !$0.properties.isWhitespace && $0.properties.generalCategory != .format }
        }
        // Where each run starts, in scalars: the UTF-8 bytes that start one, counted on from the last
        // run's start (the runs are in order).
        var runStarts = [Int](repeating: 0, count: merged.count)
        var counted = 0
        var scalars = 0
        for (index, run) in merged.enumerated() {
            let end = min(text.count, max(counted, run.bytes.lowerBound))
            scalars += text[counted..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            counted = end
            runStarts[index] = scalars
        }
        // A text drawn in one family has no word of two: its words are not looked for.
        let oneFamily = Set(merged.map(\.family)).count <= 1
        // Only a word that holds the end of a run inside it can be drawn in two fonts.
        let ends = merged.flatMap { [$0.bytes.lowerBound, $0.bytes.upperBound] }
        let words = oneFamily ? [] : Self.wordsAcross(ends, in: text, wordBreaks: wordBreaks)
        for (index, run) in merged.enumerated() where !asked.contains(run.family.lowercased()) {
            let drawn = string(run.bytes)
            guard isVisible(drawn) else { continue }
            fallbackRuns.append(
                FallbackRun(
                    text: drawn, start: runStarts[index], length: drawn.unicodeScalars.count, font: run.family,
                    requested: first))
        }
        if oneFamily { return }
        // A word's families by writing system: those of the runs over its letters (a combining mark
        // counts with its letter). Words and runs both in order, so the runs before a word are passed once.
        var seen = Set<String>()
        var firstRun = 0
        for word in words {
            while firstRun < merged.count && merged[firstRun].bytes.upperBound <= word.lowerBound { firstRun += 1 }
            var families: [(script: Int32, family: String)] = []
            var base: Int32? = nil
            var index = firstRun
            while index < merged.count && merged[index].bytes.lowerBound < word.upperBound {
                let run = merged[index]
                let overlap = max(run.bytes.lowerBound, word.lowerBound)..<min(run.bytes.upperBound, word.upperBound)
                for scalar in string(overlap).unicodeScalars {
                    if !LetterScript.isMark(scalar) { base = LetterScript.of(scalar) }
                    guard let script = base, !families.contains(where: { $0 == (script, run.family) }) else { continue }
                    families.append((script, run.family))
                }
                index += 1
            }
            let mixed = families.filter { entry in families.contains { $0.script == entry.script && $0.family != entry.family } }
            guard !mixed.isEmpty else { continue }
            var named: [String] = []
            for entry in mixed where !named.contains(entry.family) { named.append(entry.family) }
            // Shown without the invisible bidi controls SeeMore or the text put in it.
            let shown = String(String.UnicodeScalarView(string(word).unicodeScalars.filter { !Self.isBidiControl($0) }))
            if seen.insert(shown).inserted {
                mixedWords.append("'\(shown)' mixes \(named.joined(separator: " and "))")
            }
        }
    }

    /// The words of `text` that hold one of `points` (byte offsets) inside them, in order, each once:
    /// those that can span two runs. A word is a run of characters between white space; a run of
    /// characters of scripts written without spaces is a word apart from the letters around it, so
    /// "北京烤鸭" drawn in two fonts is a mixed word and "filed続きを読む", a text and its Japanese
    /// suffix, is none; a word also ends at each of `wordBreaks`.
    /// - Complexity: O(the points and the characters of the words found).
    static func wordsAcross(_ points: [Int], in text: [UInt8], wordBreaks: Set<Int>) -> [Range<Int>] {
        /// The character starting at `offset`, and its length in bytes.
        func character(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
            var end = offset + 1
            while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
            guard let scalar = String(decoding: text[offset..<end], as: UTF8.self).unicodeScalars.first else { return nil }
            return (scalar, end - offset)
        }
        /// The start of the character that ends at `offset`.
        func start(before offset: Int) -> Int {
            var start = offset - 1
            while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
            return start
        }
        func joins(_ scalar: Unicode.Scalar, unspaced: Bool) -> Bool {
            !scalar.properties.isWhitespace && UnspacedScript.contains(scalar) == unspaced
        }
        var words: [Range<Int>] = []
        // `point` is no word break: the word holding it goes on past it.
        for point in points.sorted() where point > 0 && point < text.count && !wordBreaks.contains(point) {
            if let last = words.last, last.contains(point) { continue }
            guard let after = character(at: point), let before = character(at: start(before: point)) else { continue }
            let unspaced = UnspacedScript.contains(after.scalar)
            guard joins(after.scalar, unspaced: unspaced), joins(before.scalar, unspaced: unspaced) else { continue }
            var lower = point
            while lower > 0 && !wordBreaks.contains(lower) {
                let previous = start(before: lower)
                guard let character = character(at: previous), joins(character.scalar, unspaced: unspaced) else { break }
                lower = previous
            }
            var upper = point
            while upper < text.count && !wordBreaks.contains(upper),
                let character = character(at: upper), joins(character.scalar, unspaced: unspaced)
            {
                upper += character.length
            }
            words.append(lower..<upper)
        }
        return words
    }

    /// The directional marks, embeddings, overrides and isolates (UAX #9's explicit formatting).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
