/// Lays out paragraphs and finds the ellipsize-plus-suffix cut.
///
/// An engine owns its own Pango font map and context, so it must stay on one thread at a time;
/// make one engine per worker thread.
public final class LayoutEngine {
    /// The context of paragraphs whose direction their text decides, for the layouts a card paints.
    let context: TextContext
    /// The cut's layout, on a context of its own that follows its text's language (see
    /// `TextContext.init(searchingWith:)`).
    let layout: Layout
    let lastLine: LastLineLayout
    /// Measures words for Korean line breaking (see `TextStyle`).
    private let measuring: Layout
    /// Plain words' widths, kept across the texts this engine lays out (`WordWidths`).
    private let wordWidths = WordWidths()
    /// Contexts and search layouts for a forced direction, made when first asked for.
    private var forced: [TextDirection: (context: TextContext, layout: Layout)] = [:]
    /// Font substitutions already looked up, by font description; loading a font is not free.
    private var substitutions: [String: FontSubstitution?] = [:]
    /// Requests' fonts already parsed and looked up, by body and suffix font strings.
    private var resolvedFonts: [String: ResolvedFonts] = [:]
    /// The last text whose language was guessed, and the guess.
    private var lastGuess: (text: String, language: String?)? = nil
    /// The last ellipsis and suffix whose language was guessed, and the guess.
    private var lastEndingGuess: (ellipsis: String, suffix: String, language: String?)? = nil
    /// The last style made, for the request it was made for with what a style does not read set
    /// alike (`styleKey`): a card asks for the cut and then for the painted layout of the same text,
    /// and the style keeps what it measured (which words fit a line). A search makes its own (so
    /// that a cut asked for again costs what the first did) and leaves it here.
    private var lastStyle: (key: TruncationRequest, style: TextStyle)? = nil
    /// The last search's ellipsis, suffix and gap, and its endings made of them: a run's requests share them.
    private var lastEndings: (key: (String, String, String), endings: TruncationSearch.RequestEndings)? = nil
    /// Whether a cut measured on its last line alone is described without laying the collapsed text
    /// out again (see `LinesAbove`); tests turn it off to compare the two descriptions.
    var composesResults = true
    /// Whether uncounted word cuts of one left-to-right paragraph are looked for on the layout Pango's
    /// own ellipsis makes first (see `TruncationSearch`); tests turn it off to compare with the full search.
    var findsCutsOnPangosEllipsis = true
    /// How many of `truncate`'s results were described that way.
    private(set) var cutsDescribedFromLastLine = 0
    /// How many of those were measured and described from the sum of the last line's runs (`LineRuns`).
    private(set) var cutsDescribedFromSums = 0
    /// How many cuts were found on the layout Pango's own ellipsis makes (see `TruncationSearch`).
    private(set) var cutsFoundOnPangosEllipsis = 0
    /// How many prefixes of a text were laid out again because the first (`UncutLayout.firstLength`'s
    /// guess) held too few lines.
    private(set) var prefixesLaidOutAgain = 0

    /// The fonts it lays out with.
    public var fonts: FontFiles { context.fontMap.fonts }

    /// An engine that lays out with `fonts`: the machine's, or a design's own files.
    /// - Throws: `FontFilesError` for a file that holds no font; `PangoError` when Pango fails.
    public init(fonts: FontFiles = .system) throws {
        (context, layout, lastLine, measuring) = try TextStack.serialized {
            let context = try TextContext(fontMap: try FontMap(fonts: fonts))
            return (
                context, try Layout(context: try TextContext(searchingWith: context)),
                try LastLineLayout(fontMap: context.fontMap), try Layout(context: context)
            )
        }
    }

    /// Forgets the words it measured (`WordWidths`) and the last text's style, keeping its fonts loaded:
    /// the next texts are cut as by an engine that has cut none yet but laid the same fonts out before
    /// (for a benchmark whose rounds must not reuse what the one before measured).
    package func forgetMeasuredWords() {
        TextStack.serialized {
            wordWidths.forgetAll()
            lastStyle = nil
        }
    }

