import CPangoCairo

/// The ellipsis and suffix as they lay out after the kept text on a cut's last line, in Pango units
/// from where they start and from the line's baseline: what measuring a cut by arithmetic and
/// describing it without a layout need of them (see `LineRuns`).
///
/// In a left-to-right paragraph with no bidi controls of its own, the ending's runs depend on the kept
/// text only through the kept text's last run and the line's first run: the isolate puts ellipsis and
/// suffix at their own bidi level (an ending without marks, an attribute boundary: so in their own
/// items, shaped apart from the text); the invisible marks before it take the last run's font and
/// script (and join it unless a language given to the ending apart starts an item); the ellipsis takes that run's script when it has none of its own;
/// every other character's font comes from its fontset alone; and Pango shifts each run onto the
/// baseline of the line's first run (the ideographic one for Han, the alphabetic one for Latin). So
/// they are measured once per font, script and language of those two runs (`LastLineLayout.endingRuns`).
/// In a right-to-left paragraph the same holds for a kept text whose last run is at the paragraph's
/// level: the ending is that level's last text, so bidi draws it at the line's left end.
struct EndingRuns {
    /// The width of every run after the kept text's.
    let width: Int32
    /// The trailing white space of the last of those runs with a width, which Pango lets hang past
    /// the line's end.
    let hang: Int32
    /// Their runs' extents, unknown glyphs and fonts.
    let tally: RunTally
    /// Each suffix character's logical rectangle as `pango_layout_index_to_pos` gives it (its run's
    /// height), x from the ending's left end, y from the baseline.
    let suffixCharacters: [PangoRectangle]
    /// The ink of each run that holds suffix text, x from the ending's left end, y from the baseline.
    let suffixInk: [PangoRectangle]
    /// The box of a line holding them: the body font's strut grown by theirs (see `Layout.lineBoxes`).
    let box: LineBox

    /// Whether the invisible marks that open the ending join the kept text's run (they take its font
    /// and script; a language given to the ending apart starts an item of their own).
    let joinsMarks: Bool

    /// Reads the runs after the kept text from line 0 of `layout`, which holds a cut's last line:
    /// `keptBytes` bytes of kept text, the last run of which starts at byte `runStart`, then `ending`;
    /// nil when the layout is not one line, that run is not one item, with or without the marks,
    /// with the analysis of `run`, or the ending's runs are not drawn together after the kept text
    /// (left to right) or before it (right to left).
    init?(layout: Layout, keptBytes: Int, runStart: Int, run: PangoAnalysis, ending: Ending) {
        layout.useAlphabeticBaselines()
        guard layout.lineCount == 1, let line = pango_layout_get_line_readonly(layout.pointer, 0) else { return nil }
        var runs: [UnsafeMutablePointer<PangoGlyphItem>] = []
        layout.forEachRun(of: line) { runs.append($0) }
        guard let last = runs.firstIndex(where: { $0.pointee.item?.pointee.offset == Int32(runStart) }),
            let kept = runs[last].pointee.item?.pointee,
            Int(kept.length) == keptBytes - runStart || Int(kept.length) == keptBytes - runStart + ending.ellipsisStart,
            kept.analysis.font == run.font, kept.analysis.script == run.script, kept.analysis.level == run.level,
            kept.analysis.language == run.language
        else { return nil }
        // The ending's runs (after the kept text's last) as drawn: right after it, or from the left end.
        let endingRuns = runs.indices.filter { (runs[$0].pointee.item?.pointee.offset ?? 0) > Int32(runStart) }
        let first = run.level == 0 ? last + 1 : 0
        guard endingRuns == Array(first..<(first + endingRuns.count)) else { return nil }
        var start: Int32 = 0
        for run in runs[..<first] {
            guard let glyphs = run.pointee.glyphs else { return nil }
            start &+= pango_glyph_string_get_width(glyphs)
        }
        var width: Int32 = 0
        var hang: Int32 = 0
        var tally = RunTally()
        let text = pango_layout_get_text(layout.pointer)
        // Drawn left to right; `hang` is the white space ending the last in the text's order with a width.
        var hangOffset: Int32 = -1
        for run in runs[first..<(first + endingRuns.count)] {
            guard let glyphs = run.pointee.glyphs, let item = run.pointee.item else { return nil }
            let runWidth = pango_glyph_string_get_width(glyphs)
            guard runWidth >= 0 else { return nil }
            width &+= runWidth
            if runWidth > 0 && item.pointee.offset > hangOffset {
                hangOffset = item.pointee.offset
                hang = text.map { Self.trailingWhite(glyphs, item: item, text: $0) } ?? 0
            }
            tally.add(glyphs, item: item, yOffset: run.pointee.y_offset, facts: layout.context.fontFacts)
        }
        let suffix = (keptBytes + ending.suffixRange.lowerBound)..<(keptBytes + ending.suffixRange.upperBound)
        var characters: [PangoRectangle] = []
        var ink: [PangoRectangle] = []
        if !suffix.isEmpty, let text, let iterator = pango_layout_get_iter(layout.pointer) {
            defer { pango_layout_iter_free(iterator) }
            let baseline = pango_layout_iter_get_baseline(iterator)
            for index in suffix where UInt8(bitPattern: text[index]) & 0xC0 != 0x80 {
                var rect = PangoRectangle()
                pango_layout_index_to_pos(layout.pointer, Int32(index), &rect)
                characters.append(
                    PangoRectangle(x: rect.x &- start, y: rect.y &- baseline, width: rect.width, height: rect.height))
            }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
                let offset = Int(run.pointee.item.pointee.offset)
                guard (offset..<(offset + Int(run.pointee.item.pointee.length))).overlaps(suffix) else { continue }
                var rect = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, &rect, nil)
                if rect.width > 0 && rect.height > 0 {
                    ink.append(PangoRectangle(x: rect.x &- start, y: rect.y &- baseline, width: rect.width, height: rect.height))
                }
            } while pango_layout_iter_next_run(iterator) != 0
        }
        guard let box = layout.lineBoxes.first else { return nil }
        joinsMarks = Int(kept.length) > keptBytes - runStart
        self.width = width
        self.hang = hang
        self.tally = tally
        suffixCharacters = characters
        suffixInk = ink
        self.box = box
    }

    /// The width of the white space that ends a left-to-right run (its last character's glyphs), 0
    /// when it ends in something else.
    static func trailingWhite(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>, item: UnsafeMutablePointer<PangoItem>, text: UnsafePointer<CChar>
    ) -> Int32 {
        let length = Int(item.pointee.length)
        guard length > 0 else { return 0 }
        let start = text + Int(item.pointee.offset)
        var last = length - 1
        while last > 0 && UInt8(bitPattern: start[last]) & 0xC0 == 0x80 { last -= 1 }
        guard g_unichar_isspace(g_utf8_get_char(start + last)) != 0 else { return 0 }
        var width: Int32 = 0
        for index in 0..<Int(glyphs.pointee.num_glyphs) where Int(glyphs.pointee.log_clusters[index]) >= last {
            width &+= glyphs.pointee.glyphs[index].geometry.width
        }
        return width
    }
}
