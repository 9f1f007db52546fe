import CPangoCairo

/// Font sizes by font, looked up once (`pango_font_describe` allocates); fonts are held while listed.
final class FontSizes {
    private var sizes: [UnsafeMutablePointer<PangoFont>: Double?] = [:]

    deinit {
        let fonts = Array(sizes.keys)
        TextStack.serialized { for font in fonts { g_object_unref(font) } }
    }

    /// The size in points the font was loaded at, nil when it has none.
    func size(of font: UnsafeMutablePointer<PangoFont>) -> Double? {
        if let known = sizes[font] { return known }
        if sizes.count >= 256 {
            for font in sizes.keys { g_object_unref(font) }
            sizes.removeAll()
        }
        var size: Double? = nil
        if let description = pango_font_describe(font) {
            let units = pango_font_description_get_size(description)
            size = units > 0 ? PangoUnits.toPoints(units) : nil
            pango_font_description_free(description)
        }
        g_object_ref(font)
        sizes[font] = size
        return size
    }
}
