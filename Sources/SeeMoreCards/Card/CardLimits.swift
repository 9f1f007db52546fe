import SeeMoreText

/// What a card request may ask, whoever asks: the one table of limits that `render`'s flags, the
/// fields of `serve` and `render --batch` (`CardFields`), suite matrices, templates and
/// `CardRenderer` check, each problem said the same way ("width must be …, not '…'"). A server may
/// allow less width and fewer lines (`--max-width`, `--max-lines`), never more, and sets its own text
/// length (`--max-text`). docs/reference.md has the table ("Limits").
package enum CardLimits {
    /// The widest card, in points: at @3x it stays inside Cairo's 32 767-pixel images.
    package static let maximumWidth = 10_000.0
    /// The most lines a collapsed card may keep (`TruncationRequest.maximumLines`).
    package static let maximumLines = TruncationRequest.maximumLines
    /// Pixels per point.
    package static let scales = 1...3
    /// The most pixels a card's picture may have (width × height × scale²): 2²⁵, 128 MiB a picture,
    /// a card 414 pt wide at @3x up to 9 000 pt tall. A larger one is refused before it is painted.
    package static let maximumPixelArea = 1 << 25
    /// The longest text a card request given as fields (an HTTP request, a batch line) may have, in
    /// characters: a stranger's text is laid out whole on the expanded card.
    package static let maximumFieldTextCharacters = 100_000

    /// Why `width` cannot be a card's width (said after the field's name), or nil.
    package static func widthProblem(_ width: Double, maximum: Double = maximumWidth) -> String? {
        width.isFinite && width > 0 && width <= maximum ? nil : "must be a number of points above 0 and at most \(Int(maximum))"
    }

    /// Why `lines` cannot be a line limit, or nil.
    package static func linesProblem(_ lines: Int, maximum: Int = maximumLines) -> String? {
        (1...maximum).contains(lines) ? nil : "must be a whole number from 1 to \(maximum)"
    }

    /// Why `scale` cannot be a scale, or nil.
    package static func scaleProblem(_ scale: Int) -> String? {
        scales.contains(scale) ? nil : "must be 1, 2 or 3"
    }
}
