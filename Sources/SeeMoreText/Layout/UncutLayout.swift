/// What the cut needs from the uncut text: where its lines start and where it may be cut,
/// read from a layout of just enough of the text.
struct UncutLayout {
    /// Character index at which each laid-out line starts (all lines, or those of the window).
    let lineStarts: [Int]
    /// True when the whole text was laid out with every line broken, so `lineStarts.count` is its line count.
    let isWhole: Bool
    /// The most lines Pango broke in a paragraph (`Layout.limitLines`), nil when it broke every line.
    let linesPerParagraph: Int?
    /// When Pango ended line N+1 with its ellipsis (broke no line past it), the character index where the
    /// ellipsis begins; line N+2's start is then unknown, and `lineStarts` stops at line N+1.
    let nextLineEllipsis: Int?
    /// When the layout broke no line past line N (`linesPerParagraph` N) and Pango ended line N with its
    /// ellipsis, the character index where that ellipsis begins: line N+1's start is then unknown.
    let lastLineEllipsis: Int?
    /// `isCursorPosition[k]`: a grapheme boundary before character k (k up to the window's end).
    let isCursorPosition: [Bool]
    /// `isLineBreak[k]`: a line-break opportunity before character k.
    let isLineBreak: [Bool]
    /// Prefixes laid out before one held enough lines (1 when the first guess did).
    let prefixesLaidOut: Int

    /// Lays out a prefix of `text[0..<end]` long enough to hold `lines + 3` complete lines, or all of it.
    ///
    /// A greedy line breaker fixes a line once the text after it holds more lines, so the first
    /// lines of a long enough prefix are the first lines of the whole text. With `linesPerParagraph`
    /// (N+1 or N+2), Pango breaks no line past that line of a paragraph (`Layout.limitLines`): the rest
    /// of it is shaped onto that line but never measured for a break, so no font used only past it is
    /// measured either (Pango's first measurement of a color emoji font lays out a sample at the size
    /// of its bitmaps, decoding a dozen of them), and the lines past it cost nothing to break. Lines
    /// before the limit and the start of the limit's line are then those of the whole text (and that
    /// line's text up to its ellipsis); no line count, and no line start past it, can be read from it.
    /// - Complexity: O(length of the first `lines + 3` lines), doubling the prefix while it is too short
    ///   (under a limit of N, lengthening it at once to what must follow line N's ellipsis).
    init(
        text: IndexedText, end: Int, lines: Int, width: Double, layout: Layout, style: TextStyle,
        linesPerParagraph limit: Int? = nil
    ) throws {
        var length = Self.firstLength(text: text, end: end, lines: lines, width: width, style: style, limit: limit)
        // Each paragraph holds at least one line, so N+3 paragraphs are enough; Pango's layout costs
        // O(paragraphs × text) (it counts characters from the start for every paragraph), so a text of
        // many short lines must not be laid out further than that.
        if let enough = text.end(ofParagraphs: lines + 3, within: length) { length = enough }
        var triedLongestSafe = false
        var laidOut = 0
        while true {
            if length > Self.safeParagraph && text.longestParagraph(upTo: length) > Self.safeParagraph {
                // Try the longest prefix Pango can lay out in one piece before giving up.
                guard !triedLongestSafe else {
                    throw TruncationRequestError.paragraphTooLong(lines: lines, limit: Self.safeParagraph)
                }
                length = Self.safeParagraph
                triedLongestSafe = true
            }
            let prefix = text.prefixBytes(length)
            try style.apply(prefix, to: layout, linesPerParagraph: limit)
            laidOut += 1
            if length == end { break }
            // Enough lines: N+3, or under a limit N+2, or N+1 that Pango ended with its ellipsis (it
            // overflowed the line, so the prefix holds more than line N+1's first word).
            let count = layout.lineCount
            if count >= lines + (limit == nil ? 3 : 2) || (limit == lines + 1 && count == lines + 1 && layout.isEllipsized) {
                break
            }
            // Under a limit of N, line N ended with Pango's ellipsis well before the prefix's end (its
            // kept part no longer depends on where the prefix ends).
            if limit == lines && count == lines && layout.isEllipsized, let ellipsis = layout.ellipsisStart(inLine: lines - 1) {
                let start = text.character(atByte: ellipsis)
                if start + Self.pastEllipsis < length { break }
                // Line N and where its ellipsis falls are known: what must follow it is laid out next.
                length = min(end, max(length + 1, start + Self.pastEllipsis + Self.guessSlack))
                continue
            }
            length = min(end, length * 2)
        }
        linesPerParagraph = limit
        prefixesLaidOut = laidOut
        isWhole = length == end && (limit == nil || !layout.isEllipsized)
        let starts = layout.lineByteRanges.map { text.character(atByte: $0.lowerBound) }
        nextLineEllipsis = limit == lines + 1 ? layout.ellipsisStart(inLine: lines).map { text.character(atByte: $0) } : nil
        lastLineEllipsis = limit == lines ? layout.ellipsisStart(inLine: lines - 1).map { text.character(atByte: $0) } : nil
        lineStarts = nextLineEllipsis == nil ? starts : Array(starts.prefix(lines + 1))
        var cursor = [Bool](repeating: false, count: length + 1)
        var lineBreak = [Bool](repeating: false, count: length + 1)
        layout.withLogAttributes { attributes in
            cursor.withUnsafeMutableBufferPointer { cursor in
                lineBreak.withUnsafeMutableBufferPointer { lineBreak in
                    for index in 0..<min(attributes.count, length + 1) {
                        cursor[index] = attributes[index].is_cursor_position != 0
                        lineBreak[index] = attributes[index].is_line_break != 0
                    }
                }
            }
        }
        isCursorPosition = cursor
        isLineBreak = lineBreak
    }

