import CPangoCairo

/// A font's vertical metrics in points, at the size it was loaded.
struct FontMetrics: Equatable {
    /// The font size the metrics were measured at.
    var size: Double
    var ascent: Double
    var descent: Double
    /// Distance between baselines the font asks for (ascent, descent and line gap).
    var height: Double

    /// The metrics of `font`, loaded for `description`, as text in `language` gets them.
    /// - Throws: `PangoError.creationFailed` when Pango has none.
    static func load(_ font: UnsafeMutablePointer<PangoFont>, description: FontDescription, language: OpaquePointer?) throws
        -> FontMetrics
    {
        // With the language the layouts use: Pango keeps a font's metrics per language and makes each
        // by laying out a sample, loading that language's fonts (ascent, descent and height do not
        // depend on it).
        guard let metrics = pango_font_get_metrics(font, language) else {
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
