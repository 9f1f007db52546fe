import CPangoCairo

extension TextStyle {
    /// The Korean words kept whole under Pango's own line breaking with `keep-all`.
    static func koreanWords(of request: TruncationRequest, in text: String) -> [Range<Int>] {
        request.platformLineBreak == nil && (request.wordBreak == .keepAll || request.wordBreak == .keepHangul)
            ? KoreanLineBreak.wordRanges(in: text) : []
    }

    /// The stretches of `text` (bytes) to mark as words so that Pango breaks its lines where
    /// `PlatformLineBreaks` does: between two consecutive opportunities of the platform's, each
    /// stretch where Pango's own opportunities (`pango_get_log_attrs`) differ — one inside it, or
    /// none at its start. A word attribute adds a break at its start and takes out those inside it.
    /// Empty under Pango's own line breaking, or where both agree (most texts of most scripts).
    /// - Complexity: O(the text's length).
    static func platformWords(of request: TruncationRequest, in text: String, language: String?) -> [Range<Int>] {
        guard let lineBreak = request.platformLineBreak else { return [] }
        let wanted = PlatformLineBreaks.opportunities(
            in: text, language: language, lineBreak: lineBreak, wordBreak: request.wordBreak)
        let pango = pangoOpportunities(in: text, language: language)
        let bytes = text.utf8.count
        var words: [Range<Int>] = []
        var next = 0  // the first of Pango's opportunities not yet passed
        var start = 0
        for end in wanted + [bytes] {
            while next < pango.count && pango[next] < start { next += 1 }
            let pangoHasStart = next < pango.count && pango[next] == start
            var inside = next
            if pangoHasStart { inside += 1 }
            let pangoBreaksInside = inside < pango.count && pango[inside] < end
            if (start > 0 && !pangoHasStart) || pangoBreaksInside { words.append(start..<end) }
            start = end
        }
        return words
    }

    /// The byte offsets before which Pango's own rules let a line break, 0 and the end left out.
    private static func pangoOpportunities(in text: String, language: String?) -> [Int] {
        var text = text
        return text.withUTF8 { utf8 -> [Int] in
            guard utf8.count > 0 else { return [] }
            var count = 0
            for byte in utf8 where byte & 0xC0 != 0x80 { count += 1 }
            var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
            utf8.withMemoryRebound(to: CChar.self) { chars in
                attributes.withUnsafeMutableBufferPointer { out in
                    pango_get_log_attrs(
                        chars.baseAddress, Int32(chars.count), -1, pango_language_from_string(language), out.baseAddress,
                        Int32(out.count))
                }
            }
            var offsets: [Int] = []
            var index = 0
            for offset in 0..<utf8.count where utf8[offset] & 0xC0 != 0x80 {
                if index > 0 && attributes[index].is_line_break != 0 { offsets.append(offset) }
                index += 1
            }
            return offsets
        }
    }
}
