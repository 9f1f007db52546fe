/// One rendered card picture: its PNG bytes and what is where on it.
public struct RenderedCard: Sendable {
    public var state: CardState
    public var png: [UInt8]
    public var metadata: CardMetadata
}

/// What a card shows, in points in card coordinates (from the card's top-left).
public struct CardMetadata: Sendable, Equatable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Card size in points.
    public var width: Double
    public var height: Double
    public var truncated: Bool
    /// The text shown before the ellipsis (plain text, trailing white space removed).
    public var kept: String
    public var lineCount: Int
    /// The visible lines of the body, ellipsis and suffix included where inline.
    public var lines: [String]
    /// The suffix (or link) text's rectangle; nil when there is none.
    public var suffixRect: Rect?
    /// The suffix's tap target: `suffixRect` grown to at least 44×44 pt, kept inside the card.
    public var hitRect: Rect?
    public var fonts: [String]
    public var fontFallback: Bool
    public var fontSubstitutions: [FontSubstitution]
    public var unknownGlyphs: Int
    /// Files of the fonts drawn, in order of first use.
    public var fontFiles: [String] = []

    /// The smallest comfortable tap target, in points (Apple's Human Interface Guidelines).
    public static let minimumHitSize = 44.0

    /// `rect` grown around its center to at least 44×44 pt, then moved (and if need be cut) to lie inside the card.
    static func hitRect(around rect: Rect, cardWidth: Double, cardHeight: Double) -> Rect {
        func span(_ start: Double, _ length: Double, limit: Double) -> (Double, Double) {
            let grown = max(length, minimumHitSize)
            var origin = start + length / 2 - grown / 2
            origin = min(max(origin, 0), max(limit - grown, 0))
            return (origin, min(grown, limit - origin))
        }
        let (x, width) = span(rect.x, rect.width, limit: cardWidth)
        let (y, height) = span(rect.y, rect.height, limit: cardHeight)
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension CardMetadata: JSONRepresentable {
    public var json: JSONValue {
        .object([
            ("pixelWidth", .number(Double(pixelWidth))),
            ("pixelHeight", .number(Double(pixelHeight))),
            ("width", .number(width)),
            ("height", .number(height)),
            ("truncated", .bool(truncated)),
            ("kept", .string(kept)),
            ("lineCount", .number(Double(lineCount))),
            ("lines", .array(lines.map { .string($0) })),
            ("suffixRect", suffixRect?.json ?? .null),
            ("hitRect", hitRect?.json ?? .null),
        ])
    }
}
