import CPangoCairo
import SeeMoreSupport

/// Line N of the uncut text, run by run: enough to measure a cut on that line by arithmetic and to
/// describe it without laying it out.
///
/// `LastLineLayout` lays out line N up to a candidate cut with the ellipsis and suffix; on a line of
/// plain text this does the same sum without a layout. Pango puts items on a line one after
/// the other while their widths fit what is left, so the line holds them all exactly when the sum of
/// their widths fits the width (with hyphens off no item ends in a break that adds width; only white
/// space at the end may hang past it). The runs before the one holding the cut's last character
/// are the same items, shaped alike, as in the uncut text, so their widths are read; the run holding
/// it is shaped again up to the cut (kerning, ligatures and contextual forms may change at the cut);
/// the ellipsis and suffix add `EndingRuns`' width, measured once per font, script and language.
///
/// A right-to-left paragraph's line is the same sum: widths do not depend on the order Pango draws
/// runs in, so its runs are put back in the text's order. The cut must fall in a run at the
/// paragraph's level (right to left): the kept text then ends in characters whose bidi levels the
/// ending's mark resolves as the text after them did (a trailing neutral between the kept text and the
/// mark takes the paragraph's direction either way), and no level of the kept text depends on the
/// text after it. The ending, at the paragraph's level after everything kept, is drawn at the line's
/// left end whatever levels the kept runs have.
final class LineRuns {
    struct Run {
        /// The run's bytes in the text.
        let bytes: Range<Int>
        let width: Int32
        /// Owned copies (the uncut layout is laid out again while the search goes on).
        let item: UnsafeMutablePointer<PangoItem>
        let glyphs: UnsafeMutablePointer<PangoGlyphString>
    }

    /// A candidate measured: whether its last line fits, and what describes it.
    final class Fit {
        let fits: Bool
        /// The character index where the kept text ends.
        let keptEnd: Int
        /// How many of the line's runs come before the one holding the cut, and that run shaped up to it.
        let runsBefore: Int
        let lastRun: UnsafeMutablePointer<PangoItem>
        let lastGlyphs: UnsafeMutablePointer<PangoGlyphString>
        let ending: EndingRuns
        /// The line's width in Pango units: the kept runs' and the ending's.
        let width: Int

        init(
            fits: Bool, keptEnd: Int, runsBefore: Int, lastRun: UnsafeMutablePointer<PangoItem>,
            lastGlyphs: UnsafeMutablePointer<PangoGlyphString>, ending: EndingRuns, width: Int
        ) {
            self.fits = fits
            self.keptEnd = keptEnd
            self.runsBefore = runsBefore
            self.lastRun = lastRun
            self.lastGlyphs = lastGlyphs
            self.ending = ending
            self.width = width
        }

        deinit {
            pango_item_free(lastRun)
            pango_glyph_string_free(lastGlyphs)
        }
    }

    /// In the text's order.
    let runs: [Run]
    /// Indices into `runs` in the order Pango draws them, left to right.
    private let visualOrder: [Int]
    /// Whether the paragraph runs right to left (the line is aligned right, the ending at its left end).
    let rightToLeft: Bool
    /// Where the line starts and ends, in bytes of the text.
    let lineBytes: Range<Int>
    /// The line's first character, and how many isolates are open there.
    private let lineStart: (character: Int, isolates: Int)
    /// Where the text a cut run is shaped with as context begins, in bytes of the text: a few
    /// characters before the line, as Pango shapes a run with its paragraph around it.
    private let context: Int
    /// The line width in Pango units, as the layouts get it.
    private let width: Int32
    /// Names the runs' fonts.
    private let facts: FontFacts

