import SeeMoreSupport

/// Whether a word longer than a line, broken inside, gets a hyphen.
public enum Hyphens: String, Sendable, CaseIterable, Codable {
    /// No hyphen, as CSS's default (`hyphens: manual`) and iOS draw it.
    case none
    /// Pango's hyphen at every break inside a word; `lines` shows it.
    case auto

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
