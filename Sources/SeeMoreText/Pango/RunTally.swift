import CPangoCairo

/// What a line's description sums over its runs: the largest ascent of their logical extents (where
/// Pango puts the line's baseline), the glyphs no font had, and the fonts' families in order of first use.
struct RunTally {
    var ascent: Int32 = 0
    var unknownGlyphs = 0
    var families: [String] = []

    /// Adds a run of `glyphs` shaped as `item`, raised by `yOffset` (its baseline shift); `facts` names its font.
    mutating func add(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>, item: UnsafeMutablePointer<PangoItem>, yOffset: Int32 = 0,
        facts: FontFacts
    ) {
        var logical = PangoRectangle()
        pango_glyph_string_extents(glyphs, item.pointee.analysis.font, nil, &logical)
        logical.y &-= yOffset
        ascent = max(ascent, 0 &- logical.y)
        let flag = seemore_glyph_unknown_flag()
        for index in 0..<Int(glyphs.pointee.num_glyphs) where glyphs.pointee.glyphs[index].glyph & flag != 0 {
            unknownGlyphs += 1
        }
        if let font = item.pointee.analysis.font, let family = facts.family(of: font), !families.contains(family) {
            families.append(family)
        }
    }
}