    /// Reads line `index` (0-based) of `layout`, which holds the uncut text; nil unless the line runs in
    /// the paragraph's direction (`rightToLeft`), every run on it is at the paragraph's level (left to
    /// right) or above it (right to left), with no embedding or override before the line's end in its
    /// paragraph (isolates may be there: `measure` takes no cut that leaves one open), in the body
    /// font's size, unraised, of a script that HarfBuzz shapes without the text around it (not the
    /// joining Mongolian and Phags-pa), and the line holds no tab, line separator or hyphenation point
    /// (which Pango lays out otherwise).
    init?(
        layout: Layout, line index: Int, text: IndexedText, width: Double, bodySize: Double, facts: FontFacts,
        rightToLeft: Bool
    ) {
        guard let line = pango_layout_get_line_readonly(layout.pointer, Int32(index)),
            line.pointee.resolved_dir == (rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR).rawValue
        else { return nil }
        let start = Int(line.pointee.start_index)
        lineBytes = start..<(start + Int(line.pointee.length))
        guard lineBytes.upperBound <= text.bytes.count, !Self.holdsSpecialCharacters(text.bytes[lineBytes]),
            let depth = text.isolatesOpen(
                at: text.character(atByte: start), embeddingsBefore: text.character(atByte: lineBytes.upperBound))
        else { return nil }
        lineStart = (text.character(atByte: start), depth)
        // Up to eight characters before the line, within its paragraph (HarfBuzz reads five).
        var first = lineStart.character
        while first > max(0, lineStart.character - 8) && !IndexedText.isParagraphSeparator(text.scalars[first - 1]) {
            first -= 1
        }
        context = text.byteOffsets[first]
        var runs: [Run] = []
        var eligible = true
        layout.forEachRun(of: line) { run in
            guard eligible, let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                let font = item.pointee.analysis.font, rightToLeft || item.pointee.analysis.level == 0,
                run.pointee.y_offset == 0,
                item.pointee.analysis.script != UInt8(truncatingIfNeeded: PANGO_SCRIPT_MONGOLIAN.rawValue),
                item.pointee.analysis.script != UInt8(truncatingIfNeeded: PANGO_SCRIPT_PHAGS_PA.rawValue),
                facts.size(of: font) == bodySize, let itemCopy = pango_item_copy(item)
            else {
                eligible = false
                return
            }
            guard let glyphsCopy = pango_glyph_string_copy(glyphs) else {
                pango_item_free(itemCopy)
                eligible = false
                return
            }
            let offset = Int(item.pointee.offset)
            runs.append(
                Run(
                    bytes: offset..<(offset + Int(item.pointee.length)), width: pango_glyph_string_get_width(glyphs),
                    item: itemCopy, glyphs: glyphsCopy))
        }
        // Drawn left to right; a right-to-left line's runs are put back in the text's order.
        let order =
            rightToLeft ? runs.indices.sorted { runs[$0].bytes.lowerBound < runs[$1].bytes.lowerBound } : Array(runs.indices)
        self.runs = order.map { runs[$0] }
        var visual = [Int](repeating: 0, count: order.count)
        for (logical, drawn) in order.enumerated() { visual[drawn] = logical }
        visualOrder = visual
        self.rightToLeft = rightToLeft
        self.width = PangoUnits.from(points: width)
        self.facts = facts
        guard eligible, !runs.isEmpty, self.runs.first?.bytes.lowerBound == lineBytes.lowerBound,
            zip(self.runs, self.runs.dropFirst()).allSatisfy({ $0.bytes.upperBound == $1.bytes.lowerBound })
        else { return nil }
    }

    deinit {
        for run in runs {
            pango_item_free(run.item)
            pango_glyph_string_free(run.glyphs)
        }
    }

