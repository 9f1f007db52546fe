import CPangoCairo

/// The size and family of each font a context's layouts used, looked up once (`pango_font_describe`
/// allocates a description each time); fonts are held while listed, so no other takes their address.
final class FontFacts {
    private var facts: [UnsafeMutablePointer<PangoFont>: (size: Double?, family: String?)] = [:]

    deinit {
        let fonts = Array(facts.keys)
        TextStack.serialized { for font in fonts { g_object_unref(font) } }
    }

    /// The size in points the font was loaded at, nil when it has none.
    func size(of font: UnsafeMutablePointer<PangoFont>) -> Double? {
        lookUp(font).size
    }

    /// The font's family name.
    func family(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        lookUp(font).family
    }

    private func lookUp(_ font: UnsafeMutablePointer<PangoFont>) -> (size: Double?, family: String?) {
        if let known = facts[font] { return known }
        if facts.count >= 256 {
            for font in facts.keys { g_object_unref(font) }
            facts.removeAll()
        }
        var found: (size: Double?, family: String?) = (nil, nil)
        if let description = pango_font_describe(font) {
            let units = pango_font_description_get_size(description)
            found.size = units > 0 ? PangoUnits.toPoints(units) : nil
            found.family = pango_font_description_get_family(description).map { String(cString: $0) }
            pango_font_description_free(description)
        }
        g_object_ref(font)
        facts[font] = found
        return found
    }
}
