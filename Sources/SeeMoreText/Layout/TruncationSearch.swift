/// One search for the cut of one request (see `LayoutEngine.truncate`).
///
/// The contract is the plain search (rules 1–5, docs/cut-algorithm.md): lay out each candidate as the
/// collapsed text, `kept + ellipsis + suffix`, longest first, and keep the first that fits. What makes
/// it fast changes no answer: candidates an estimate rules out are not measured (`CutEstimate`), and
/// a candidate that keeps line N's first word is measured on its last line alone — by the sum of
/// line N's runs (`LineRuns`) or by a layout of that one line (`LastLineLayout`) — each a function of
/// a reading of the uncut layout made once (`Shortcut`), which measures a candidate or declines and
/// leaves it to the next way. Every answer is described one way, from the measurement that found it
/// (`describe`). The randomized tests compare each way with the plain search.
final class TruncationSearch {
    private let request: TruncationRequest
    private let style: TextStyle
    private let layout: Layout
    private let lastLine: LastLineLayout
    private let text: IndexedText
    /// Characters in the text once trailing white space is removed.
    private let end: Int
    /// The ending after kept text in a left-to-right and in a right-to-left paragraph, and without
    /// marks where nothing needs bidi levels (nil when the ending itself does).
    private let endings: (ltr: Ending, rtl: Ending, unmarked: Ending?)
    /// What the text was read for, to choose the ending without marks (a memo of the text).
    private var bidiScan = BidiScan()
    /// What the shared layout holds now, so the final layout is not made twice.
    private var content: Content? = nil

    private enum Content: Equatable {
        case collapsed(keptEnd: Int)
        case uncut(end: Int)
    }

    /// How `kept(k) + ellipsis + suffix` lays out, and the way that was measured.
    struct Collapsed {
        let lineCount: Int
        /// 0-based line on which the ellipsis (or, without one, the suffix) starts.
        let markerLine: Int
        let way: Way
    }

    /// How a candidate was measured, which is also what describes it when it is the answer.
    enum Way {
        /// By the sum of line N's runs.
        case sum(LineRuns.Fit)
        /// By a layout of its last line alone: the `measurement`-th of `LastLineLayout`, on one line
        /// when `oneLine`.
        case lastLine(measurement: Int, oneLine: Bool)
        /// By a layout of the whole collapsed text (the plain search's way).
        case layout
    }

    /// What measures a candidate on its last line, read from the uncut layout once (while the shared
    /// layout holds it): where line N starts, where its first word ends (the shortcut holds from
    /// there on), the paragraph's direction, line N's runs (a left-to-right line of plain text) and,
    /// when describing a left-to-right paragraph, lines 1…N−1.
    private struct Shortcut {
        let lineStart: Int
        let firstWordEnd: Int
        /// The paragraph's, from its start; nil when it has no strong character before line N.
        let direction: TextDirection?
        let lineRuns: LineRuns?
        let linesAbove: LinesAbove?
    }

    /// The candidates measured with one reading of the uncut layout, by the end of their kept text.
    private struct Probe {
        let shortcut: Shortcut?
        var measured: [Int: Collapsed] = [:]
    }

    /// Where the search ended: the kept text and whether ellipsis and suffix follow it.
    private struct Cut {
        let k: Int
        var suffixWraps = false
        var withEnding = true
    }

    /// A search's answer: its cut and the candidates measured to find it (none for a clamp).
    private struct Answer {
        let cut: Cut
        let probe: Probe?
        /// Found on the layout Pango's own ellipsis makes (`quickWordCut`).
        var onPangosEllipsis = false
    }

    /// Whether a cut measured on its last line is described from that measurement rather than by
    /// laying the collapsed text out again (tests compare the two).
    var composesResult = true
    /// Whether `quickWordCut` is tried first (tests compare the full search's answers with it).
    var findsCutOnPangosEllipsis = true
    /// Whether the result was described from its last line's measurement.
    private(set) var composedResult = false
    /// Whether it was described from the sum of line N's runs (`LineRuns`) rather than a layout of it.
    private(set) var summedResult = false
    /// Whether the cut was found on the layout Pango's own ellipsis makes (`quickWordCut`).
    private(set) var foundOnPangosEllipsis = false

