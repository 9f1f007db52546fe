import CPangoCairo

/// Lays out only the last visible line of a collapsed text: line N of the uncut text up to the cut,
/// then the ellipsis and suffix.
///
/// Once the kept text holds the whole first word of line N, lines 1…N−1 of the collapsed text are
/// those of the uncut text: a greedy line breaker fixed line N−1 because that word did not fit on it,
/// and it still does not. So `kept(k) + ellipsis + suffix` fits in N lines exactly when the part from
/// line N on fits in one line, which is a layout of one line instead of N. The paragraph's direction is
/// carried over from its start (Pango decides it from the first strong character), so the short layout
/// breaks and shapes as the long one does.
final class LastLineLayout {
    private let context: TextContext
    /// Holds the last text measured (`LinesAbove` describes a cut from it).
    let layout: Layout
    /// How many texts `layout` has held: a measurement that knows its number knows whether the
    /// layout still holds its text.
    private(set) var measurements = 0
    /// Widths of endings already measured (see `width(of:textStart:style:)`), by what decides them.
    private var endingWidths: [WidthKey: Double?] = [:]
    /// Measures endings after a run (see `endingRuns`), apart from `layout`, which may hold a cut's last line.
    private let endingLayout: Layout
    /// Endings already measured after a run, by what decides them; nil when they cannot be measured so.
    private var endingRunsKnown: [EndingKey: EndingRuns?] = [:]
    /// The fonts `endingRunsKnown`'s keys name, held so that no other font takes their address.
    private var heldFonts: [UnsafeMutablePointer<PangoFont>] = []

    init(fontMap: FontMap) throws {
        context = try TextContext(fontMap: fontMap)
        layout = try Layout(context: context)
        endingLayout = try Layout(context: context)
    }

    deinit {
        let fonts = heldFonts
        TextStack.serialized { for font in fonts { g_object_unref(font) } }
    }

    /// Whether a layout of the text from `lineStart` on itemizes its characters as the whole text does.
    ///
    /// Pango gives characters of no script of their own (spaces, punctuation, combining marks) the
    /// script of the run they follow, and a closing bracket the script of its opening one; so the line
    /// must start with a character of a real script, and no bracket or quotation mark may be left open
    /// before it in its paragraph. Otherwise the line's first spaces could fall to another font.
    ///
    /// An isolate's initiator (LRI, RLI, FSI: a card puts them around a link, a mention or a hashtag)
    /// may come first: it has no width, and a level of its own (the paragraph's), so it is an item
    /// of its own either way; what follows it must then be of a real script.
    static func standsAlone(_ text: IndexedText, lineStart: Int) -> Bool {
        var first = lineStart
        while first < text.scalars.count - 1, IndexedText.isIsolateInitiator(text.scalars[first]) { first += 1 }
        let script = g_unichar_get_script(gunichar(text.scalars[first].value))
        guard script != G_UNICODE_SCRIPT_COMMON, script != G_UNICODE_SCRIPT_INHERITED, script != G_UNICODE_SCRIPT_UNKNOWN else {
            return false
        }
        var open = 0
        var index = lineStart
        while index > 0 && !IndexedText.isParagraphSeparator(text.scalars[index - 1]) {
            index -= 1
            let value = text.scalars[index].value
            if value < 0x80 {  // ASCII: only the brackets open or close
                switch value {
                case 0x28, 0x5B, 0x7B: open += 1
                case 0x29, 0x5D, 0x7D: open -= 1
                default: break
                }
                continue
            }
            // GLib's table: Swift's `properties.generalCategory` looks much more up for each character.
            switch g_unichar_type(gunichar(value)) {
            case G_UNICODE_OPEN_PUNCTUATION, G_UNICODE_INITIAL_PUNCTUATION: open += 1
            case G_UNICODE_CLOSE_PUNCTUATION, G_UNICODE_FINAL_PUNCTUATION: open -= 1
            default: break
            }
        }
        return open <= 0
    }

    /// Whether a layout of the line starting at `lineStart` alone shapes and orders it as the whole
    /// text does, beyond `standsAlone`'s itemizing: no isolate (LRI, RLI, FSI without its PDI),
    /// embedding or override is open there in its paragraph (the line alone would not hold it, so its
    /// characters could take other bidi levels: a line starting inside an RLI of a right-to-left
    /// paragraph is drawn two levels lower), and the line does not continue a word of a script whose
    /// letters join (broken across lines, the word is shaped across the break: an Arabic letter
    /// starting the line takes its final form, alone its initial or isolated one).
    static func shapesAlone(_ text: IndexedText, lineStart: Int) -> Bool {
        if lineStart > 0 && joins(text.scalars[lineStart - 1]) && joins(text.scalars[lineStart]) { return false }
        return text.isolatesOpen(at: lineStart, embeddingsBefore: lineStart) == 0
    }

