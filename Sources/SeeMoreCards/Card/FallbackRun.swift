import SeeMoreSupport

/// Text drawn in another font than the one asked for: the requested font has no glyph for it, so
/// fontconfig's fallback drew it (Vietnamese vowels of a Korean font in DejaVu Sans, hanja of zh-Hant
/// text in Noto Sans CJK). The requested family may well be installed: `fontFallback` says nothing then.
public struct FallbackRun: Sendable, Equatable {
    /// The characters, as drawn.
    public var text: String
    /// Where they start in the text of the piece they belong to (body, suffix, header), and how many
    /// there are, in Unicode scalars.
    public var start: Int
    public var length: Int
    /// The family that drew them, and the family asked for.
    public var font: String
    public var requested: String

    package init(text: String, start: Int, length: Int, font: String, requested: String) {
        (self.text, self.start, self.length, self.font, self.requested) = (text, start, length, font, requested)
    }

    var json: JSONValue {
        .object([
            ("text", .string(text)), ("start", .number(Double(start))), ("length", .number(Double(length))),
            ("font", .string(font)), ("requested", .string(requested)),
            ("reason", .string("\(requested) has no glyph for it")),
        ])
    }
}
