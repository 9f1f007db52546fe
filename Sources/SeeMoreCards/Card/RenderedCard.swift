import SeeMoreSupport
import SeeMoreText

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
    /// One rectangle per line the suffix occupies (more than one when it wraps); empty without a suffix.
    public var suffixRects: [Rect] = []
    /// The suffix's tap target: `suffixRect` grown to at least 44×44 pt, kept inside the card.
    public var hitRect: Rect?
    public var fonts: [String]
    public var fontFallback: Bool
    public var fontSubstitutions: [FontSubstitution]
    public var unknownGlyphs: Int
    /// Files of the fonts drawn, in order of first use.
    public var fontFiles: [String] = []
    /// The body's line boxes as drawn, in points.
    public var lineBoxes: [Rect] = []
    /// The header line's box (display name and handle) in points; nil without a header line.
    public var headerRect: Rect? = nil
    /// The avatar's square in points; nil without one.
    public var avatarRect: Rect? = nil
    /// Text drawn by fontconfig's fallback because the requested font has no glyph for it.
    public var fallbackRuns: [FallbackRun] = []
    /// One line per word drawn in more than one font ("'Việt' mixes NanumGothic and DejaVu Sans").
    public var mixedFonts: [String] = []
    /// The links, mentions and hashtags of the body text shown, in text order.
    public var entities: [CardEntity] = []
    /// Families drawn in a bold they have no face for (smeared by the renderer, not designed).
    public var syntheticBold: [String] = []
    /// Families drawn slanted for an italic they have no face for (a synthetic oblique), reported as
    /// `syntheticBold` is.
    public var syntheticOblique: [String] = []
    /// The language the body text is shaped and its fallback fonts are picked for (BCP 47), and
    /// whether it was guessed from the text (`TextLanguage.guess`) rather than given (`--lang`, a
    /// template's `body.lang`); nil when nothing was given and nothing could be guessed.
    public var language: String? = nil
    public var languageGuessed = false
    /// The width the body text is broken in (the card's less its padding, indent and avatar), in points.
    package var textWidth = 0.0
    /// The expanded body's lines' widths without the spaces at their ends, in points (what a browser's
    /// character boxes span), from `CardRenderer.measure(_:state:lineWidths:)`; else empty.
    package var lineWidths: [Double] = []

    /// The smallest comfortable tap target, in points (Apple's Human Interface Guidelines).
    public static let minimumHitSize = 44.0

    /// `rect` grown to at least 44×44 pt inside the card, away from the body text where it can: towards
    /// the trailing side (the right, or the left in right-to-left text) and downwards first, since the
    /// text a suffix ends lies before it and above it.
    ///
    /// Tap targets never overlap: the grown rect gives way to each of `avoiding` (the rects of the
    /// links, mentions and hashtags shown) it would cover — its top moves below one on a line above
    /// the suffix, its leading edge past one on the suffix's own line, its bottom above one below.
    /// A card shorter than 44 pt (a one-line caption) gets a target as tall as the card.
    static func hitRect(
        around rect: Rect, cardWidth: Double, cardHeight: Double, rightToLeft: Bool = false, avoiding: [Rect] = []
    ) -> Rect {
        var hit = grownHitRect(around: rect, cardWidth: cardWidth, cardHeight: cardHeight, rightToLeft: rightToLeft)
        for other in avoiding where overlaps(hit, other) {
            if other.y + other.height / 2 <= rect.y {
                // On a line above the suffix: the target starts below it, or at the suffix's own top
                // where the lines' boxes overlap.
                let top = max(hit.y, min(other.y + other.height, rect.y))
                hit = Rect(x: hit.x, y: top, width: hit.width, height: max(0, hit.y + hit.height - top))
            } else if rightToLeft ? other.x >= rect.x + rect.width - 0.5 : other.x + other.width <= rect.x + 0.5 {
                // Before the suffix on its line: the target starts after it.
                if rightToLeft {
                    hit = Rect(x: hit.x, y: hit.y, width: max(0, other.x - hit.x), height: hit.height)
                } else {
                    let left = other.x + other.width
                    hit = Rect(x: left, y: hit.y, width: max(0, hit.x + hit.width - left), height: hit.height)
                }
            } else if other.y >= rect.y + rect.height - 0.5 {
                // Below it (a link under the text): the target ends above it.
                hit = Rect(x: hit.x, y: hit.y, width: hit.width, height: max(0, other.y - hit.y))
            }
        }
        return hit
    }

    /// Whether two rects share an area (touching edges do not).
    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    private static func grownHitRect(around rect: Rect, cardWidth: Double, cardHeight: Double, rightToLeft: Bool) -> Rect {
        /// Grows [start, start + length) to the minimum within [0, limit), first on the preferred side.
        func span(_ start: Double, _ length: Double, limit: Double, growForward: Bool) -> (Double, Double) {
            let size = min(max(length, minimumHitSize), limit)
            let extra = max(0, size - length)
            let origin =
                growForward
                ? start - (extra - min(extra, max(0, limit - (start + length))))
                : start - min(extra, max(0, start))
            return (min(max(origin, 0), max(limit - size, 0)), size)
        }
        let (x, width) = span(rect.x, rect.width, limit: cardWidth, growForward: !rightToLeft)
        let (y, height) = span(rect.y, rect.height, limit: cardHeight, growForward: true)
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension CardMetadata: JSONRepresentable {
    package var json: JSONValue {
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
            ("suffixRects", .array(suffixRects.map(\.json))),
            ("hitRect", hitRect?.json ?? .null),
            ("lineBoxes", .array(lineBoxes.map(\.json))),
            ("headerRect", headerRect?.json ?? .null),
            ("avatarRect", avatarRect?.json ?? .null),
            ("fallbackRuns", .array(fallbackRuns.map(\.json))),
            ("mixedFonts", .array(mixedFonts.map { .string($0) })),
            ("entities", .array(entities.map(\.json))),
            ("syntheticBold", .array(syntheticBold.map { .string($0) })),
            ("syntheticOblique", .array(syntheticOblique.map { .string($0) })),
        ])
    }
}
