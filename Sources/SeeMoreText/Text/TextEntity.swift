/// A span of a text that reads as one unit and that apps style and make tappable: a link, an
/// `@mention`, a `#hashtag`, or a span a caller marks itself. The cut never falls inside one in word
/// mode, and cards draw them in the theme's link color.
public struct TextEntity: Equatable, Hashable, Sendable {
    public enum Kind: String, CaseIterable, Codable, Sendable {
        case url
        case mention
        case hashtag
        /// Marked by the caller (a suite's text), for kinds SeeMore does not find itself.
        case marked
    }

    public var kind: Kind
    /// The characters (Unicode scalars, as Pango and Twitter's API count them) of the plain text it covers.
    public var range: Range<Int>

    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// The entities of `text` in order: URLs (`http://`, `https://`, `www.`), mentions (`@name`) and
    /// hashtags (`#tag`, in any script's letters, Hangul and kana included), found by `EntityScanner`.
    public static func find(in text: String, rules: EntityRules = .feed) -> [TextEntity] {
        EntityScanner(text, rules: rules).entities
    }
}
