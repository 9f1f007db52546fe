/// Which cut candidates can fit, read from the uncut layout without laying any of them out.
///
/// On line N of the uncut text, a candidate's kept part of that line is as wide as its characters'
/// widths summed; followed by the ellipsis and suffix it fits only when that sum plus the ending's
/// width is at most the line's width. Shaping at the cut can make the real line a little wider or
/// narrower than this sum (kerning with the ellipsis, a ligature broken, a letter's joining form),
/// so only candidates that overflow by more than a margin far above any such difference (an em) are
/// left out; the search still lays out every other one and decides by those layouts alone, so its
/// answer is the contract's.
///
/// The sum does not depend on the order bidi draws the runs in, so lines that mix directions are
/// estimated too.
enum CutEstimate {
    /// The largest character index on line N a candidate may have and still fit (candidates past
    /// line N are not estimated), or nil when every candidate must be measured (no estimate, or the
    /// whole of line N with the ending comes within the margin).
    /// - Parameters:
    ///   - layout: holding the uncut text from its start (byte indices are the text's).
    ///   - endingWidth: the width of the ellipsis and suffix laid out alone, in points.
    ///   - lineEnd: where line N's candidates end: line N+1's start (by default), or where Pango's
    ///     ellipsis begins on a line N it ended with one.
    /// - Complexity: O(line N), its characters' widths read once.
    static func reach(
        layout: Layout, text: IndexedText, uncut: UncutLayout, lines: Int, width: Double, endingWidth: Double, margin: Double,
        lineEnd: Int? = nil
    ) -> Int? {
        guard let lineStart = uncut.start(ofLine: lines), let nextLineStart = lineEnd ?? uncut.start(ofLine: lines + 1),
            nextLineStart > lineStart, let line = layout.layoutLine(lines - 1),
            let widths = line.characterWidths(lineStart..<nextLineStart, of: text)
        else { return nil }
        let available = width - endingWidth + margin
        // kept[i]: the width of line N's characters before character lineStart + i, in Pango units.
        var kept = [Int](repeating: 0, count: widths.count + 1)
        for (index, width) in widths.enumerated() { kept[index + 1] = kept[index] + Int(width) }
        /// The width of line N's text from its start to the kept text's end for candidate `k`.
        func keptWidth(_ k: Int) -> Double {
            let keptEnd = text.trimmedEnd(k)
            return keptEnd > lineStart ? PangoUnits.toPoints(Int32(clamping: kept[keptEnd - lineStart])) : 0
        }
        // If even all of line N comes within the margin with the ending, there is nothing to leave out.
        guard keptWidth(nextLineStart) > available else { return nil }
        // The width grows with k: the last k on line N within the margin, by bisection.
        var low = lineStart  // keptWidth(low) ≤ available (nothing of line N kept)
        var high = nextLineStart  // keptWidth(high) > available
        while high - low > 1 {
            let middle = (low + high) / 2
            if keptWidth(middle) <= available { low = middle } else { high = middle }
        }
        return low
    }

    /// The largest candidate past line N (on line N+1, up to `bound`) that may still fit, or nil when
    /// none is estimated. Such a candidate keeps all of line N and the start of line N+1, so its last
    /// line is at least as wide as line N's text (its trailing spaces left out) plus line N+1's text up
    /// to the candidate plus the ending; candidates whose sum overflows by more than the margin are left
    /// out. Only where line N ends at a line-break opportunity (no hyphen drawn) and both lines are all
    /// left-to-right.
    static func reachPastLine(
        layout: Layout, text: IndexedText, uncut: UncutLayout, lines: Int, bound: Int, width: Double, endingWidth: Double,
        margin: Double
    ) -> Int? {
        guard let lineStart = uncut.start(ofLine: lines), let nextLineStart = uncut.start(ofLine: lines + 1),
            nextLineStart > lineStart, bound > nextLineStart, uncut.isLineBreak[nextLineStart],
            let line = layout.leftToRightLine(lines - 1), let nextLine = layout.leftToRightLine(lines)
        else { return nil }
        let lineEnd = text.trimmedEnd(nextLineStart)
        guard lineEnd > lineStart else { return nil }
        let available = width - endingWidth + margin - line.x(ofByte: text.byteOffsets[lineEnd])
        // Within line N+1 only: past its end, index_to_x would not measure the kept text.
        let nextLineEnd = uncut.start(ofLine: lines + 2) ?? uncut.isLineBreak.count - 1
        var reach = nextLineStart
        for k in (nextLineStart + 1)...bound {
            let keptEnd = text.trimmedEnd(k)
            guard keptEnd < nextLineEnd else { return bound }
            if keptEnd > nextLineStart {
                if nextLine.x(ofByte: text.byteOffsets[keptEnd]) > available { break }
            }
            reach = k
        }
        return reach
    }

    /// The width of Pango's ellipsis ending line `index` (0-based): the width of its run, whatever
    /// the directions on the line (Pango 1.50 ellipsizes a line before it orders its runs for display,
    /// so the ellipsis follows the longest logical start of the line that fits the width with it).
    ///
    /// So a candidate past the ellipsis keeps text at least as wide as the line up to the next cursor
    /// position after the ellipsis' start, which did not fit with this ellipsis.
    static func ellipsisWidth(layout: Layout, line index: Int) -> Double? {
        layout.ellipsisWidth(inLine: index)
    }
}