    init(request: TruncationRequest, style: TextStyle, layout: Layout, lastLine: LastLineLayout) {
        self.request = request
        self.style = style
        self.layout = layout
        self.lastLine = lastLine
        text = IndexedText(style.plainText)
        end = text.trimmedEnd(text.count)
        endings = (
            Ending(ellipsis: request.ellipsis, suffix: request.suffix, rightToLeft: false),
            Ending(ellipsis: request.ellipsis, suffix: request.suffix, rightToLeft: true),
            StrongDirection.needsBidi(request.ellipsis.utf8) || StrongDirection.needsBidi(request.suffix.utf8)
                ? nil : Ending(unmarkedEllipsis: request.ellipsis, suffix: request.suffix)
        )
    }

    /// Whether a word cut at character boundary `k` would split a link, mention or hashtag.
    private func splitsEntity(_ k: Int) -> Bool { style.splitsEntity(k) }

    /// The ending after the first `keptEnd` characters, as `Ending(ellipsis:suffix:rightToLeft:keptPartNeedsBidi:)`
    /// chooses it (the three made once).
    private func ending(keptEnd: Int) -> Ending {
        if text.isRightToLeft(paragraphContaining: max(keptEnd - 1, 0), direction: request.direction) { return endings.rtl }
        guard let unmarked = endings.unmarked, !bidiScan.needsBidi(paragraphBefore: keptEnd, in: text) else { return endings.ltr }
        return unmarked
    }

    /// The cut by rules 1–5.
    func run() throws -> Truncation {
        let (answer, fullLineCount) = try findCut(counting: countsEveryLine, describing: true)
        return try describe(answer, fullLineCount: fullLineCount)
    }

    /// The text clamped to its first N lines, with no ellipsis or suffix.
    func clamp() throws -> Truncation {
        guard end > 0, let uncut = try layOutUncut(), let nextLine = uncut.start(ofLine: request.lines + 1) else {
            return try describe(nil)
        }
        return try describe(
            Answer(cut: Cut(k: nextLine, withEnding: false), probe: nil), fullLineCount: try countLines(uncut, counting: countsEveryLine))
    }

    /// Only what a card painter needs of the cut, which lays the kept text out again itself: whether the
    /// text is cut and the plain text kept (`run`'s `truncated` and `kept`), without the layout that
    /// describes the result and without counting the whole text's lines.
    func kept(clamped: Bool) throws -> (truncated: Bool, kept: String) {
        let cut: Cut?
        if clamped {
            let uncut = end > 0 ? try layOutUncut(linesPerParagraph: request.lines + 1) : nil
            cut = uncut?.start(ofLine: request.lines + 1).map { Cut(k: $0, withEnding: false) }
        } else {
            cut = try findCut(counting: false, describing: false).answer?.cut
        }
        return (cut != nil, text.string(0..<(cut.map { text.trimmedEnd($0.k) } ?? end)))
    }

