/// What one text's cut did with one template at one width: a line of `cases.jsonl`.
public struct ScanCase: Sendable, Equatable {
    public var id: String
    public var template: String
    public var width: Double
    public var truncated: Bool
    /// Characters (Unicode scalars) of the text, and those kept before the ellipsis.
    public var characters: Int
    public var kept: Int
    /// Lines of the collapsed card.
    public var lines: Int
    /// The ellipsis and suffix did not fit on the last line and wrapped.
    public var suffixWraps: Bool
    /// The cut fell inside a word (no word fitted), by characters.
    public var characterCut: Bool
    /// Glyphs no font had (tofu).
    public var unknownGlyphs: Int
    /// The fonts the card drew with, in order of first use.
    public var fonts: [String]
    public var lints: [CutLint]

    public init(
        id: String, template: String, width: Double, truncated: Bool, characters: Int, kept: Int, lines: Int,
        suffixWraps: Bool, characterCut: Bool, unknownGlyphs: Int, fonts: [String], lints: [CutLint]
    ) {
        self.id = id
        self.template = template
        self.width = width
        self.truncated = truncated
        self.characters = characters
        self.kept = kept
        self.lines = lines
        self.suffixWraps = suffixWraps
        self.characterCut = characterCut
        self.unknownGlyphs = unknownGlyphs
        self.fonts = fonts
        self.lints = lints
    }

    /// The share of the text the collapsed card shows, 0–1 (1 for an empty text).
    public var shownShare: Double { characters == 0 ? 1 : Double(kept) / Double(characters) }
}
