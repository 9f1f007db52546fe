import SeeMoreSupport

/// How strictly lines break around CJK punctuation and small kana: CSS Text 3's `line-break`, with
/// the break opportunities of ICU's line-break iterator (UAX #14 with CSS's tailorings), which the
/// web (Chromium, WebKit), Android (`LineBreakConfig`) and iOS break lines with.
public enum LineBreak: String, Sendable, CaseIterable, Codable {
    /// The locale's own: `normal` for Japanese and Chinese texts (`lang` ja, zh), `strict` else, as
    /// Chromium's and Android's ICU do. Android: `LINE_BREAK_STYLE_NONE`; iOS: `.standard`.
    case auto
    /// Also breaks before iteration marks, CJK hyphens and inseparable characters (`…`), and around
    /// centered punctuation. Android: `LINE_BREAK_STYLE_LOOSE`.
    case loose
    /// May start a line with a small kana or `ー` (UAX #14's class CJ as ideographs).
    /// Android: `LINE_BREAK_STYLE_NORMAL`.
    case normal
    /// Never starts a line with a small kana, `ー` or `々` (CJ as non-starters).
    /// Android: `LINE_BREAK_STYLE_STRICT`.
    case strict
    /// Breaks between any two graphemes, punctuation and spaces included, and nowhere else needs.
    case anywhere

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