    /// Where the cut falls by rules 1–5, nil when the text fits; and, when `describing`, the whole text's
    /// lines: counted when `counting`, else those laid out to find the cut (a lower bound when the layout
    /// stopped breaking lines).
    private func findCut(counting: Bool, describing: Bool) throws -> (answer: Answer?, fullLineCount: (count: Int, exact: Bool)) {
        let limit = request.lines
        // Not counting, Pango breaks only what the search reads: lines 1…N, and line N+1 up to its first
        // word (with hyphens on, lines 1…N+1: an ellipsis does not show a word fitting with a hyphen);
        // more only where the search reads further.
        let hyphenates = style.hyphens != .none
        if findsCutOnPangosEllipsis && end > 0 && !counting && !hyphenates && request.cutMode == .word,
            let quick = try quickWordCut(describing: describing)
        {
            switch quick {
            case .fits: return (nil, (0, true))
            // The text has more than N lines: N+1 is a lower bound of its count.
            case .cut(let answer): return (answer, describing ? (limit + 1, false) : (0, true))
            }
        }
        guard end > 0, var uncut = try layOutUncut(linesPerParagraph: counting ? nil : limit + (hyphenates ? 2 : 1))
        else { return (nil, (0, true)) }
        if uncut.linesPerParagraph == limit + 1 && Self.readsPastLineAfterNextStart(uncut, lines: limit) {
            uncut = try layOutUncut(linesPerParagraph: limit + 2) ?? uncut
        }
        if uncut.linesPerParagraph != nil && Self.lineAfterNextSplitsRun(uncut, lines: limit, end: end) {
            uncut = try layOutUncut() ?? uncut  // the search reads line N+3's start
        }
        let bound = searchBound(uncut)
        // Read while the shared layout still holds the uncut text.
        let ruledOut = try candidatesRuledOut(uncut, bound: bound)
        var probe = Probe(shortcut: shortcut(uncut, describing: describing))
        let fullLineCount = describing ? try countLines(uncut, counting: counting) : (0, true)
        let graphemes = (0...bound).reversed().filter { uncut.isCursorPosition[$0] || $0 == 0 }
        // Rule 2's candidates: those the estimate does not rule out, longest first. It rules out only
        // candidates that keep line N's first word whole: a word cut short can break differently and
        // move up a line (a Latin word cut between letters, a Thai dictionary word).
        let fitting = ruledOut.isEmpty ? graphemes : graphemes.filter { k in !ruledOut.contains { $0.contains(k) } }

        func fits(_ k: Int) throws -> Bool { try self.fits(k, &probe) }
        func graphemeCut() throws -> Cut {
            if let k = try fitting.first(where: { try fits($0) }) {
                return Cut(k: k)
            }
            // Rule 5: ellipsis and suffix cannot share a line with anything; let the suffix wrap.
            let k = try graphemes.first(where: { try measure($0, &probe).lineCount <= limit }) ?? 0
            return Cut(k: k, suffixWraps: true)
        }

        let cut: Cut
        switch request.cutMode {
        case .grapheme:
            cut = try graphemeCut()
        case .word:
            let words = fitting.filter { $0 == 0 || (uncut.isLineBreak[$0] && !splitsEntity($0)) }
            let lastLineStart = uncut.start(ofLine: limit) ?? 0
            if let k = try words.first(where: { try fits($0) }), k > lastLineStart {
                cut = Cut(k: k)
            } else {
                cut = try graphemeCut()
            }
        }
        return (Answer(cut: cut, probe: probe), fullLineCount)
    }

    /// What the quick search found: the text fits, or where the cut falls.
    private enum QuickCut {
        case fits
        case cut(Answer)
    }

    /// The word cut of an uncounted request for one left-to-right paragraph without hyphens, from the
    /// layout Pango's own ellipsis makes: lines 1…N broken and line N ended with Pango's ellipsis, one
    /// line broken fewer than `findCut`'s layout (Pango 1.50 shapes the rest of an item again for every
    /// line it breaks). Nil when it cannot decide: the search goes on as `findCut`'s, with nothing
    /// of this one's (its candidates were measured with this layout's reading).
    private func quickWordCut(describing: Bool) throws -> QuickCut? {
        let limit = request.lines
        // Read before laying out, as far as the layout will first go; past that after it.
        let first = UncutLayout.firstLength(end: end, lines: limit, width: request.width, style: style)
        // An ending not wider than an em beyond an em (Pango's "…" is about one) would be left undecided
        // after the layout: not tried (a plain ellipsis, no suffix).
        let margin = (style.fonts.body.size ?? TruncationRequest.defaultFontSize) + 1
        guard limit >= 2, request.direction != .rtl, Self.isOneLeftToRightParagraph(text, 0..<first),
            let endingWidth = try lastLine.width(of: endings.unmarked ?? endings.ltr, textStart: 0, style: style),
            endingWidth > 2 * margin - 1
        else { return nil }
        guard let uncut = try layOutUncut(linesPerParagraph: limit) else { return .fits }
        guard uncut.length <= first || Self.isOneLeftToRightParagraph(text, first..<uncut.length),
            var answer = try quickWordCut(uncut, endingWidth: endingWidth, margin: margin, describing: describing)
        else { return nil }
        answer.onPangosEllipsis = true
        return .cut(answer)
    }

