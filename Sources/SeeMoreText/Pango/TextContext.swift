import CPangoCairo

/// An owned Pango context with SeeMore's fixed, scale-independent layout settings.
///
/// The settings: 72 dpi (1 pt = 1 px at @1x), metrics hinting off, hint style none,
/// gray antialiasing, unrounded glyph positions, automatic base direction, language "c"
/// (as an unset POSIX locale gives) whatever the process locale.
final class TextContext {
    let pointer: OpaquePointer
    /// Keeps the font map alive for as long as the context uses it.
    let fontMap: FontMap
    /// Metrics of the fonts already loaded, by font description.
    private var metricsCache: [String: FontMetrics] = [:]
    /// Sizes and families of the fonts this context's layouts used.
    let fontFacts: FontFacts
    /// For a search's context (`init(searchingWith:)`), the painting context whose caches it shares.
    private let painting: TextContext?

    /// The base direction of the paragraphs of this context's layouts.
    let direction: TextDirection

    /// - Parameter direction: `auto` lets each paragraph's first strong character decide; `ltr` and
    ///   `rtl` force every paragraph of every layout made with this context.
    convenience init(fontMap: FontMap, direction: TextDirection = .auto) throws {
        try self.init(fontMap: fontMap, direction: direction, painting: nil)
    }

    /// A context for the cut's own layouts, with the settings of `painting` and sharing its caches, that
    /// follows the language of the text its layouts hold (`setTextLanguage`).
    convenience init(searchingWith painting: TextContext) throws {
        try self.init(fontMap: painting.fontMap, direction: painting.direction, painting: painting)
    }

    private init(fontMap: FontMap, direction: TextDirection, painting: TextContext?) throws {
        guard let context = pango_font_map_create_context(fontMap.pointer) else {
            throw PangoError.creationFailed("a Pango context")
        }
        self.fontMap = fontMap
        self.pointer = context
        self.direction = direction
        self.painting = painting
        fontFacts = painting?.fontFacts ?? FontFacts()
        switch direction {
        case .auto: break
        case .ltr: pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        case .rtl: pango_context_set_base_dir(context, PANGO_DIRECTION_RTL)
        }
        pango_cairo_context_set_resolution(context, 72)
        guard let options = cairo_font_options_create() else {
            throw PangoError.creationFailed("Cairo font options")
        }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        // Pango would take the language from the process locale, which a host program may set:
        // pin it, so fonts and fallbacks never depend on where SeeMore runs.
        pango_context_set_language(context, Self.neutralLanguage)
    }

    deinit {
        TextStack.serialized { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Tells a search's context the language of the text its layout now holds (nil: "c"). Pango gives it
    /// to what it adds itself, such as the ellipsis of a line limit: in the text's language that ellipsis
    /// shares the text's fontset, where in "c" it costs a fontconfig sort of its own. A painting context
    /// keeps "c": a change would lay its layouts out again, and its cards' layouts are measured before
    /// the next text is set and painted after.
    func setTextLanguage(_ language: String?) {
        guard painting != nil else { return }
        let wanted = language.map { pango_language_from_string(TextLanguage.pangoTag($0)) } ?? Self.neutralLanguage
        if pango_context_get_language(pointer) != wanted { pango_context_set_language(pointer, wanted) }
    }

    /// The language of a context holding no text's: "c", as an unset POSIX locale gives.
    static var neutralLanguage: OpaquePointer? { pango_language_from_string("c") }

    /// The vertical metrics of the font `description` loads for text in `language` (cached by both).
    /// - Throws: `PangoError.creationFailed` when no font can be loaded at all.
    func metrics(for description: FontDescription, language: String?) throws -> FontMetrics {
        if let painting { return try painting.metrics(for: description, language: language) }
        let key = description.string + "\u{0}" + (language ?? "")
        if let known = metricsCache[key] { return known }
        guard let font = firstFont(for: description, language: language) else {
            throw PangoError.creationFailed("a font for \"\(description.string)\"")
        }
        defer { g_object_unref(font) }
        let metrics = try FontMetrics.load(font, description: description, language: pangoLanguage(language))
        metricsCache[key] = metrics
        return metrics
    }

    /// The font fontconfig actually picks for `description` in text of `language`: its family, and
    /// whether any of its family names (localized ones included) is one of `names`.
    /// - Returns: nil when no font could be loaded at all.
    func resolvedFamily(for description: FontDescription, matching names: [String], language: String?) -> (
        family: String, matches: Bool
    )? {
        guard let font = firstFont(for: description, language: language) else { return nil }
        defer { g_object_unref(font) }
        let matches = names.contains { seemore_font_has_family(font, $0) != 0 }
        return (FontDescription.family(of: font) ?? "", matches)
    }

    /// The language a layout gives text tagged `language` (nil: "c").
    private func pangoLanguage(_ language: String?) -> OpaquePointer? {
        language.map { pango_language_from_string(TextLanguage.pangoTag($0)) } ?? Self.neutralLanguage
    }

    /// The first font of the fontset a layout uses for `description` in text of `language` — what
    /// `pango_context_load_font` gives with the context's language — as a new reference. Loaded with
    /// the layouts' own language, it shares their fontset and its fontconfig sort (a sort costs a
    /// one-card process more than laying the card out).
    private func firstFont(for description: FontDescription, language: String?) -> UnsafeMutablePointer<PangoFont>? {
        fontMap.pinResolution()
        guard let fontset = pango_font_map_load_fontset(fontMap.pointer, pointer, description.pointer, pangoLanguage(language))
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
        var first: UnsafeMutablePointer<PangoFont>? = nil
        withUnsafeMutablePointer(to: &first) { slot in
            pango_fontset_foreach(
                fontset,
                { _, font, data in
                    guard let data, let font else { return 1 }
                    data.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self).pointee = font
                    return 1  // the first one only
                }, slot)
        }
        if let first { g_object_ref(first) }
        return first
    }
}
