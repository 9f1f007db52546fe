import SeeMoreSupport

/// Where a paragraph was cut and how its collapsed form lays out.
public struct Truncation: Equatable, Sendable {
    /// True when the text did not fit and ends in the ellipsis and suffix.
    public var truncated: Bool
    /// The text kept before the ellipsis (the whole text, trailing white space removed, when not truncated).
    public var kept: String
    /// Lines of the collapsed layout (of the text itself when not truncated; 0 for empty text).
    public var lineCount: Int
    /// Lines of the uncut text, trailing white space removed; a lower bound when not exact.
    public var fullLineCount: Int
    /// False when the text was longer than `fullCountLimit` and too long to lay out whole.
    public var fullLineCountIsExact: Bool
    /// The visible lines' text, the ellipsis and suffix included.
    public var lines: [String]
    /// The suffix's logical rectangle in points from the layout's top-left; nil when not truncated or empty.
    public var suffixRect: Rect?
    /// One rectangle per line the suffix occupies (more than one when it wraps); empty without a suffix.
    public var suffixRects: [Rect] = []
    /// True when ellipsis and suffix were too wide for one line and had to wrap.
    public var suffixWraps: Bool
    /// Glyphs no font had (tofu) in the visible layout.
    public var unknownGlyphs: Int
    /// Families of the fonts actually used, in order of first use.
    public var fonts: [String]
    /// True when a requested font family was not found and fontconfig used another.
    public var fontFallback: Bool
    /// Each requested family that fontconfig replaced, with what it used instead.
    public var fontSubstitutions: [FontSubstitution]
    /// Number of characters (Unicode scalars) of the text before the cut; the whole text's count when not truncated.
    public var cutIndex: Int
}

/// A requested font family that is not installed, and the family fontconfig used instead.
public struct FontSubstitution: Equatable, Sendable {
    public var requested: String
    public var used: String
}
