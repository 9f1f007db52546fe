import FoundationEssentials
import SeeMoreText

/// Where a card's text is drawn in fonts it did not ask for: the runs fontconfig's fallback drew
/// (`FallbackRun`), and the words drawn in more than one font, which a designer sees as a word whose
/// letters do not match ("'Việt' mixes NanumGothic and DejaVu Sans").
struct FontMixing {
    var fallbackRuns: [FallbackRun] = []
    /// One line per word drawn in more than one font, in order, each word once.
    var mixedWords: [String] = []

    /// - Parameters:
    ///   - text: the piece's text as UTF-8 (a layout's).
    ///   - runs: the family of each glyph run, with its bytes.
    ///   - requested: the families the card asked for (body, suffix, header); the first names the request.
    init(text: [UInt8], runs: [(bytes: Range<Int>, family: String)], requested: [String]) {
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
        // Emoji, drawn in an emoji font beside letters of another ("tonight🎉"), are no word mixing
        // fonts: only the letters' fonts count.
        func hasLetters(_ drawn: String) -> Bool {
            // A keycap's digit, `#` or `*` is part of its emoji ("1️⃣").
            let keycap = drawn.unicodeScalars.contains("\u{20E3}")
            return drawn.unicodeScalars.contains {
                !$0.properties.isWhitespace && $0.properties.generalCategory != .format && !Self.isEmojiPart($0)
                    && !(keycap && ($0.properties.numericType != nil || $0 == "#" || $0 == "*") && $0.isASCII)
            }
        }
        // One pass over the text, in time linear in its length whatever the number of runs: the
        // words (runs of characters between white space; a run of characters of scripts written
        // without spaces is a word apart from the letters around it, so "北京烤鸭" drawn in two fonts is
        // a mixed word and "filed続きを読む", a text and its Japanese suffix, is none) and the scalar
        // where each run starts.
        var words: [Range<Int>] = []
        var runStarts = [Int](repeating: 0, count: merged.count)
        var nextRun = 0
        var start: Int? = nil
        var startIsUnspaced = false
        var offset = 0
        var scalars = 0
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            while nextRun < merged.count && merged[nextRun].bytes.lowerBound <= offset {
                runStarts[nextRun] = scalars
                nextRun += 1
            }
            let width = UTF8.width(scalar)
            let unspaced = UnspacedScript.contains(scalar)
            if scalar.properties.isWhitespace {
                if let begun = start { words.append(begun..<offset) }
                start = nil
            } else if start == nil || unspaced != startIsUnspaced {
                if let begun = start { words.append(begun..<offset) }
                start = offset
                startIsUnspaced = unspaced
            }
            offset += width
            scalars += 1
        }
        if let begun = start { words.append(begun..<offset) }
        for (index, run) in merged.enumerated() where !asked.contains(run.family.lowercased()) {
            let drawn = string(run.bytes)
            guard isVisible(drawn) else { continue }
            fallbackRuns.append(
                FallbackRun(
                    text: drawn, start: runStarts[index], length: drawn.unicodeScalars.count, font: run.family,
                    requested: first))
        }
        // A word's families are those of the runs over its visible characters; words and runs both in
        // order, so the runs before a word are passed once.
        var seen = Set<String>()
        var firstRun = 0
        for word in words {
            while firstRun < merged.count && merged[firstRun].bytes.upperBound <= word.lowerBound { firstRun += 1 }
            var families: [String] = []
            var index = firstRun
            while index < merged.count && merged[index].bytes.lowerBound < word.upperBound {
                let run = merged[index]
                let overlap = max(run.bytes.lowerBound, word.lowerBound)..<min(run.bytes.upperBound, word.upperBound)
                if !families.contains(run.family) && hasLetters(string(overlap)) { families.append(run.family) }
                index += 1
            }
            // Shown without the invisible bidi controls SeeMore or the text put in it.
            let shown = String(String.UnicodeScalarView(string(word).unicodeScalars.filter { !Self.isBidiControl($0) }))
            if families.count > 1, seen.insert(shown).inserted {
                mixedWords.append("'\(shown)' mixes \(families.joined(separator: " and "))")
            }
        }
    }

    /// The directional marks, embeddings, overrides and isolates (UAX #9's explicit formatting).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A scalar of an emoji or its sequence: a pictograph outside ASCII (not the digits, `#` and `*`
    /// that Unicode also counts as emoji), a regional indicator, a skin tone, a variation selector,
    /// a keycap or a tag character.
    static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0x20E3, 0xE0020...0xE007F: return true
        default: return scalar.value > 0x7F && (scalar.properties.isEmoji || scalar.properties.isEmojiModifier)
        }
    }
}