    /// Whether `scalar` is a letter of a joining script (`LetterScript.joinsNeighbors`), a joiner, or a
    /// mark (of the script of the letter it is on).
    private static func joins(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200D}" || LetterScript.joinsNeighbors(scalar)
            || g_unichar_get_script(gunichar(scalar.value)) == G_UNICODE_SCRIPT_INHERITED
    }

    /// The direction to lay out a line starting at `lineStart` with: that of the first strong
    /// character of its paragraph before it, or nil when there is none (then the line's own text decides).
    static func paragraphDirection(of text: IndexedText, before lineStart: Int) -> TextDirection? {
        let start = text.paragraphStart(before: lineStart)
        return StrongDirection.of(text.bytes[text.byteOffsets[start]..<text.byteOffsets[lineStart]])
    }

    /// Lines of `bytes` laid out in `style`, and the line on which byte `marker` lies; nil when the
    /// text has no strong character and no direction is given (Pango would then borrow the previous
    /// paragraph's direction, which this layout cannot know). `direction` nil or `.auto`: the text's own.
    func measure(
        _ kept: ArraySlice<UInt8>, ending: Ending, textStart: Int, marker: Int, direction: TextDirection?, style: TextStyle
    ) throws -> (lines: Int, markerLine: Int)? {
        switch direction {
        case .ltr?, .rtl?:
            pango_context_set_base_dir(context.pointer, direction == .rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
            pango_layout_set_auto_dir(layout.pointer, 0)
            // At the paragraph's start edge, as the whole text's layout puts it (which finds a right-to-left
            // paragraph's direction itself and turns its alignment around, or is aligned right when
            // told the direction): so the line describes a cut where the whole text's line N lies.
            pango_layout_set_alignment(layout.pointer, direction == .rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .auto?, nil:
            guard StrongDirection.of(kept + ending.bytes) != nil else { return nil }
            pango_layout_set_auto_dir(layout.pointer, 1)
            pango_layout_set_alignment(layout.pointer, PANGO_ALIGN_LEFT)
        }
        pango_layout_context_changed(layout.pointer)
        measurements += 1
        try style.apply(kept, ending: ending, to: layout, textStart: textStart)
        return (layout.lineCount, layout.line(ofByte: marker))
    }

    /// The width of `ending` laid out alone in a left-to-right paragraph, in points; nil when it takes
    /// more than one line.
    func width(of ending: Ending, textStart: Int, style: TextStyle) throws -> Double? {
        // Nothing of the text is laid out with it: the fonts, the ending's language and the line width decide.
        let key = WidthKey(
            body: style.fonts.body.string, suffix: style.fonts.suffix.string, language: style.language.ending,
            width: style.width, ending: ending.bytes)
        if let known = endingWidths[key] { return known }
        if endingWidths.count >= 256 { endingWidths.removeAll() }
        let measured = try measureWidth(of: ending, textStart: textStart, style: style)
        endingWidths[key] = measured
        return measured
    }

    /// How `ending` lays out after the kept text `line` (bytes of the text from a last line's start
    /// to the cut), whose last run starts at byte `runStart` of the text with the analysis `run` and
    /// whose first run has the analysis `first` (see `EndingRuns`): measured in a layout of that line,
    /// once per style, paragraph direction and font, script and language of the two runs; nil when
    /// that layout does not keep the last run as one item with the same analysis.
    func endingRuns(
        line: Range<Int>, runStart: Int, run: PangoAnalysis, first: PangoAnalysis, of text: IndexedText, ending: Ending,
        style: TextStyle, rightToLeft: Bool
    ) throws -> EndingRuns? {
        guard let font = run.font, let firstFont = first.font else { return nil }
        let key = EndingKey(
            runFont: UInt(bitPattern: font), runScript: run.script, runLanguage: UInt(bitPattern: run.language),
            firstFont: UInt(bitPattern: firstFont), firstScript: first.script, firstLanguage: UInt(bitPattern: first.language),
            rightToLeft: rightToLeft, style: style.key, ending: ending.bytes)
        if let known = endingRunsKnown[key] { return known }
        if endingRunsKnown.count >= 256 {
            endingRunsKnown.removeAll()
            for font in heldFonts { g_object_unref(font) }
            heldFonts.removeAll()
        }
        pango_context_set_base_dir(context.pointer, rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        pango_layout_set_auto_dir(endingLayout.pointer, 0)
        pango_layout_context_changed(endingLayout.pointer)
        try style.apply(text.bytes[line], ending: ending, to: endingLayout, textStart: line.lowerBound)
        endingLayout.setUnwrapped()
        let measured = EndingRuns(
            layout: endingLayout, keptBytes: line.count, runStart: runStart - line.lowerBound, run: run, ending: ending)
        for held in [font, firstFont] {
            g_object_ref(held)
            heldFonts.append(held)
        }
        endingRunsKnown[key] = measured
        return measured
    }

    /// What decides an ending's width laid out alone.
    private struct WidthKey: Hashable {
        let body: String
        let suffix: String
        let language: String?
        let width: Double
        let ending: [UInt8]
    }

    /// What decides `EndingRuns`: the font, script and language of the kept text's last run and of
    /// the line's first run (by address; the fonts are held), the paragraph's direction, the style,
    /// and the ending.
    private struct EndingKey: Hashable {
        let runFont: UInt
        let runScript: UInt8
        let runLanguage: UInt
        let firstFont: UInt
        let firstScript: UInt8
        let firstLanguage: UInt
        let rightToLeft: Bool
        let style: TextStyle.Key
        let ending: [UInt8]
    }

    private func measureWidth(of ending: Ending, textStart: Int, style: TextStyle) throws -> Double? {
        pango_context_set_base_dir(context.pointer, PANGO_DIRECTION_LTR)
        pango_layout_set_auto_dir(layout.pointer, 0)
        pango_layout_context_changed(layout.pointer)
        try style.apply([UInt8](), ending: ending, to: layout, textStart: textStart)
        guard layout.lineCount == 1 else { return nil }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
