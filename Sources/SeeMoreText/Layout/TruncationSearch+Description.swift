/// How a search describes its answer: from the measurement that found it, or from the final layout.
extension TruncationSearch {
    /// What a result shows of its layout: the lines as drawn, where the suffix is, the glyphs no font
    /// had and the families used.
    private typealias Description = (lines: [String], suffixRects: SuffixRects?, unknownGlyphs: Int, fonts: [String])

    /// The result for `answer` (nil: the text fits), described from the measurement that found its cut
    /// when that measured line N alone and lines 1…N−1 were read; else from the final layout.
    func describe(_ answer: Answer?, fullLineCount: (count: Int, exact: Bool) = (0, true)) throws -> Truncation {
        let cut = answer?.cut
        let keptEnd = cut.map { text.trimmedEnd($0.k, punctuation: $0.withEnding) } ?? end
        let ending = cut?.withEnding == true ? ending(keptEnd: keptEnd) : nil
        foundOnPangosEllipsis = answer?.onPangosEllipsis ?? false
        let description: Description
        if let ending, cut?.suffixWraps == false, let shortcut = answer?.probe?.shortcut, let above = shortcut.linesAbove,
            let composed = try describeFromLastLine(keptEnd, ending: ending, shortcut: shortcut, above: above, answer?.probe)
        {
            composedResult = true
            description = composed
        } else {
            description = try describeFromLayout(keptEnd, ending: ending)
        }
        return Truncation(
            truncated: cut != nil,
            kept: text.string(0..<keptEnd),
            lineCount: description.lines.count,
            fullLineCount: cut == nil ? description.lines.count : fullLineCount.count,
            fullLineCountIsExact: cut == nil || fullLineCount.exact,
            lines: description.lines,
            suffixRect: description.suffixRects?.rect,
            suffixRects: description.suffixRects?.perLine ?? [],
            suffixWraps: cut?.suffixWraps ?? false,
            unknownGlyphs: description.unknownGlyphs,
            fonts: description.fonts,
            fontFallback: !style.fonts.substitutions.isEmpty,
            fontSubstitutions: style.fonts.substitutions,
            cutIndex: keptEnd)
    }

    /// A cut measured on line N alone, described as lines 1…N−1 of the uncut text and that line:
    /// from the sum of its runs, or from the last-line layout while it still holds that line; nil for
    /// a cut measured otherwise.
    private func describeFromLastLine(
        _ keptEnd: Int, ending: Ending, shortcut: Shortcut, above: LinesAbove, _ probe: Probe?
    ) throws -> Description? {
        switch probe?.measured[keptEnd]?.way {
        case .sum(let fit)?:
            guard let lineRuns = shortcut.lineRuns, fit.fits else { return nil }
            summedResult = true
            let described = lineRuns.describe(fit, above: above, text: text, ending: ending)
            return (described.lines, described.suffixRects, described.unknownGlyphs, described.families)
        case .lastLine(let measurement, oneLine: true)? where measurement == lastLine.measurements:
            let keptCount = text.byteOffsets[keptEnd] - text.byteOffsets[shortcut.lineStart]
            let suffix = (keptCount + ending.suffixRange.lowerBound)..<(keptCount + ending.suffixRange.upperBound)
            let described = above.describe(
                withLast: lastLine.layout, marks: ending.marks(after: keptCount), suffix: suffix, body: 0..<keptCount)
            return (described.lines, described.suffixRects, described.unknownGlyphs, described.families)
        default:
            return nil
        }
    }

    /// The final layout described: the collapsed text for a cut (`ending`), or the kept text alone.
    private func describeFromLayout(_ keptEnd: Int, ending: Ending?) throws -> Description {
        let keptBytes = text.prefixBytes(keptEnd)
        let wanted: Content = ending != nil ? .collapsed(keptEnd: keptEnd) : .uncut(end: keptEnd)
        if content != wanted {
            content = wanted
            try style.apply(keptBytes, ending: ending, to: layout)
        }
        let lines = keptEnd == 0 && ending == nil ? [] : layout.lineTexts(hiding: ending?.marks(after: keptBytes.count) ?? [])
        let suffixRects = ending.map {
            SuffixRects(
                layout: layout,
                suffix: (keptBytes.count + $0.suffixRange.lowerBound)..<(keptBytes.count + $0.suffixRange.upperBound),
                body: 0..<keptBytes.count)
        }
        return (lines, suffixRects, layout.unknownGlyphCount, layout.familiesUsed)
    }
}
