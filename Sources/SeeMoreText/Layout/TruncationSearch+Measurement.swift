/// How a search measures a candidate: its shortcut read from the uncut layout, and the three ways,
/// each of which measures or declines (the last, a layout of the whole collapsed text, always decides).
extension TruncationSearch {
    /// The shortcut for candidates that keep line N's first word (see `LastLineLayout`); nil for N = 1,
    /// where the last line is the whole text, and where line N would itemize differently on its own
    /// (see `LastLineLayout.standsAlone`), or where the ending holds a tab (see `Shortcut.firstTab`).
    /// Line N's runs are read for a line of plain text in the paragraph's direction, and lines 1…N−1
    /// when `describing` a paragraph whose direction is known before line N.
    func shortcut(_ uncut: UncutLayout, describing: Bool) -> Shortcut? {
        guard request.lines > 1, style.keepsLinesAlike, let lineStart = uncut.start(ofLine: request.lines), lineStart > 0,
            LastLineLayout.standsAlone(text, lineStart: lineStart),
            ![request.ellipsis, request.gap, request.suffix].contains(where: { $0.unicodeScalars.contains("\t") })
        else { return nil }
        let direction =
            request.direction == .auto ? LastLineLayout.paragraphDirection(of: text, before: lineStart) : request.direction
        // A line measured alone in the paragraph's direction (`LastLineLayout` aligns it as the whole
        // text's line N is) describes the cut; without a strong character before it, its own text
        // would decide its direction, so it does not.
        let composes = composesResult && (direction == .ltr || direction == .rtl)
        return Shortcut(
            lineStart: lineStart, firstWordEnd: uncut.firstBreak(after: lineStart, before: end),
            firstTab: text.scalars[lineStart..<min(end, uncut.length)].firstIndex(of: "\t"),
            measuresAlone: LastLineLayout.shapesAlone(text, lineStart: lineStart), direction: direction,
            lineRuns: composes && style.layoutIsSumOfRuns
                ? LineRuns(
                    layout: layout, line: request.lines - 1, text: text, width: request.width,
                    bodySize: style.fonts.body.size ?? TruncationRequest.defaultFontSize, facts: layout.context.fontFacts,
                    rightToLeft: direction == .rtl)
                : nil,
            linesAbove: describing && composes ? LinesAbove(layout: layout, lines: request.lines) : nil)
    }

    /// Rule 2: the collapsed text takes at most N lines and its ellipsis and suffix start on the last one.
    func fits(_ k: Int, _ probe: inout Probe) throws -> Bool {
        let collapsed = try measure(k, &probe)
        return collapsed.lineCount <= request.lines && collapsed.markerLine == collapsed.lineCount - 1
    }

    /// How candidate `k` lays out, measured once a probe: on its last line when the probe's shortcut
    /// holds for it and a way there decides, else by a layout of the whole collapsed text.
    func measure(_ k: Int, _ probe: inout Probe) throws -> Collapsed {
        let keptEnd = text.trimmedEnd(k)
        if let known = probe.measured[keptEnd] { return known }
        let ending = ending(keptEnd: keptEnd)
        var collapsed: Collapsed? = nil
        if let shortcut = probe.shortcut, shortcut.holds(keptEnd) {
            collapsed = try measureBySum(keptEnd, ending: ending, shortcut)
            if collapsed == nil && shortcut.measuresAlone {
                collapsed = try measureOnLastLine(keptEnd, ending: ending, shortcut)
            }
        }
        let measured = try collapsed ?? measureByLayout(keptEnd, ending: ending)
        probe.measured[keptEnd] = measured
        return measured
    }

    /// Line N by the sum of its runs; nil when the sum cannot decide (see `LineRuns.measure`).
    private func measureBySum(_ keptEnd: Int, ending: Ending, _ shortcut: Shortcut) throws -> Collapsed? {
        guard let lineRuns = shortcut.lineRuns,
            let fit = try lineRuns.measure(keptEnd: keptEnd, text: text, ending: ending, endings: lastLine, style: style)
        else { return nil }
        let before = request.lines - 1
        return Collapsed(lineCount: before + (fit.fits ? 1 : 2), markerLine: before, way: .sum(fit))
    }

    /// Line N by a layout of it alone; nil when that layout cannot know the paragraph's direction.
    private func measureOnLastLine(_ keptEnd: Int, ending: Ending, _ shortcut: Shortcut) throws -> Collapsed? {
        let start = text.byteOffsets[shortcut.lineStart]
        let kept = text.bytes[start..<text.byteOffsets[keptEnd]]
        guard
            let last = try lastLine.measure(
                kept, ending: ending, textStart: start, marker: kept.count + ending.ellipsisStart,
                direction: shortcut.direction, style: style)
        else { return nil }
        let before = request.lines - 1
        return Collapsed(
            lineCount: before + last.lines, markerLine: before + last.markerLine,
            way: .lastLine(measurement: lastLine.measurements, oneLine: last.lines == 1 && last.markerLine == 0))
    }

    /// The whole collapsed text laid out: the plain search's way, which always decides.
    private func measureByLayout(_ keptEnd: Int, ending: Ending) throws -> Collapsed {
        try layOutCollapsed(keptEnd: keptEnd)
        let markerLine = layout.line(ofByte: text.byteOffsets[keptEnd] + ending.ellipsisStart)
        return Collapsed(lineCount: layout.lineCount, markerLine: markerLine, way: .layout)
    }

    /// Sets the shared layout to `kept + ellipsis + suffix`, the suffix in its own font.
    private func layOutCollapsed(keptEnd: Int) throws {
        guard content != .collapsed(keptEnd: keptEnd) else { return }
        content = .collapsed(keptEnd: keptEnd)
        try style.apply(text.prefixBytes(keptEnd), ending: ending(keptEnd: keptEnd), to: layout)
    }
}
