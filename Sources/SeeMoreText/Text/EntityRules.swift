import SeeMoreSupport

/// Which rules find a text's links, mentions and hashtags (a template's `links.rules`): `feed`, the
/// rules SeeMore documents for any feed (mentions in any script), or `x`, as X finds them
/// (twitter-text: a mention is 1 to 20 of `A-Z a-z 0-9 _`, so `@tanakaさん` mentions `@tanaka`).
/// Both find links and hashtags alike; `EntityScanner` has the rules.
public enum EntityRules: String, CaseIterable, Codable, Sendable {
    case feed
    case x

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