    /// Cuts `request.text` so that it and its ellipsis and suffix fit `request.lines` lines.
    ///
    /// The contract (rules 1–5 in docs/cut-algorithm.md): text that fits is not truncated; otherwise the kept
    /// prefix is the longest one at a cut position of the request's mode whose collapsed form takes at
    /// most N lines with the ellipsis and suffix together on the last line; when even the suffix alone
    /// cannot share a line, the suffix wraps.
    /// - Throws: `TruncationRequestError` for a bad width or line limit; `PangoError` when Pango fails.
    /// - Complexity: one layout of the first N+3 lines of the text (breaking none past N+1 when
    ///   `fullCountLimit` says not to count every line; counting them lays out the rest too) plus,
    ///   per cut candidate between the answer and the first word of line N+1, one small layout or, on
    ///   a left-to-right line of plain text, the shaping of one run (`LineRuns`); independent of the
    ///   text's length past that.
    public func truncate(_ request: TruncationRequest) throws -> Truncation {
        try request.validate()
        return try TextStack.serialized {
            let search = try search(request)
            let truncation = try search.run()
            if search.composedResult { cutsDescribedFromLastLine += 1 }
            if search.summedResult { cutsDescribedFromSums += 1 }
            if search.foundOnPangosEllipsis { cutsFoundOnPangosEllipsis += 1 }
            prefixesLaidOutAgain += search.prefixesLaidOutAgain
            return truncation
        }
    }

    /// The text clamped to its first `request.lines` lines, with no ellipsis or suffix
    /// (`kept` is the text of those lines; `suffixRect` is nil).
    /// - Throws: as `truncate`.
    public func clamp(_ request: TruncationRequest) throws -> Truncation {
        try request.validate()
        return try TextStack.serialized { try search(request).clamp() }
    }

    /// `truncate`'s (or with `clamped`, `clamp`'s) `truncated` and `kept` alone, for a painter that lays
    /// the kept text out itself: no layout describes the result, no line of the whole text is counted.
    /// - Throws: as `truncate`.
    package func kept(_ request: TruncationRequest, clamped: Bool = false) throws -> (truncated: Bool, kept: String) {
        try request.validate()
        return try TextStack.serialized { try search(request).kept(clamped: clamped) }
    }

    /// Whether the request's text reads right to left (its first strong character is RTL).
    /// - Throws: as `truncate` (malformed markup).
    package func isRightToLeft(_ request: TruncationRequest) throws -> Bool {
        switch request.direction {
        case .ltr: return false
        case .rtl: return true
        case .auto: break
        }
        // Plain text is its own plain text: no style to make (truncating it validates the rest).
        guard request.markup else { return StrongDirection.of(request.text.utf8) == .rtl }
        let style = try TextStack.serialized {
            try textStyle(for: request)
        }
        return StrongDirection.of(style.plainText.utf8) == .rtl
    }

    /// The whole plain text with trailing white space removed, as an expanded card shows it
    /// (laid out by the caller, which paints it); with `trimmed` false, the whole text as a text view
    /// holds it, trailing line breaks included.
    /// - Throws: as `truncate`; `TruncationRequestError.textTooLong` past `maximumWholeCharacters`.
    public func expandedText(_ request: TruncationRequest, trimmed: Bool = true) throws -> String {
        try request.validate()
        guard request.text.unicodeScalars.count <= Self.maximumWholeCharacters else {
            throw TruncationRequestError.textTooLong(request.text.unicodeScalars.count, limit: Self.maximumWholeCharacters)
        }
        let style = try TextStack.serialized {
            try textStyle(for: request)
        }
        let paragraphs = style.plainText.unicodeScalars.reduce(1) { $0 + (IndexedText.isParagraphSeparator($1) ? 1 : 0) }
        guard paragraphs <= Self.maximumWholeParagraphs else {
            throw TruncationRequestError.tooManyParagraphs(paragraphs, limit: Self.maximumWholeParagraphs)
        }
        guard trimmed else { return style.plainText }
        let text = IndexedText(style.plainText)
        return text.string(0..<text.trimmedEnd(text.count))
    }

    /// The request's text without markup (its own text when it is not markup).
    /// - Throws: `TruncationRequestError.invalidMarkup`.
    package func plainText(_ request: TruncationRequest) throws -> String {
        guard request.markup else { return request.text }
        return try TextStack.serialized { try textStyle(for: request).plainText }
    }

