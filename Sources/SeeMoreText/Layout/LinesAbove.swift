/// Lines 1…N−1 of the uncut text, as the collapsed text keeps them once it holds the whole first word
/// of line N (see `LastLineLayout`): read from the uncut layout, so that a cut found by measuring its
/// last line alone is described without laying the collapsed text out again.
struct LinesAbove {
    /// The lines' text as drawn (an inserted hyphen included).
    let texts: [String]
    /// Where line N's box starts, in points from the layout's top: the sum of the boxes above it.
    let lastLineTop: Double
    /// Glyphs no font had in these lines.
    let unknownGlyphs: Int
    /// Families of the fonts these lines use, in order of first use.
    let families: [String]

    /// - Parameter layout: holding the uncut text from its start, laid out past line `lines`.
    init?(layout: Layout, lines: Int) {
        guard lines >= 2 else { return nil }
        let above = 0..<(lines - 1)
        let boxes = layout.lineBoxes
        guard boxes.count >= lines else { return nil }
        texts = layout.lineTexts(lines: above)
        lastLineTop = boxes[lines - 1].top
        unknownGlyphs = layout.unknownGlyphCount(inLines: above)
        families = layout.familiesUsed(inLines: above)
    }

    /// The description of a collapsed text whose last line `last` holds alone: these lines, then that one.
    /// - Parameters:
    ///   - last: holding line N of the collapsed text (its kept part, ellipsis and suffix) on one line.
    ///   - marks: the bytes of `last` that are invisible marks SeeMore inserted.
    ///   - suffix: the suffix's bytes in `last`; `body`: the kept text's.
    func describe(
        withLast last: Layout, marks: [Range<Int>], suffix: Range<Int>, body: Range<Int>
    ) -> (lines: [String], suffixRects: SuffixRects, unknownGlyphs: Int, families: [String]) {
        var families = self.families
        for family in last.familiesUsed where !families.contains(family) { families.append(family) }
        return (
            texts + last.lineTexts(hiding: marks),
            SuffixRects(layout: last, suffix: suffix, body: body).offsetBy(x: 0, y: lastLineTop),
            unknownGlyphs + last.unknownGlyphCount,
            families
        )
    }
}
