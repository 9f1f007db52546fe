import SeeMoreSupport

/// Where the collapsed text may end.
public enum CutMode: String, CaseIterable, Codable, Sendable {
    /// At a line-break opportunity (between words; between CJK characters), falling back to
    /// `grapheme` when that would leave the last visible line without text.
    case word
    /// At any grapheme boundary.
    case grapheme

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