    /// The longest text laid out whole (an expanded card, a chat input); Pango's 32-bit widths and
    /// Cairo's 32767-pixel images end far below a megabyte paragraph.
    package static let maximumWholeCharacters = 100_000
    /// The most paragraphs (lines between explicit line breaks) laid out whole: Pango 1.50 lays out P
    /// paragraphs in O(P × length) time, and no card can show more lines than this anyway.
    package static let maximumWholeParagraphs = 2_000

    /// What fontconfig substitutes for a font description in text of `language` (nil: none given),
    /// or nil when its family is installed.
    package func substitution(for description: String, language: String? = nil) throws -> FontSubstitution? {
        let font = try FontDescription(description)
        return TextStack.serialized { substitution(for: font, language: language) }
    }

    private func search(_ request: TruncationRequest) throws -> TruncationSearch {
        let style = try textStyle(for: request, reusing: false)
        let key = (request.ellipsis, request.suffix, request.gap)
        let endings = lastEndings.flatMap { $0.key == key ? $0.endings : nil } ?? TruncationSearch.endings(for: request)
        lastEndings = (key, endings)
        let search = TruncationSearch(
            request: request, style: style, layout: try workspace(for: request.direction).layout, lastLine: lastLine,
            endings: endings)
        search.composesResult = composesResults
        search.findsCutOnPangosEllipsis = findsCutsOnPangosEllipsis
        return search
    }

    /// The painting context for paragraphs of `direction`, and the search's layout for them (on a search
    /// context made with it).
    private func workspace(for direction: TextDirection) throws -> (context: TextContext, layout: Layout) {
        if direction == .auto { return (context, layout) }
        if let known = forced[direction] { return known }
        let forcedContext = try TextContext(fontMap: context.fontMap, direction: direction)
        let made = (forcedContext, try Layout(context: try TextContext(searchingWith: forcedContext)))
        forced[direction] = made
        return made
    }

    func context(for direction: TextDirection) throws -> TextContext {
        try workspace(for: direction).context
    }

    /// A new layout of `text` followed by `ending` in the request's styles, for painting: the suffix
    /// colored and underlined as `paint` says.
    /// - Parameters:
    ///   - text: the plain text kept (a prefix of the request's plain text).
    ///   - ending: the ellipsis and suffix; `isolated` ones follow the direction of the paragraph they end
    ///     (see `Ending`), as a cut text's do.
    package func paintLayout(
        _ request: TruncationRequest, text: String, ending: (ellipsis: String, suffix: String, isolated: Bool)?,
        paint: TextPaint?, links: TextPaint? = nil
    ) throws -> PaintedText {
        let style = try textStyle(for: request)
        let kept = Array(text.utf8)
        let layout = try Layout(context: context(for: request.direction))
        guard let ending else {
            try style.apply(kept, to: layout, paint: paint, links: links)
            var painted = PaintedText(layout: layout, suffixBytes: nil, marks: [])
            if links != nil { painted.entities = Self.shownEntities(style, keptBytes: kept.count) }
            return painted
        }
        // The request's gap before the ellipsis, after kept text written with spaces (as the search measured it).
        // (The kept text is decoded only when there is a gap to decide: most templates have none.)
        let gap = request.gap.isEmpty ? "" : request.gap(after: String(decoding: kept, as: UTF8.self).unicodeScalars)
        let ellipsis = gap + ending.ellipsis
        let made: Ending
        if ending.isolated {
            let plain = IndexedText(style.plainText)
            let keptEnd = plain.character(atByte: min(kept.count, plain.bytes.count))
            let rightToLeft = plain.isRightToLeft(paragraphContaining: max(keptEnd - 1, 0), direction: request.direction)
            let paragraph = plain.byteOffsets[plain.paragraphStart(before: keptEnd)]..<plain.byteOffsets[keptEnd]
            let needsBidi = StrongDirection.needsBidi(plain.bytes[paragraph])
            made = Ending(
                ellipsis: ellipsis, suffix: ending.suffix, rightToLeft: rightToLeft, keptPartNeedsBidi: needsBidi,
                closing: needsBidi ? Ending.openIsolates(in: plain.bytes[paragraph]) : 0)
        } else {
            made = Ending(plainEllipsis: ellipsis, suffix: ending.suffix)
        }
        try style.apply(kept, ending: made, to: layout, paint: paint, links: links)
        let suffix = (kept.count + made.suffixRange.lowerBound)..<(kept.count + made.suffixRange.upperBound)
        var painted = PaintedText(
            layout: layout, suffixBytes: suffix.isEmpty ? nil : suffix, marks: made.marks(after: kept.count))
        if links != nil { painted.entities = Self.shownEntities(style, keptBytes: kept.count) }
        return painted
    }