    /// Tabs, line and paragraph separators and hyphenation points, which Pango lays out otherwise.
    private static func holdsSpecialCharacters(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in bytes {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { return true }
            // U+2027 HYPHENATION POINT (E2 80 A7), U+2028 and U+2029 (E2 80 A8/A9).
            if previous == (0xE2, 0x80) && (0xA7...0xA9).contains(byte) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Measures the text from this line's start to character `keptEnd` followed by `ending` on one
    /// line; nil when the cut is not on this line, leaves an isolate open or falls in a run above the
    /// paragraph's level, or the sum cannot decide (white space that may hang past the end, an ending
    /// with no width, a run the ending could not be measured after).
    /// - Parameter endings: the ending's runs after the kept text (see `LastLineLayout.endingRuns`).
    func measure(keptEnd: Int, text: IndexedText, ending: Ending, endings: LastLineLayout, style: TextStyle) throws -> Fit? {
        let cut = text.byteOffsets[keptEnd]
        guard cut > lineBytes.lowerBound, cut <= lineBytes.upperBound,
            let last = runs.firstIndex(where: { $0.bytes.lowerBound < cut && cut <= $0.bytes.upperBound })
        else { return nil }
        let run = runs[last]
        // No isolate left open by the cut: the ending, after everything kept, is then at the paragraph's level.
        let isolates = text.scalars[lineStart.character..<keptEnd].reduce(lineStart.isolates) {
            IndexedText.isolateDepth(after: $1, from: $0)
        }
        guard isolates == 0, run.item.pointee.analysis.level == (rightToLeft ? 1 : 0),
            let measured = try endings.endingRuns(
                line: lineBytes.lowerBound..<cut, runStart: run.bytes.lowerBound, run: run.item.pointee.analysis,
                first: runs[0].item.pointee.analysis, of: text, ending: ending, style: style, rightToLeft: rightToLeft),
            measured.width > 0
        else { return nil }
        // The line as the paragraph of its own layout would hold it: the run shaped with the same text
        // around it, and the marks that open the ending when they join it. Pango shapes a run with the
        // text before it in its paragraph as context (`context`: a word broken across lines joins its
        // letters across the break, an Arabic letter starting line N takes its final form).
        let lineText = Array(text.bytes[context..<cut]) + ending.bytes
        let marks =
            measured.joinsMarks ? ending.bytes[..<ending.ellipsisStart].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } : 0
        guard let item = pango_item_copy(run.item) else { return nil }
        guard let glyphs = pango_glyph_string_new() else {
            pango_item_free(item)
            return nil
        }
        item.pointee.offset = Int32(run.bytes.lowerBound - context)
        item.pointee.length = Int32(cut - run.bytes.lowerBound + (measured.joinsMarks ? ending.ellipsisStart : 0))
        item.pointee.num_chars = Int32(keptEnd - text.character(atByte: run.bytes.lowerBound) + marks)
        item.pointee.analysis.flags &= ~UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN)
        lineText.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                pango_shape_item(item, $0.baseAddress, Int32($0.count), nil, glyphs, PANGO_SHAPE_NONE)
            }
        }
        let widths = runs[..<last].map { Int($0.width) } + [Int(pango_glyph_string_get_width(glyphs)), Int(measured.width)]
        let total = widths.reduce(0, +)
        let fits = total <= Int(width)
        // Owns the item and glyphs from here on.
        let fit = Fit(
            fits: fits, keptEnd: keptEnd, runsBefore: last, lastRun: item, lastGlyphs: glyphs, ending: measured, width: total)
        guard widths.allSatisfy({ $0 >= 0 }), fits || total - Int(measured.hang) > Int(width) else { return nil }
        return fit
    }

    /// The description of a cut measured to fit: lines 1…N−1 from `above`, then this line up to the
    /// cut with the ellipsis and suffix, as a layout of the whole collapsed text describes it.
    func describe(_ fit: Fit, above: LinesAbove, text: IndexedText, ending: Ending)
        -> (lines: [String], suffixRects: SuffixRects, unknownGlyphs: Int, families: [String])
    {
        var bytes = Array(text.bytes[lineBytes.lowerBound..<text.byteOffsets[fit.keptEnd]])
        for (index, byte) in ending.bytes.enumerated() where !ending.marks.contains(where: { $0.contains(index) }) {
            bytes.append(byte)
        }
        var tally = RunTally()
        // The kept runs as drawn, the cut one shaped up to the cut (the order of the kept text's runs
        // is the uncut line's: bidi reorders runs by the levels of the text between them).
        for index in visualOrder where index <= fit.runsBefore {
            let (glyphs, item) = index == fit.runsBefore ? (fit.lastGlyphs, fit.lastRun) : (runs[index].glyphs, runs[index].item)
            tally.add(glyphs, item: item, facts: facts)
        }
        // In points: sums of Pango units (multiples of 1/1024) are exact in a Double and cannot overflow.
        // Where the ending starts: after the kept text, or at the left end of a line aligned right.
        let start =
            rightToLeft
            ? PangoUnits.toPoints(width) - PangoUnits.toPoints(Int32(clamping: fit.width))
            : PangoUnits.toPoints(Int32(clamping: fit.width - Int(fit.ending.width)))
        let ascent = max(tally.ascent, fit.ending.tally.ascent)
        var families = above.families
        let drawn = rightToLeft ? fit.ending.tally.families + tally.families : tally.families + fit.ending.tally.families
        for family in drawn where !families.contains(family) { families.append(family) }
        // The suffix's rectangle as `Layout.rect(ofBytes:)` finds it on a line whose Pango baseline is
        // its ascent (the largest of its runs'), moved onto the line's box.
        let baseline = PangoUnits.toPoints(ascent)
        let shift = fit.ending.box.baseline - baseline
        var rect: Rect? = nil
        func add(_ part: Rect) { rect = rect.map { $0.union(part) } ?? part }
        for character in fit.ending.suffixCharacters {
            let x = start + PangoUnits.toPoints(character.x)
            let width = PangoUnits.toPoints(character.width)
            add(
                Rect(
                    x: min(x, x + width), y: baseline + PangoUnits.toPoints(character.y) + shift, width: abs(width),
                    height: PangoUnits.toPoints(character.height)))
        }
        if rect != nil {
            for ink in fit.ending.suffixInk {
                add(
                    Rect(
                        x: start + PangoUnits.toPoints(ink.x), y: baseline + PangoUnits.toPoints(ink.y) + shift,
                        width: PangoUnits.toPoints(ink.width), height: PangoUnits.toPoints(ink.height)))
            }
        }
        return (
            above.texts + [String(decoding: bytes, as: UTF8.self)],
            SuffixRects(perLine: rect.map { [$0] } ?? [], rect: rect).offsetBy(x: 0, y: above.lastLineTop),
            above.unknownGlyphs + tally.unknownGlyphs + fit.ending.tally.unknownGlyphs, families
        )
    }
}
