import CPangoCairo
import SeeMoreSupport

/// What fonts a layout draws its text in: the runs, families and files Pango chose, and the glyphs
/// no font had.
extension Layout {
    /// Glyphs that no font had (drawn as hex boxes, "tofu").
    package var unknownGlyphCount: Int { unknownGlyphCount(inLines: nil) }

    /// Glyphs that no font had in the lines `wanted` (0-based), or in all lines.
    func unknownGlyphCount(inLines wanted: Range<Int>?) -> Int {
        let flag = seemore_glyph_unknown_flag()
        var count = 0
        forEachRun(inLines: wanted) { item in
            guard let glyphs = item.pointee.glyphs else { return }
            for index in 0..<Int(glyphs.pointee.num_glyphs) where glyphs.pointee.glyphs[index].glyph & flag != 0 {
                count += 1
            }
        }
        return count
    }

    /// Files of the fonts Pango used, in order of first use.
    package var fontFiles: [String] {
        var files: [String] = []
        forEachRun { item in
            guard let font = item.pointee.item.pointee.analysis.font, let file = seemore_font_file(font) else { return }
            let path = String(cString: file)
            if !files.contains(path) { files.append(path) }
        }
        return files
    }

    /// The layout's text as UTF-8 bytes (what its byte offsets index).
    package var textBytes: [UInt8] {
        guard let text = pango_layout_get_text(pointer) else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The family each glyph run of the lines `wanted` (or of all) is drawn in, with its bytes, in order.
    package func fontRuns(inLines wanted: Range<Int>?) -> [(bytes: Range<Int>, family: String)] {
        var runs: [(bytes: Range<Int>, family: String)] = []
        forEachRun(inLines: wanted) { item in
            let analysis = item.pointee.item.pointee
            guard let font = analysis.analysis.font, let family = context.fontFacts.family(of: font) else { return }
            let start = Int(analysis.offset)
            runs.append((start..<(start + Int(analysis.length)), family))
        }
        return runs
    }

    /// The family each item of the whole text is drawn in, with its bytes, in order: the fonts
    /// `fontRuns(inLines: nil)` reads from the lines, found by Pango's itemization alone, without
    /// shaping or breaking the text. The layout itemizes each paragraph in its base direction with
    /// its attributes that affect itemization under its font description; so does this. Items are
    /// not split where lines end or colors change, so runs of one family next to each other may be
    /// split otherwise than the lines' (and the fonts' sizes may differ where Pango emulates a small
    /// caps variant: their families do not).
    package func itemFontRuns() -> [(bytes: Range<Int>, family: String)] {
        guard let text = pango_layout_get_text(pointer) else { return [] }
        // Only the attributes that affect itemization, as the layout filters them (each kept as it
        // is: an attribute's end starts an item even where the next one has the same value).
        var filtered: OpaquePointer? = nil
        if let attributes = pango_layout_get_attributes(pointer) {
            let copy = pango_attr_list_copy(attributes)
            defer { pango_attr_list_unref(copy) }
            filtered = pango_attr_list_filter(copy, { attribute, _ in seemore_attr_affects_itemization(attribute) }, nil)
        }
        guard let list = filtered ?? pango_attr_list_new() else { return [] }
        defer { pango_attr_list_unref(list) }
        if let description = pango_layout_get_font_description(pointer) {
            pango_attr_list_insert_before(list, pango_attr_font_desc_new(description))
        }
        let length = Int(strlen(text))
        let autoDirection = pango_layout_get_auto_dir(pointer) != 0
        var previous = pango_find_base_dir(text, Int32(length))
        if previous == PANGO_DIRECTION_NEUTRAL { previous = pango_context_get_base_dir(context.pointer) }
        var runs: [(bytes: Range<Int>, family: String)] = []
        var start = 0
        while true {
            var delimiter: Int32 = 0
            var next: Int32 = 0
            pango_find_paragraph_boundary(text + start, Int32(length - start), &delimiter, &next)
            var direction = pango_context_get_base_dir(context.pointer)
            if autoDirection {
                direction = pango_find_base_dir(text + start, delimiter)
                if direction == PANGO_DIRECTION_NEUTRAL { direction = previous } else { previous = direction }
            }
            let items =
                delimiter > 0
                ? pango_itemize_with_base_dir(context.pointer, direction, text, Int32(start), delimiter, list, nil) : nil
            var node = items
            while let current = node {
                if let item = current.pointee.data?.assumingMemoryBound(to: PangoItem.self) {
                    if let font = item.pointee.analysis.font, let family = context.fontFacts.family(of: font) {
                        let offset = Int(item.pointee.offset)
                        runs.append((offset..<(offset + Int(item.pointee.length)), family))
                    }
                    pango_item_free(item)
                }
                node = current.pointee.next
            }
            g_list_free(items)
            if start + Int(delimiter) >= length || next <= 0 { break }
            start += Int(next)
        }
        return runs
    }

    /// Families of the fonts Pango used, in order of first use.
    package var familiesUsed: [String] { familiesUsed(inLines: nil) }

    /// Families drawn in a bold the font has no face for (fontconfig's synthetic emboldening), in
    /// order of first use.
    package var syntheticBoldFamilies: [String] { families { seemore_font_is_synthetic_bold($0) != 0 } }

    /// Families drawn slanted by fontconfig for an italic the font has no face for (a synthetic
    /// oblique), in order of first use.
    package var syntheticObliqueFamilies: [String] { families { seemore_font_is_synthetic_oblique($0) != 0 } }

    /// Families of the runs whose font `holds`, in order of first use.
    private func families(where holds: (UnsafeMutablePointer<PangoFont>) -> Bool) -> [String] {
        var families: [String] = []
        forEachRun { item in
            guard let font = item.pointee.item.pointee.analysis.font, holds(font),
                let family = context.fontFacts.family(of: font), !families.contains(family)
            else { return }
            families.append(family)
        }
        return families
    }

    /// Families of the fonts Pango used in the lines `wanted` (0-based), or in all, in order of first use.
    func familiesUsed(inLines wanted: Range<Int>?) -> [String] {
        var families: [String] = []
        forEachRun(inLines: wanted) { item in
            guard let font = item.pointee.item.pointee.analysis.font,
                let family = context.fontFacts.family(of: font), !families.contains(family)
            else { return }
            families.append(family)
        }
        return families
    }
}