    /// The quick search on `uncut` (see `quickWordCut(describing:)`). Candidates are line N's word
    /// ends from Pango's ellipsis down, each measured as `findCut` measures it, less those
    /// `CutEstimate.reach` rules out. Those that keep text past the ellipsis are left out: Pango's end
    /// ellipsis keeps the longest start of line N that fits with it, so a candidate past it keeps text
    /// at least as wide as what did not fit with Pango's ellipsis; with the ending (`endingWidth`, laid
    /// out alone) more than the estimate's `margin` (an em) wider than that ellipsis, it overflows by
    /// more than the margin, as `CutEstimate` rules out. Nil when no candidate after line N's start fits, when Pango's ellipsis falls in line N's
    /// first word, or the ending is not that much wider.
    private func quickWordCut(_ uncut: UncutLayout, endingWidth: Double, margin: Double, describing: Bool) throws -> Answer? {
        let limit = request.lines
        guard let lineStart = uncut.start(ofLine: limit), lineStart > 0, let ellipsis = uncut.lastLineEllipsis else {
            return nil
        }
        let firstWordEnd = uncut.firstBreak(after: lineStart, before: ellipsis)
        guard firstWordEnd < ellipsis, uncut.isLineBreak[firstWordEnd],
            let pangoEllipsis = CutEstimate.ellipsisWidth(layout: layout, text: text, line: limit - 1, ellipsis: ellipsis),
            endingWidth - pangoEllipsis > margin
        else { return nil }
        let reach = CutEstimate.reach(
            layout: layout, text: text, uncut: uncut, lines: limit, width: request.width, endingWidth: endingWidth,
            margin: margin, lineEnd: ellipsis)
        // Read while the shared layout still holds the uncut text.
        var probe = Probe(shortcut: shortcut(uncut, describing: describing))
        // A candidate keeps its text without the white space before it, so those just past white space
        // Pango's ellipsis follows keep no more than the ellipsis does.
        var last = ellipsis
        while last < uncut.length && text.scalars[last].properties.isWhitespace {
            last += 1
        }
        for k in stride(from: last, to: lineStart, by: -1)
        where uncut.isLineBreak[k] && uncut.isCursorPosition[k] && !splitsEntity(k) {
            if let reach, k > reach && k >= firstWordEnd { continue }
            if try fits(k, &probe) { return Answer(cut: Cut(k: k), probe: probe) }
        }
        return nil
    }

    /// Whether the characters in `range` hold no paragraph separator and nothing that needs bidi levels.
    private static func isOneLeftToRightParagraph(_ text: IndexedText, _ range: Range<Int>) -> Bool {
        !text.scalars[range].contains(where: IndexedText.isParagraphSeparator)
            && !StrongDirection.needsBidi(text.bytes[text.byteOffsets[range.lowerBound]..<text.byteOffsets[range.upperBound]])
    }

    /// Lays out the start of the text; nil when it all fits in N lines (rule 1).
    private func layOutUncut(linesPerParagraph: Int? = nil) throws -> UncutLayout? {
        content = nil
        let uncut = try UncutLayout(
            text: text, end: end, lines: request.lines, width: request.width, layout: layout, style: style,
            linesPerParagraph: linesPerParagraph)
        if uncut.isWhole { content = .uncut(end: end) }
        return uncut.isWhole && uncut.lineStarts.count <= request.lines ? nil : uncut
    }

    /// Whether the request asks for every line of the whole text to be counted (`fullCountLimit`).
    private var countsEveryLine: Bool { request.fullCountLimit.map { text.count <= $0 } ?? true }

    /// Lines of the whole text: known when it was laid out whole, else counted when `counting`.
    private func countLines(_ uncut: UncutLayout, counting: Bool) throws -> (count: Int, exact: Bool) {
        if uncut.isWhole || !counting { return (uncut.lineStarts.count, uncut.isWhole) }
        content = nil
        return (try UncutLayout.countLines(text: text, end: end, layout: layout, style: style), true)
    }

