import SeeMoreText

/// How a collapsed card cuts its text (`CardRenderer.cut`): the body's cut, the plain text it was cut
/// from, and the words drawn in two fonts.
public struct CardCut: Sendable, Equatable {
    /// The body's cut: `cutIndex` counts characters of `plainText`.
    public var truncation: Truncation
    /// The body's plain text as drawn: links shortened where the template says so, entities isolated
    /// in right-to-left text (`ShownEntities`), an inline name first.
    public var plainText: String
    /// Characters of `plainText` before the text itself (an inline name and its space).
    public var prefix: Int
    /// One line per word drawn in more than one font, as `CardMetadata.mixedFonts`.
    public var mixedFonts: [String] = []
    /// The body's text drawn by fontconfig's fallback, as `CardMetadata.fallbackRuns`.
    public var fallbackRuns: [FallbackRun] = []
}
