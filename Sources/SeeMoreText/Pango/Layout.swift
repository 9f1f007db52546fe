import CPangoCairo
import SeeMoreSupport

/// An owned Pango layout: one paragraph block laid out at a fixed width with WORD_CHAR wrapping.
///
/// Text is set as UTF-8 bytes; all indices are byte offsets into that text.
package final class Layout {
    let pointer: OpaquePointer
    /// Keeps the context alive for as long as the layout uses it.
    let context: TextContext
    /// How far apart lines are placed; Pango's own positions are used only without a strut.
    private(set) var lineHeight = LineHeight.natural
    /// The body font's metrics: every line is at least its line box tall.
    private(set) var strut: FontMetrics? = nil
    /// The positioned lines, computed when first asked for after a change.
    var cachedLineBoxes: [LineBox]? = nil
    /// The layout's serial (Pango's count of its changes) when its runs were last put on the
    /// alphabetic baseline (`useAlphabeticBaselines`).
    private var alphabeticSerial: UInt32? = nil

    init(context: TextContext) throws {
        guard let layout = pango_layout_new(context.pointer) else {
            throw PangoError.creationFailed("a Pango layout")
        }
        self.context = context
        self.pointer = layout
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_auto_dir(layout, context.direction == .auto ? 1 : 0)
        // A paragraph's lines start at its start edge. Pango turns its alignment around for a
        // right-to-left paragraph only when it finds the direction itself (auto_dir): a forced one
        // (caption's, whose inline name must not decide it) is aligned to the right here.
        if context.direction == .rtl { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
    }

    deinit {
        TextStack.serialized { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// The wrapping width in points.
    func setWidth(points: Double) {
        cachedLineBoxes = nil
        pango_layout_set_width(pointer, PangoUnits.from(points: points))
    }

    /// Lays the text out on as few lines as its explicit line breaks make, however wide.
    package func setUnwrapped() {
        cachedLineBoxes = nil
        pango_layout_set_width(pointer, -1)
    }

    /// Puts each line at the trailing edge of a right-to-left interface (the right), whatever the
    /// direction of its own text.
    package func alignToRight() {
        cachedLineBoxes = nil
        pango_layout_set_auto_dir(pointer, 0)
        pango_layout_set_alignment(pointer, PANGO_ALIGN_RIGHT)
    }

    /// Breaks at most `lines` lines of each paragraph (nil: all of them). The last of them then holds the
    /// rest of its paragraph, shaped but not broken, and ends in Pango's ellipsis; the lines before it
    /// are those of the whole text. Unchanged settings leave the layout as it is.
    package func limitLines(perParagraph lines: Int?) {
        let ellipsize = lines == nil ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END
        let height = Int32(-max(1, min(lines ?? 1, Int(Int32.max))))
        guard pango_layout_get_ellipsize(pointer) != ellipsize || pango_layout_get_height(pointer) != height else { return }
        cachedLineBoxes = nil
        pango_layout_set_ellipsize(pointer, ellipsize)
        pango_layout_set_height(pointer, height)
    }

    /// Whether a line limit (`limitLines`) cut a paragraph short.
    var isEllipsized: Bool { pango_layout_is_ellipsized(pointer) != 0 }

    /// The byte offset of the first character Pango's ellipsis replaces on line `index` (0-based), or
    /// nil when the line has no ellipsis.
    func ellipsisStart(inLine index: Int) -> Int? {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(clamping: index)) else { return nil }
        var node = line.pointee.runs
        while let current = node {
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item,
                Int32(item.pointee.analysis.flags) & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0
            {
                return Int(item.pointee.offset)
            }
            node = current.pointee.next
        }
        return nil
    }

    /// The width of the ellipsis Pango put on line `index` (0-based), in points; nil when it has none.
    func ellipsisWidth(inLine index: Int) -> Double? {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(clamping: index)) else { return nil }
        var width: Int32? = nil
        forEachRun(of: line) { run in
            if let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                Int32(item.pointee.analysis.flags) & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0
            {
                width = (width ?? 0) + pango_glyph_string_get_width(glyphs)
            }
        }
        return width.map(PangoUnits.toPoints)
    }

    /// Places lines at the pitch `lineHeight` gives for a body font with `metrics` (see `lineBoxes`).
    func setLineHeight(_ lineHeight: LineHeight, metrics: FontMetrics) {
        self.lineHeight = lineHeight
        strut = metrics
        cachedLineBoxes = nil
    }

    func setFont(_ font: FontDescription) {
        cachedLineBoxes = nil
        pango_layout_set_font_description(pointer, font.pointer)
    }

    func setAttributes(_ attributes: AttributeList?) {
        cachedLineBoxes = nil
        pango_layout_set_attributes(pointer, attributes?.pointer)
    }

    /// Sets the text from valid UTF-8 bytes without a NUL.
    func setText<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        cachedLineBoxes = nil
        context.fontMap.pinResolution()
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(pointer, chars.baseAddress, Int32(chars.count))
            }
        }
        if done == nil {
            setText(Array(bytes))
        }
    }

    var lineCount: Int {
        Int(pango_layout_get_line_count(pointer))
    }

    /// Each line's logical width in points, in order (one walk over the lines).
    var lineWidths: [Double] {
        var widths: [Double] = []
        var node = pango_layout_get_lines_readonly(pointer)
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                var logical = PangoRectangle()
                pango_layout_line_get_extents(line, nil, &logical)
                widths.append(PangoUnits.toPoints(logical.width))
            }
            node = current.pointee.next
        }
        return widths
    }

    /// The byte range of each line, in order; a paragraph separator belongs to no line.
    var lineByteRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var node = pango_layout_get_lines_readonly(pointer)
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                let start = Int(line.pointee.start_index)
                ranges.append(start..<(start + Int(line.pointee.length)))
            }
            node = current.pointee.next
        }
        return ranges
    }

    /// The text of each line as drawn: without the bytes in `hidden` (invisible marks SeeMore inserted),
    /// with the hyphen Pango draws at the end of a line that breaks a word (when hyphens are on); of the
    /// lines `wanted` (0-based), or of all.
    package func lineTexts(hiding hidden: [Range<Int>] = [], lines wanted: Range<Int>? = nil) -> [String] {
        guard let text = pango_layout_get_text(pointer) else { return [] }
        let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
        var texts: [String] = []
        var node = pango_layout_get_lines_readonly(pointer)
        var index = 0
        // Lines come in byte order: one pass over the hidden ranges, in order, serves them all.
        let hidden = hidden.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var nextHidden = 0
        while let current = node, index < (wanted?.upperBound ?? Int.max) {
            if wanted?.contains(index) ?? true, let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                let start = Int(line.pointee.start_index)
                let end = start + Int(line.pointee.length)
                // The line's bytes between the hidden ranges, a span at a time.
                var kept: [UInt8] = []
                var from = start
                while from < end {
                    while nextHidden < hidden.count, hidden[nextHidden].upperBound <= from { nextHidden += 1 }
                    let hiddenHere = nextHidden < hidden.count ? hidden[nextHidden].clamped(to: from..<end) : end..<end
                    let upTo = hiddenHere.isEmpty ? end : hiddenHere.lowerBound
                    kept.append(contentsOf: bytes[from..<upTo])
                    from = hiddenHere.isEmpty ? end : hiddenHere.upperBound
                }
                var lineText = String(decoding: kept, as: UTF8.self)
                if let hyphen = Self.insertedHyphen(line) { lineText.unicodeScalars.append(hyphen) }
                texts.append(lineText)
            }
            index += 1
            node = current.pointee.next
        }
        return texts
    }

    /// The hyphen Pango draws after `line` when it breaks a word: U+2010 HYPHEN when the font of the
    /// line's last run has it, else U+002D (Pango's choice); nil when none is drawn.
    private static func insertedHyphen(_ line: UnsafeMutablePointer<PangoLayoutLine>) -> Unicode.Scalar? {
        var last: UnsafeMutablePointer<PangoGlyphItem>? = nil
        var runNode = line.pointee.runs
        while let run = runNode {
            last = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self)
            runNode = run.pointee.next
        }
        guard let last, last.pointee.item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) != 0 else {
            return nil
        }
        guard let font = last.pointee.item.pointee.analysis.font, seemore_font_has_character(font, 0x2010) != 0 else {
            return "-"
        }
        return "\u{2010}"
    }

    /// The 0-based line on which the character starting at `byteIndex` lies.
    func line(ofByte byteIndex: Int) -> Int {
        var line: Int32 = 0
        var x: Int32 = 0
        pango_layout_index_to_line_x(pointer, Int32(byteIndex), 0, &line, &x)
        return Int(line)
    }

    /// Puts every run of every line on its line's alphabetic baseline, as CSS does, undoing Pango
    /// 1.50's alignment of all runs to the baseline of the script the line starts in (see
    /// `seemore_line_use_alphabetic_baseline`): a Latin run after kana, or a suffix after Devanagari,
    /// then sits where it sits on a line that starts in Latin. Called before anything reads a run's
    /// vertical place (line boxes, ink, positions, painting); once per version of the layout.
    func useAlphabeticBaselines() {
        let serial = pango_layout_get_serial(pointer)
        guard serial != alphabeticSerial else { return }
        var moved: [Int32] = []
        var node = pango_layout_get_lines_readonly(pointer)
        var index: Int32 = 0
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self),
                seemore_line_use_alphabetic_baseline(line) > 0
            {
                moved.append(index)
            }
            index += 1
            node = current.pointee.next
        }
        // Asking for a line by the writable call makes Pango stop caching its extents (and the
        // layout's), so they are measured again from the moved runs.
        for index in moved { _ = pango_layout_get_line(pointer, index) }
        alphabeticSerial = pango_layout_get_serial(pointer)
    }

    /// The logical rectangle of the grapheme starting at `byteIndex`, in points.
    func graphemeRect(atByte byteIndex: Int) -> Rect {
        useAlphabeticBaselines()
        var rect = PangoRectangle()
        pango_layout_index_to_pos(pointer, Int32(byteIndex), &rect)
        // RTL graphemes report a negative width; normalise.
        let x = min(rect.x, rect.x + rect.width)
        return Rect(
            x: PangoUnits.toPoints(x), y: PangoUnits.toPoints(rect.y) + shift(ofLine: line(ofByte: byteIndex)),
            width: PangoUnits.toPoints(abs(rect.width)), height: PangoUnits.toPoints(rect.height))
    }

    /// Everything drawn for the text in `bytes`, in points: the union of its characters' logical
    /// rectangles and the ink of its runs (glyphs reaching out of the line, underlines below it).
    /// nil for an empty range.
    package func rect(ofBytes bytes: Range<Int>) -> Rect? {
        useAlphabeticBaselines()
        var rect: Rect? = nil
        func add(_ part: Rect) { rect = rect.map { $0.union(part) } ?? part }
        guard let text = pango_layout_get_text(pointer) else { return nil }
        let length = strlen(text)
        for index in bytes where index < length && UInt8(bitPattern: text[index]) & 0xC0 != 0x80 {
            add(graphemeRect(atByte: index))
        }
        guard rect != nil, let iterator = pango_layout_get_iter(pointer) else { return rect }
        defer { pango_layout_iter_free(iterator) }
        var lineIndex = 0
        var currentLine = pango_layout_iter_get_line_readonly(iterator)
        repeat {
            if let line = pango_layout_iter_get_line_readonly(iterator), line != currentLine {
                currentLine = line
                lineIndex += 1
            }
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            let offset = Int(run.pointee.item.pointee.offset)
            let runBytes = offset..<(offset + Int(run.pointee.item.pointee.length))
            guard runBytes.overlaps(bytes) else { continue }
            var ink = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, &ink, nil)
            if ink.width > 0 && ink.height > 0 {
                add(
                    Rect(
                        x: PangoUnits.toPoints(ink.x), y: PangoUnits.toPoints(ink.y) + shift(ofLine: lineIndex),
                        width: PangoUnits.toPoints(ink.width),
                        height: PangoUnits.toPoints(ink.height)))
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return rect
    }

    /// `rect(ofBytes:)` of the part of `bytes` on each line that holds some of it, in line order.
    package func rects(perLineOf bytes: Range<Int>) -> [Rect] {
        lineByteRanges.compactMap { line in
            let lower = max(line.lowerBound, bytes.lowerBound)
            let upper = min(line.upperBound, bytes.upperBound)
            return lower < upper ? rect(ofBytes: lower..<upper) : nil
        }
    }

    /// Top, bottom and baseline of each line, in points from the layout's top, as placed (see `lineBoxes`).
    package var lineExtents: [(top: Double, bottom: Double, baseline: Double)] {
        lineBoxes.map { ($0.top, $0.bottom, $0.baseline) }
    }

    /// Whether line `index` runs right to left.
    package func lineIsRightToLeft(_ index: Int) -> Bool {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(index)) else { return false }
        return line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
    }

    /// Logical size of the whole layout in points: Pango's width, and the height of the placed lines.
    /// The logical width in points (without the line boxes `logicalSize` reads for its height).
    var logicalWidth: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        return PangoUnits.toPoints(logical.width)
    }

    package var logicalSize: (width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        return (PangoUnits.toPoints(logical.width), lineBoxes.last?.bottom ?? 0)
    }

    /// Per-character break attributes: `count` is the number of characters plus one.
    func withLogAttributes<Result>(_ body: (UnsafeBufferPointer<PangoLogAttr>) throws -> Result) rethrows -> Result {
        var count: Int32 = 0
        let attributes = pango_layout_get_log_attrs_readonly(pointer, &count)
        return try body(UnsafeBufferPointer(start: attributes, count: Int(count)))
    }

    /// Calls `body` with every glyph run of the lines `wanted` (0-based), or of every line.
    func forEachRun(inLines wanted: Range<Int>? = nil, _ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var node = pango_layout_get_lines_readonly(pointer)
        var index = 0
        while let current = node, index < (wanted?.upperBound ?? Int.max) {
            if wanted?.contains(index) ?? true, let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                forEachRun(of: line, body)
            }
            index += 1
            node = current.pointee.next
        }
    }

    /// Calls `body` with every glyph run of `line`.
    func forEachRun(of line: UnsafeMutablePointer<PangoLayoutLine>, _ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var runNode = line.pointee.runs
        while let run = runNode {
            if let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                body(item)
            }
            runNode = run.pointee.next
        }
    }
}