    /// Candidates that cannot fit by the uncut layout's lines N and N+1 (see `CutEstimate`): those
    /// from the end of line N's first word to `bound` that overflow line N by more than an em.
    private func candidatesRuledOut(_ uncut: UncutLayout, bound: Int) throws -> [ClosedRange<Int>] {
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
    private func searchBound(_ uncut: UncutLayout) -> Int {
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
    private static func readsPastLineAfterNextStart(_ uncut: UncutLayout, lines: Int) -> Bool {
        guard let ellipsis = uncut.nextLineEllipsis else { return false }
        guard let nextLineStart = uncut.start(ofLine: lines + 1), ellipsis > nextLineStart else { return true }
        return !uncut.isLineBreak[uncut.firstBreak(after: nextLineStart, before: ellipsis)]
    }

    /// Whether line N+1 ends inside a run without a line-break opportunity (a long word Pango broke
    /// between characters), so that `searchBound` reads on to line N+3.
    private static func lineAfterNextSplitsRun(_ uncut: UncutLayout, lines: Int, end: Int) -> Bool {
        guard let nextLineStart = uncut.start(ofLine: lines + 1), let lineAfterNext = uncut.start(ofLine: lines + 2),
            lineAfterNext < end, !uncut.isLineBreak[lineAfterNext]
        else { return false }
        return !uncut.isLineBreak[(nextLineStart + 1)..<lineAfterNext].contains(true)
    }

    /// The shortcut for candidates that keep line N's first word (see `LastLineLayout`); nil for N = 1,
    /// where the last line is the whole text, and where line N would itemize differently on its own
    /// (see `LastLineLayout.standsAlone`). Line N's runs are read for a left-to-right line of plain
    /// text, and lines 1…N−1 when `describing` a left-to-right paragraph.
    private func shortcut(_ uncut: UncutLayout, describing: Bool) -> Shortcut? {
        guard request.lines > 1, style.keepsLinesAlike, let lineStart = uncut.start(ofLine: request.lines), lineStart > 0,
            LastLineLayout.standsAlone(text, lineStart: lineStart)
        else { return nil }
        let direction =
            request.direction == .auto ? LastLineLayout.paragraphDirection(of: text, before: lineStart) : request.direction
        // Right to left, a line laid out alone is aligned by its own direction, not the paragraph's.
        let composes = composesResult && direction == .ltr
        return Shortcut(
            lineStart: lineStart, firstWordEnd: uncut.firstBreak(after: lineStart, before: end), direction: direction,
            lineRuns: composes && style.layoutIsSumOfRuns
                ? LineRuns(
                    layout: layout, line: request.lines - 1, text: text, width: request.width,
                    bodySize: style.fonts.body.size ?? TruncationRequest.defaultFontSize, facts: layout.context.fontFacts)
                : nil,
            linesAbove: describing && composes ? LinesAbove(layout: layout, lines: request.lines) : nil)
    }

    /// Rule 2: the collapsed text takes at most N lines and its ellipsis and suffix start on the last one.
    private func fits(_ k: Int, _ probe: inout Probe) throws -> Bool {
        let collapsed = try measure(k, &probe)
        return collapsed.lineCount <= request.lines && collapsed.markerLine == collapsed.lineCount - 1
    }

    /// How candidate `k` lays out, measured once a probe: on its last line when the probe's shortcut
    /// holds for it and a way there decides, else by a layout of the whole collapsed text.
    private func measure(_ k: Int, _ probe: inout Probe) throws -> Collapsed {
        let keptEnd = text.trimmedEnd(k)
        if let known = probe.measured[keptEnd] { return known }
        let ending = ending(keptEnd: keptEnd)
        var collapsed: Collapsed? = nil
        if let shortcut = probe.shortcut, keptEnd >= shortcut.firstWordEnd {
            collapsed = try measureBySum(keptEnd, ending: ending, shortcut)
            if collapsed == nil { collapsed = try measureOnLastLine(keptEnd, ending: ending, shortcut) }
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

    /// What a result shows of its layout: the lines as drawn, where the suffix is, the glyphs no font
    /// had and the families used.
    private typealias Description = (lines: [String], suffixRects: SuffixRects?, unknownGlyphs: Int, fonts: [String])

    /// The result for `answer` (nil: the text fits), described from the measurement that found its cut
    /// when that measured line N alone and lines 1…N−1 were read; else from the final layout.
    private func describe(_ answer: Answer?, fullLineCount: (count: Int, exact: Bool) = (0, true)) throws -> Truncation {
        let cut = answer?.cut
        let keptEnd = cut.map { text.trimmedEnd($0.k) } ?? end
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
