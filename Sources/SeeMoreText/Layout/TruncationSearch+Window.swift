/// Where a search looks: the candidates the uncut layout bounds and rules out.
extension TruncationSearch {
    /// Candidates that cannot fit by the uncut layout's lines N and N+1 (see `CutEstimate`): those
    /// from the end of line N's first word to `bound` that overflow line N by more than an em.
    func candidatesRuledOut(_ uncut: UncutLayout, bound: Int) throws -> [ClosedRange<Int>] {
        guard let lineStart = uncut.start(ofLine: request.lines),
            let nextLineStart = uncut.start(ofLine: request.lines + 1),
            !text.isRightToLeft(paragraphContaining: lineStart, direction: request.direction),
            let endingWidth = try lastLine.width(
                of: endings.unmarked ?? endings.ltr, textStart: text.byteOffsets[lineStart], style: style)
        else { return [] }
        let size = style.fonts.body.size ?? TruncationRequest.defaultFontSize
        var ruledOut: [ClosedRange<Int>] = []
        if let reach = CutEstimate.reach(
            layout: layout, text: text, uncut: uncut, lines: request.lines, width: request.width,
            endingWidth: endingWidth, margin: size + 1)
        {
            let firstWordEnd = uncut.firstBreak(after: lineStart, before: nextLineStart)
            let from = max(reach + 1, firstWordEnd)
            if from <= nextLineStart { ruledOut.append(from...nextLineStart) }
        }
        if let reach = CutEstimate.reachPastLine(
            layout: layout, text: text, uncut: uncut, lines: request.lines, bound: bound, width: request.width,
            endingWidth: endingWidth, margin: size + 1), reach < bound
        {
            ruledOut.append((reach + 1)...bound)
        }
        return ruledOut
    }

    /// The largest k that can fit: past the first line-break opportunity of line N+1 (or past line N+1)
    /// the kept text holds a word that did not fit on line N, so N lines cannot hold it.
    func searchBound(_ uncut: UncutLayout) -> Int {
        let limit = request.lines
        guard let nextLineStart = uncut.start(ofLine: limit + 1) else { return end }
        let lineAfterNext = uncut.start(ofLine: limit + 2) ?? end
        var bound = uncut.firstBreak(after: nextLineStart, before: lineAfterNext)
        if Self.lineAfterNextSplitsRun(uncut, lines: limit, end: end) {
            // Line N+1 ended inside an unbreakable run (a Korean word kept whole, a quoted word glued to
            // it) that Pango then broke between characters: a prefix of that run may still fit line N,
            // so the candidates go on to the run's end (within the lines laid out).
            let windowEnd = min(uncut.start(ofLine: limit + 3) ?? end, uncut.isLineBreak.count - 1, end)
            while bound < windowEnd && !uncut.isLineBreak[bound] {
                bound += 1
            }
            return bound
        }
        return min(bound, lineAfterNext)
    }

    /// Whether the search needs line N+2's start, which a layout that ended line N+1 with Pango's ellipsis
    /// does not show: when the ellipsis begins before the first line-break opportunity after the line's
    /// start (the whole text's line N+1 may end inside that first word). When the ellipsis keeps the
    /// word, line N+1 of the whole text holds it, and the search reads nothing past the word.
    static func readsPastLineAfterNextStart(_ uncut: UncutLayout, lines: Int) -> Bool {
        guard let ellipsis = uncut.nextLineEllipsis else { return false }
        guard let nextLineStart = uncut.start(ofLine: lines + 1), ellipsis > nextLineStart else { return true }
        return !uncut.isLineBreak[uncut.firstBreak(after: nextLineStart, before: ellipsis)]
    }

    /// Whether line N+1 ends inside a run without a line-break opportunity (a long word Pango broke
    /// between characters), so that `searchBound` reads on to line N+3.
    static func lineAfterNextSplitsRun(_ uncut: UncutLayout, lines: Int, end: Int) -> Bool {
        guard let nextLineStart = uncut.start(ofLine: lines + 1), let lineAfterNext = uncut.start(ofLine: lines + 2),
            lineAfterNext < end, !uncut.isLineBreak[lineAfterNext]
        else { return false }
        return !uncut.isLineBreak[(nextLineStart + 1)..<lineAfterNext].contains(true)
    }
}
