import CPangoCairo

/// A font's vertical metrics in points, at the size it was loaded.
struct FontMetrics: Equatable {
    /// The font size the metrics were measured at.
    var size: Double
    var ascent: Double
    var descent: Double
    /// Distance between baselines the font asks for (ascent, descent and line gap).
    var height: Double

    /// The metrics of the font fontconfig picks for `description` in `context`.
    /// - Throws: `PangoError.creationFailed` when no font can be loaded at all.
    static func load(_ description: FontDescription, context: TextContext) throws -> FontMetrics {
        guard let font = pango_context_load_font(context.pointer, description.pointer) else {
            throw PangoError.creationFailed("a font for \"\(description.string)\"")
        }
        defer { g_object_unref(font) }
        guard let metrics = pango_font_get_metrics(font, nil) else {
            throw PangoError.creationFailed("the metrics of \"\(description.string)\"")
        }
        defer { pango_font_metrics_unref(metrics) }
        let ascent = PangoUnits.toPoints(pango_font_metrics_get_ascent(metrics))
        let descent = PangoUnits.toPoints(pango_font_metrics_get_descent(metrics))
        let height = PangoUnits.toPoints(pango_font_metrics_get_height(metrics))
        return FontMetrics(
            size: description.size ?? TruncationRequest.defaultFontSize, ascent: ascent, descent: descent,
            height: height > 0 ? height : ascent + descent)
    }
}
