import SeeMoreSupport
import SeeMoreText

/// A link, mention or hashtag as a card shows it: what it is, its whole text (a URL cut by the card
/// keeps its full address here), the characters of it the card shows, and where they are drawn —
/// one rectangle per line, as tap targets.
public struct CardEntity: Sendable, Equatable {
    public var kind: TextEntity.Kind
    public var text: String
    /// The characters of the card's text (`CardMetadata.kept`) it covers, in Unicode scalars.
    public var range: Range<Int>
    /// In points from the card's top-left, in line order.
    public var rects: [Rect]

    var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("text", .string(text)),
            ("range", .array([.number(Double(range.lowerBound)), .number(Double(range.upperBound))])),
            ("rects", .array(rects.map(\.json))),
        ])
    }
}
