import CPangoCairo

/// Lays out paragraphs and finds the ellipsize-plus-suffix cut.
///
/// An engine owns its own Pango font map and context, so it must stay on one thread at a time;
/// make one engine per worker thread.
public final class LayoutEngine {
    let context: TextContext
    let layout: Layout
    let lastLine: LastLineLayout
    /// Font substitutions already looked up, by font description; loading a font is not free.
    private var substitutions: [String: FontSubstitution?] = [:]

    public init() throws {
        context = try TextContext(fontMap: try FontMap())
        layout = try Layout(context: context)
        lastLine = try LastLineLayout(fontMap: context.fontMap)
    }

    /// Cuts `request.text` so that it and its ellipsis and suffix fit `request.lines` lines.
    ///
    /// The contract (rules 1–5 in the README): text that fits is not truncated; otherwise the kept
    /// prefix is the longest one at a cut position of the request's mode whose collapsed form takes at
    /// most N lines with the ellipsis and suffix together on the last line; when even the suffix alone
    /// cannot share a line, the suffix wraps.
    /// - Throws: `TruncationRequestError` for a bad width or line limit; `PangoError` when Pango fails.
    /// - Complexity: one layout of the first N+3 lines of the text plus one small layout per cut candidate
    ///   between the answer and the first word of line N+1; independent of the text's length past that.
    public func truncate(_ request: TruncationRequest) throws -> Truncation {
        try request.validate()
        return try search(request).run()
    }

    /// The text clamped to its first `request.lines` lines, with no ellipsis or suffix
    /// (`kept` is the text of those lines; `suffixRect` is nil).
    /// - Throws: as `truncate`.
    public func clamp(_ request: TruncationRequest) throws -> Truncation {
        try request.validate()
        return try search(request).clamp()
    }

    /// Whether the request's text reads right to left (its first strong character is RTL).
    /// - Throws: as `truncate` (malformed markup).
    public func isRightToLeft(_ request: TruncationRequest) throws -> Bool {
        let style = try TextStyle(request: request, fonts: try ResolvedFonts(request: request, substitution: substitution))
        return pango_find_base_dir(style.plainText, -1) == PANGO_DIRECTION_RTL
    }

    /// The whole plain text with trailing white space removed, as an expanded card shows it
    /// (laid out by the caller, which paints it).
    /// - Throws: as `truncate`; `TruncationRequestError.textTooLong` past `maximumWholeCharacters`.
    public func expandedText(_ request: TruncationRequest) throws -> String {
        try request.validate()
        guard request.text.unicodeScalars.count <= Self.maximumWholeCharacters else {
            throw TruncationRequestError.textTooLong(request.text.unicodeScalars.count, limit: Self.maximumWholeCharacters)
        }
        let style = try TextStyle(request: request, fonts: try ResolvedFonts(request: request, substitution: substitution))
        let text = IndexedText(style.plainText)
        return text.string(0..<text.trimmedEnd(text.count))
    }

    /// The longest text laid out whole (an expanded card, a chat input); Pango's 32-bit widths and
    /// Cairo's 32767-pixel images end far below a megabyte paragraph.
    public static let maximumWholeCharacters = 100_000

    /// What fontconfig substitutes for a font description, or nil when its family is installed.
    func substitution(for description: String) throws -> FontSubstitution? {
        substitution(for: try FontDescription(description))
    }

    private func search(_ request: TruncationRequest) throws -> TruncationSearch {
        let fonts = try ResolvedFonts(request: request, substitution: substitution)
        let style = try TextStyle(request: request, fonts: fonts)
        return TruncationSearch(request: request, style: style, layout: layout, lastLine: lastLine)
    }

    /// A new layout of `text` followed by `ending` (ellipsis and suffix) in the request's styles,
    /// for painting: the suffix colored and underlined as `paint` says.
    /// - Parameter text: the plain text kept (a prefix of the request's plain text).
    func paintLayout(
        _ request: TruncationRequest, text: String, ending: (ellipsis: String, suffix: String)?, paint: SuffixPaint?
    ) throws -> (layout: Layout, suffixBytes: Range<Int>?) {
        let fonts = try ResolvedFonts(request: request, substitution: substitution)
        let style = try TextStyle(request: request, fonts: fonts)
        let kept = Array(text.utf8)
        let suffix = Array((ending?.suffix ?? "").utf8)
        let bytes = kept + Array((ending?.ellipsis ?? "").utf8) + suffix
        let layout = try Layout(context: context)
        try style.apply(bytes, keptCount: kept.count, suffixCount: suffix.count, to: layout, paint: paint)
        return (layout, suffix.isEmpty ? nil : (bytes.count - suffix.count)..<bytes.count)
    }

    private func substitution(for font: FontDescription) -> FontSubstitution? {
        let key = font.string
        if let known = substitutions[key] { return known }
        let found = ResolvedFonts.substitution(for: font, context: context)
        substitutions[key] = found
        return found
    }
}