    /// The style's entities within the first `keptBytes` bytes of its plain text, clipped to them.
    private static func shownEntities(_ style: TextStyle, keptBytes: Int)
        -> [(kind: TextEntity.Kind, range: Range<Int>, bytes: Range<Int>, text: String)]
    {
        let plain = style.plainBytes
        return style.entities.prefix { $0.bytes.lowerBound < keptBytes }.map { entity, bytes in
            let shown = bytes.lowerBound..<min(bytes.upperBound, keptBytes)
            let characters = plain[shown].count { $0 & 0xC0 != 0x80 }
            let range = entity.range.lowerBound..<(entity.range.lowerBound + characters)
            return (entity.kind, range, shown, String(decoding: plain[bytes], as: UTF8.self))
        }
    }

    /// The request's text style, its fonts looked up in the language of its text; with `reusing`, the
    /// last one made when it was made for the same text and settings (`lastStyle`).
    func textStyle(for request: TruncationRequest, reusing: Bool = true) throws -> TextStyle {
        let key = Self.styleKey(request)
        if reusing, let last = lastStyle, last.key == key { return last.style }
        let language = language(of: request)
        let style = try TextStyle(
            request: request, fonts: try fonts(for: request, language: language), measuring: measuring,
            wordWidths: wordWidths, language: language, endingLanguage: endingLanguage(of: request))
        lastStyle = (key, style)
        return style
    }

    /// `request` with the fields a `TextStyle` does not read (how many lines, how the cut is made and
    /// counted, the gap before the ellipsis) set to one value.
    private static func styleKey(_ request: TruncationRequest) -> TruncationRequest {
        var key = request
        key.lines = 1
        key.cutMode = .word
        key.fullCountLimit = nil
        key.gap = ""
        key.trimPunctuation = false
        return key
    }

    /// The language `request` is shaped in: the one given, else the one guessed from its plain text
    /// (as `TextStyle` guesses it).
    package func shapingLanguage(of request: TruncationRequest) throws -> String? {
        if let given = request.language { return given.rawValue }
        return request.markup ? TextLanguage.guess(try plainText(request)) : language(of: request)
    }

    /// The language given, else guessed from the text; the last text's guess is kept (a card asks for
    /// the cut and for the painted layout of the same text).
    private func language(of request: TruncationRequest) -> String? {
        if let given = request.language { return given.rawValue }
        if let last = lastGuess, last.text == request.text { return last.language }
        let guessed = TextLanguage.guess(request.text)
        lastGuess = (request.text, guessed)
        return guessed
    }

    /// The language guessed from the request's ellipsis and suffix; the last guess is kept (a run's
    /// requests share them).
    private func endingLanguage(of request: TruncationRequest) -> String? {
        if let last = lastEndingGuess, last.ellipsis == request.ellipsis, last.suffix == request.suffix { return last.language }
        let guessed = TextLanguage.guess(request.ellipsis + request.suffix)
        lastEndingGuess = (request.ellipsis, request.suffix, guessed)
        return guessed
    }

    /// The request's fonts, parsed and looked up once per engine (at most 256 kept), in `language`,
    /// which its layouts will carry, so the lookup loads the fonts they use.
    private func fonts(for request: TruncationRequest, language: String?) throws -> ResolvedFonts {
        let key = request.font + "\u{0}" + (request.suffixFont ?? "\u{0}") + "\u{0}" + (language ?? "")
        if let known = resolvedFonts[key] { return known }
        let fonts = try ResolvedFonts(request: request) { substitution(for: $0, language: language) }
        if resolvedFonts.count >= 256 { resolvedFonts.removeAll() }
        resolvedFonts[key] = fonts
        return fonts
    }

    private func substitution(for font: FontDescription, language: String?) -> FontSubstitution? {
        let key = font.string + "\u{0}" + (language ?? "")
        if let known = substitutions[key] { return known }
        let found = ResolvedFonts.substitution(for: font, context: context, language: language)
        substitutions[key] = found
        return found
    }
}