    /// The prefix first laid out: a generous guess of what N+3 lines hold (a quarter-em per character).
    /// Under a limit of N (`limitLines`, Pango's ellipsis on line N), when shorter: the characters
    /// guessed to fill N lines (`LinePrefixGuess`) and the `pastEllipsis` that must follow the ellipsis
    /// (a text of marks and zero-width characters, guessed to fill nothing, is laid out no further).
    static func firstLength(text: IndexedText, end: Int, lines: Int, width: Double, style: TextStyle, limit: Int?) -> Int {
        let size = style.fonts.body.size ?? TruncationRequest.defaultFontSize
        let perLine = Int(min(width / (size * 0.25), 100_000))
        let generous = min(end, max(256, (lines + 3) * perLine + 64))
        guard limit == lines else { return generous }
        let filled = LinePrefixGuess.characters(filling: lines, of: text, end: generous, width: width, size: size)
        return min(generous, filled + pastEllipsis + guessSlack)
    }

    /// Characters laid out past where Pango's ellipsis on line N begins, under a limit of N, before the
    /// kept part of line N is taken to be the whole text's: what follows further does not change it.
    static let pastEllipsis = 64
    /// Characters laid out beyond what a guess says is needed.
    static let guessSlack = 8

    /// Characters laid out: the prefix of the text the layout holds.
    var length: Int { isLineBreak.count - 1 }

    /// The longest paragraph laid out in one piece: Pango keeps a paragraph's width in 32-bit units of
    /// 1/1024 pt, which a paragraph of a few hundred thousand characters overflows.
    static let safeParagraph = 200_000

    /// Counts the lines of `text[0..<end]` by laying it out a window at a time.
    ///
    /// Pango keeps run widths in 32-bit units of 1/1024 pt, which overflow in a paragraph of a few
    /// hundred thousand characters, so a long text is never laid out in one piece: each window
    /// starts at a line start, and its last two lines are laid out again as part of the next window.
    /// - Complexity: O(end), in layouts of a few thousand characters.
    static func countLines(text: IndexedText, end: Int, layout: Layout, style: TextStyle) throws -> Int {
        let initialWindow = 4096
        var window = initialWindow
        var start = 0
        var count = 0
        while true {
            let windowEnd = min(end, start + window)
            let bytes = text.bytes[text.byteOffsets[start]..<text.byteOffsets[windowEnd]]
            try style.apply(bytes, to: layout, textStart: text.byteOffsets[start])
            let lines = layout.lineByteRanges
            if windowEnd == end { return count + lines.count }
            guard lines.count >= 3 else {
                window *= 2
                continue
            }
            let kept = lines.count - 2
            count += kept
            start = text.character(atByte: text.byteOffsets[start] + lines[kept].lowerBound)
            window = initialWindow
        }
    }

    /// The first line-break opportunity after character `start` (the end of the word starting there),
    /// or `limit` when none comes before it.
    func firstBreak(after start: Int, before limit: Int) -> Int {
        var index = start + 1
        while index < limit && !isLineBreak[index] {
            index += 1
        }
        return index
    }

    /// The character index where 1-based line `number` starts, or nil past the laid-out lines.
    func start(ofLine number: Int) -> Int? {
        number >= 1 && number <= lineStarts.count ? lineStarts[number - 1] : nil
    }
}
