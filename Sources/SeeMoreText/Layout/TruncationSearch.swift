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
    let request: TruncationRequest
    let style: TextStyle
    let layout: Layout
    let lastLine: LastLineLayout
    let text: IndexedText
    /// Characters in the text once trailing white space is removed.
    let end: Int
    /// The ending after kept text in a left-to-right and in a right-to-left paragraph, and without
    /// marks where nothing needs bidi levels (nil when the ending itself does).
    let endings: Endings
    /// The same with the request's `gap` before the ellipsis, for kept text that ends in a character
    /// of text written with spaces; nil without a gap. The estimates measure the endings without it,
    /// the narrower: what overflows with those overflows with these.
    let gappedEndings: Endings?
    /// What the text was read for, to choose the ending without marks (a memo of the text).
    private var bidiScan = BidiScan()
    /// What the shared layout holds now, so the final layout is not made twice.
    var content: Content? = nil

    enum Content: Equatable {
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
    /// when describing a paragraph whose direction is known before line N, lines 1…N−1.
    struct Shortcut {
        let lineStart: Int
        let firstWordEnd: Int
        /// The first tab from line N's start on, within the text laid out (no candidate keeps more).
        /// Pango sets tab stops every eight spaces of the font at the start of a layout's text (a markup
        /// span's or an entity's weight there), so line N laid out alone can put a tab elsewhere than the
        /// whole text does: kept text with a tab on line N is measured and described by a layout of the
        /// whole collapsed text.
        let firstTab: Int?
        /// Whether line N laid out alone is shaped and ordered as in the whole text
        /// (`LastLineLayout.shapesAlone`): only then does a layout of it measure a candidate.
        let measuresAlone: Bool
        /// The paragraph's, from its start; nil when it has no strong character before line N.
        let direction: TextDirection?
        let lineRuns: LineRuns?
        let linesAbove: LinesAbove?

        /// Whether it measures the candidate keeping `text[0..<keptEnd]`: one that keeps line N's first
        /// word and no tab on line N.
        func holds(_ keptEnd: Int) -> Bool { keptEnd >= firstWordEnd && firstTab.map { keptEnd <= $0 } ?? true }
    }

    /// The candidates measured with one reading of the uncut layout, by the end of their kept text.
    struct Probe {
        let shortcut: Shortcut?
        var measured: [Int: Collapsed] = [:]
    }

    /// Where the search ended: the kept text and whether ellipsis and suffix follow it.
    struct Cut {
        let k: Int
        var suffixWraps = false
        var withEnding = true
    }

    /// A search's answer: its cut and the candidates measured to find it (none for a clamp).
    struct Answer {
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
    /// Whether the result was described from its last line's measurement (set by `describe`, read by
    /// the engine's counts).
    var composedResult = false
    /// Whether it was described from the sum of line N's runs (`LineRuns`) rather than a layout of it.
    var summedResult = false
    /// Whether the cut was found on the layout Pango's own ellipsis makes (`quickWordCut`).
    var foundOnPangosEllipsis = false
    /// Prefixes of the text laid out again because the one before held too few lines (`UncutLayout`).
    var prefixesLaidOutAgain = 0

    /// - Parameter endings: `endings(for: request)` (the engine keeps the last one made).
    init(
        request: TruncationRequest, style: TextStyle, layout: Layout, lastLine: LastLineLayout, endings: RequestEndings
    ) {
        self.request = request
        self.style = style
        self.layout = layout
        self.lastLine = lastLine
        var text = IndexedText(style.plainText)
        if request.trimPunctuation {
            text.trimsPunctuation = true
            text.isInEntity = { [style] in style.isInEntity($0) }
        }
        self.text = text
        end = text.trimmedEnd(text.count, punctuation: false)
        (self.endings, gappedEndings) = endings
    }

    /// The endings after kept text in a left-to-right and in a right-to-left paragraph, and without marks.
    typealias Endings = (ltr: Ending, rtl: Ending, unmarked: Ending?)

    /// A request's endings (`endings`), and with its gap (`gappedEndings`).
    typealias RequestEndings = (plain: Endings, gapped: Endings?)

    static func endings(for request: TruncationRequest) -> RequestEndings {
        (
            endings(ellipsis: request.ellipsis, suffix: request.suffix),
            request.gap.isEmpty ? nil : endings(ellipsis: request.gap + request.ellipsis, suffix: request.suffix)
        )
    }

    private static func endings(ellipsis: String, suffix: String) -> Endings {
        (
            Ending(ellipsis: ellipsis, suffix: suffix, rightToLeft: false),
            Ending(ellipsis: ellipsis, suffix: suffix, rightToLeft: true),
            StrongDirection.needsBidi(ellipsis.utf8) || StrongDirection.needsBidi(suffix.utf8)
                ? nil : Ending(unmarkedEllipsis: ellipsis, suffix: suffix)
        )
    }

    /// Whether a word cut at character boundary `k` would split a link, mention or hashtag.
    private func splitsEntity(_ k: Int) -> Bool { style.splitsEntity(k) }

    /// The ending after the first `keptEnd` characters, as `Ending(ellipsis:suffix:rightToLeft:keptPartNeedsBidi:)`
    /// chooses it (the three made once).
    func ending(keptEnd: Int) -> Ending {
        let endings = gappedEndings.flatMap { request.gap(after: text.scalars[..<keptEnd]).isEmpty ? nil : $0 } ?? self.endings
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
            Answer(cut: Cut(k: nextLine, withEnding: false), probe: nil),
            fullLineCount: try countLines(uncut, counting: countsEveryLine))
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
        return (cut != nil, text.string(0..<(cut.map { text.trimmedEnd($0.k, punctuation: $0.withEnding) } ?? end)))
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
            // A word cut that keeps nothing of line N gives way to the grapheme cut: not measured.
            let lastLineStart = uncut.start(ofLine: limit) ?? 0
            if let k = try words.prefix(while: { $0 > lastLineStart }).first(where: { try fits($0) }) {
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

    /// The word cut of an uncounted request for one paragraph without hyphens, from the
    /// layout Pango's own ellipsis makes: lines 1…N broken and line N ended with Pango's ellipsis, one
    /// line broken fewer than `findCut`'s layout (Pango 1.50 shapes the rest of an item again for every
    /// line it breaks). Nil when it cannot decide: the search goes on as `findCut`'s, with nothing
    /// of this one's (its candidates were measured with this layout's reading).
    private func quickWordCut(describing: Bool) throws -> QuickCut? {
        let limit = request.lines
        // Read before laying out, as far as the layout will first go; past that after it.
        let first = UncutLayout.firstLength(
            text: text, end: end, lines: limit, width: request.width, style: style, limit: limit)
        // An ending not wider than an em beyond an em (Pango's "…" is about one) would be left undecided
        // after the layout: not tried (a plain ellipsis, no suffix).
        let margin = (style.fonts.body.size ?? TruncationRequest.defaultFontSize) + 1
        guard limit >= 2, Self.isOneParagraph(text, 0..<first),
            let endingWidth = try lastLine.width(of: endings.unmarked ?? endings.ltr, textStart: 0, style: style),
            endingWidth > 2 * margin - 1
        else { return nil }
        guard let uncut = try layOutUncut(linesPerParagraph: limit) else { return .fits }
        guard uncut.length <= first || Self.isOneParagraph(text, first..<uncut.length),
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
            let pangoEllipsis = CutEstimate.ellipsisWidth(layout: layout, line: limit - 1),
            endingWidth - pangoEllipsis > margin
        else { return nil }
        let reach = CutEstimate.reach(
            layout: layout, text: text, uncut: uncut, lines: limit, width: request.width, endingWidth: endingWidth,
            margin: margin, lineEnd: ellipsis)
        // Read while the shared layout still holds the uncut text.
        var probe = Probe(shortcut: shortcut(uncut, describing: describing))
        // A candidate keeps its text without the white space (and, trimming it, punctuation) before
        // it, so those just past what Pango's ellipsis is followed by keep no more than the ellipsis does.
        var last = ellipsis
        while last < uncut.length && text.isTrimmed(last) {
            last += 1
        }
        for k in stride(from: last, to: lineStart, by: -1)
        where uncut.isLineBreak[k] && uncut.isCursorPosition[k] && !splitsEntity(k) {
            if let reach, k > reach && k >= firstWordEnd { continue }
            if try fits(k, &probe) { return Answer(cut: Cut(k: k), probe: probe) }
        }
        return nil
    }

    /// Whether the characters in `range` hold no paragraph separator.
    private static func isOneParagraph(_ text: IndexedText, _ range: Range<Int>) -> Bool {
        !text.scalars[range].contains(where: IndexedText.isParagraphSeparator)
    }

    /// Lays out the start of the text; nil when it all fits in N lines (rule 1).
    private func layOutUncut(linesPerParagraph: Int? = nil) throws -> UncutLayout? {
        content = nil
        let uncut = try UncutLayout(
            text: text, end: end, lines: request.lines, width: request.width, layout: layout, style: style,
            linesPerParagraph: linesPerParagraph)
        prefixesLaidOutAgain += uncut.prefixesLaidOut - 1
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
}
