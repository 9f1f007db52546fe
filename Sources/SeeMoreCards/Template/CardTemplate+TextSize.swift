import SeeMoreText

extension CardTemplate {
    /// The template at text size `size`, as the platform scales an app's text: the body font and a
    /// line height in points by the body's text style, a suffix font with a size of its own by the
    /// suffix's style (the body's when it names none), the header's fonts by the header's style. A
    /// line height that is a multiple of the font size or the font's own follows the font by itself;
    /// paddings, the avatar and the card's width stay as they are.
    /// - Throws: `PangoError` for a font that is no Pango description (a template's fonts are checked
    ///   when it is read, so this does not happen for a loaded template).
    package func scaled(for size: TextSize) throws -> CardTemplate {
        var scaled = self
        let bodyStyle = body.textStyle
        scaled.body.font = try FontDescription.resized(body.font) { size.scaled($0, style: bodyStyle) }
        if case .points(let points) = body.lineHeight { scaled.body.lineHeight = .points(size.scaled(points, style: bodyStyle)) }
        if let font = suffix.font {
            let style = suffix.textStyle ?? bodyStyle
            scaled.suffix.font = try FontDescription.resized(font) { size.scaled($0, style: style) }
        }
        if let header {
            let style = header.textStyle
            scaled.header?.font = try FontDescription.resized(header.font) { size.scaled($0, style: style) }
            if let handleFont = header.handleFont {
                scaled.header?.handleFont = try FontDescription.resized(handleFont) { size.scaled($0, style: style) }
            }
        }
        return scaled
    }
}
