import CPangoCairo
import SeeMoreImage

/// How a request's text looks in its layouts: body and suffix fonts, markup spans, line height.
final class TextStyle {
    let fonts: ResolvedFonts
    /// The text without markup tags; all indices refer to it.
    let plainText: String
    let markup: AttributeList?
    /// Whether a line laid out alone lays out as inside its paragraph (see `MarkupLimits.keepsLinesAlike`).
    let keepsLinesAlike: Bool
    let lineHeight: LineHeight
    let width: Double
    let hyphens: Hyphens
    /// The language of the text (given, or guessed from it) and of the ellipsis and suffix (guessed
    /// from them, else the text's).
    let language: (text: String?, ending: String?)
    /// Byte ranges of the plain text kept on one line when they fit one: Korean words
    /// (`KoreanLineBreak.words`), and links, mentions and hashtags (`TextEntity`), each list in order.
    private let koreanWords: [Range<Int>]
    /// Byte ranges of the plain text marked as words (`AttributeList.setWord`) so that Pango breaks
    /// lines exactly where `PlatformLineBreaks` finds opportunities: the stretches between two of
    /// them where Pango's own breaks differ. Empty under Pango's own line breaking.
    private let platformWords: [Range<Int>]
    /// The family of the spaces when they are drawn in the first family of the body's list
    /// (`TruncationRequest.spacesInFirstFamily`, `FontDescription.firstFamilyAlone`); nil when they
    /// take the font of the text around them.
    private let spaceFont: String?
    /// Whether links, mentions and hashtags are kept on one line (`TruncationRequest.keepsEntitiesWhole`).
    private let keepsEntitiesWhole: Bool
    /// The links, mentions and hashtags of the plain text (found, or the request's), with their bytes.
    private(set) var entities: [(entity: TextEntity, bytes: Range<Int>)] = []
    private var entityBytes: [Range<Int>] { entities.map(\.bytes) }
    /// Each entity's bytes with the text glued to them (`glued(_:)`, nil past `maximumGlue`): what
    /// must fit a line for the entity to be kept on one. Found for the entities a layout holds when it
    /// is made, so a long text's others are never looked at.
    var gluedEntityBytes: [Range<Int>: Range<Int>?] = [:]
    /// The characters of the links, mentions and hashtags of the plain text (found, or the
    /// request's), merged where they overlap, in order.
    private(set) var entitySpans: [Range<Int>] = []
    /// The entities' weight (`TruncationRequest.entityWeight`), nil for the text's own.
    let entityWeight: Int?
    /// Lays out a Korean word alone to see whether it fits a line.
    let measuring: Layout
    /// Plain words' widths measured for earlier texts of the same engine.
    let wordWidths: WordWidths
    /// Whether each kept-together range fits a line, once measured.
    var wordFits: [Range<Int>: Bool] = [:]
    private(set) lazy var plainBytes = Array(plainText.utf8)
    /// The whole plain text's `breaks` (see `glued`).
    lazy var wholeTextBreaks = TextStyle.breaks(of: plainBytes, in: 0..<plainBytes.count, language: language.text)
    /// Whether Pango could add a hyphen at a break in the text (see `mayTakeHyphens`).
    private lazy var textMayTakeHyphens = Self.mayTakeHyphens(plainText)
    /// What decides how a line looks in this style's layouts, apart from its text and the width it
    /// wraps at: fonts, languages, line height and the entities' weight.
    struct Key: Hashable {
        let body: String
        let suffix: String
        let language: String?
        let endingLanguage: String?
        /// `LineHeight`'s case (0 natural, 1 multiple, 2 points) and its value.
        let lineHeightCase: Int
        let lineHeightValue: Double
        let entityWeight: Int?
    }
    private(set) lazy var key: Key = {
        let (heightCase, heightValue): (Int, Double)
        switch lineHeight {
        case .natural: (heightCase, heightValue) = (0, 0)
        case .multiple(let factor): (heightCase, heightValue) = (1, factor)
        case .points(let points): (heightCase, heightValue) = (2, points)
        }
        return Key(
            body: fonts.body.string, suffix: fonts.suffix.string, language: language.text, endingLanguage: language.ending,
            lineHeightCase: heightCase, lineHeightValue: heightValue, entityWeight: entityWeight)
    }()
    /// Whether a line's layout is the sum of its runs' (see `LineRuns`): no markup spans (letter
    /// spacing, rises, other sizes), no entities in a weight of their own and no hyphen added at a break.
    var layoutIsSumOfRuns: Bool { markup == nil && hyphens == .none && (entityWeight == nil || entities.isEmpty) }

    /// - Parameters:
    ///   - measuring: a layout this style may use to measure words.
    ///   - wordWidths: plain words' widths this style may use and add to.
    ///   - language: the request's language, or the one guessed from its text (the markup's plain
    ///     text is guessed from again).
    ///   - endingLanguage: the language guessed from the request's ellipsis and suffix
    ///     (`TextLanguage.guess`), nil when none is (the text's is theirs then).
    /// - Throws: `TruncationRequestError.invalidMarkup` with Pango's message (which has the position).
    init(
        request: TruncationRequest, fonts: ResolvedFonts, measuring: Layout, wordWidths: WordWidths,
        language textLanguage: String?, endingLanguage: String?
    ) throws {
        self.fonts = fonts
        self.measuring = measuring
        self.wordWidths = wordWidths
        lineHeight = request.lineHeight
        width = request.width
        hyphens = request.hyphens
        entityWeight = request.entityWeight
        keepsEntitiesWhole = request.keepsEntitiesOnOneLine
        spaceFont = request.spacesInFirstFamily ? fonts.body.firstFamilyAlone : nil
        guard request.markup else {
            plainText = request.text
            markup = nil
            keepsLinesAlike = true
            koreanWords = Self.koreanWords(of: request, in: plainText)
            let entities = request.entities ?? TextEntity.find(in: plainText)
            entitySpans = Self.merged(entities.map(\.range))
            self.entities = Self.located(entities, in: plainText)
            try Self.checkCombiningRuns(plainText)
            language = (textLanguage, endingLanguage ?? textLanguage)
            platformWords = Self.platformWords(of: request, in: plainText, language: textLanguage)
            return
        }
        if let problem = MarkupLimits.tagProblem(in: request.text) { throw TruncationRequestError.invalidMarkup(problem) }
        let parsed: AttributeList
        switch AttributeList.parsing(markup: request.text) {
        case .success(let markup): (parsed, plainText) = markup
        case .failure(let error): throw TruncationRequestError.invalidMarkup(error.message)
        }
        if let problem = MarkupLimits.problem(in: parsed, body: fonts.body) {
            throw TruncationRequestError.invalidMarkup(problem)
        }
        markup = parsed
        keepsLinesAlike = MarkupLimits.keepsLinesAlike(parsed)
        koreanWords = Self.koreanWords(of: request, in: plainText)
        let entities = request.entities ?? TextEntity.find(in: plainText)
        entitySpans = Self.merged(entities.map(\.range))
        self.entities = Self.located(entities, in: plainText)
        try Self.checkCombiningRuns(plainText)
        let textLanguage = request.language?.rawValue ?? TextLanguage.guess(plainText)
        language = (textLanguage, endingLanguage ?? textLanguage)
        platformWords = Self.platformWords(of: request, in: plainText, language: textLanguage)
    }

    /// Sets `layout` to `kept` (bytes of the plain text starting at byte `textStart`) followed by
    /// `ending`: the ellipsis in the body font, the suffix in the suffix font (colored and underlined
    /// when `paint` says so). `linesPerParagraph` stops line breaking there (`Layout.limitLines`).
    func apply<Bytes: Collection>(
        _ kept: Bytes, ending: Ending? = nil, to layout: Layout, textStart: Int = 0, paint: TextPaint? = nil,
        links: TextPaint? = nil, linesPerParagraph: Int? = nil
    ) throws where Bytes.Element == UInt8 {
        let keptCount = kept.count
        let attributes = try markup?.slice(textStart..<(textStart + keptCount)) ?? AttributeList()
        let total = keptCount + (ending?.bytes.count ?? 0)
        if let ending, !ending.suffixRange.isEmpty {
            let suffix = (keptCount + ending.suffixRange.lowerBound)..<(keptCount + ending.suffixRange.upperBound)
            attributes.setFont(fonts.suffix, bytes: suffix)
            if let paint {
                attributes.setColor(paint.color, bytes: suffix)
                if paint.underline {
                    let visible = Self.visiblePart(of: ending.suffixRange, in: ending.bytes)
                    attributes.setUnderline(bytes: (keptCount + visible.lowerBound)..<(keptCount + visible.upperBound))
                }
            }
        }
        weighEntities(in: textStart..<(textStart + keptCount), on: attributes)
        setSpaceFont(kept, on: attributes)
        // Color and underline only: widths stay those the cut measured.
        if let links {
            let kept = textStart..<(textStart + keptCount)
            for range in entityBytes where range.overlaps(kept) {
                let part =
                    (max(range.lowerBound, kept.lowerBound) - textStart)..<(min(range.upperBound, kept.upperBound) - textStart)
                attributes.setColor(links.color, bytes: part)
                if links.underline { attributes.setUnderline(bytes: part) }
            }
        }
        if let ending, ending.startsItem, keptCount > 0, total > keptCount {
            attributes.startItem(bytes: keptCount..<total)
        }
        markWords(in: textStart..<(textStart + keptCount), on: attributes)
        try keepTogether(koreanWords, in: textStart..<(textStart + keptCount), on: attributes)
        if keepsEntitiesWhole {
            try keepTogether(entityBytes, in: textStart..<(textStart + keptCount), on: attributes, glued: true)
        }
        if hyphens == .none
            && (textMayTakeHyphens || ending.map { Self.mayTakeHyphens(String(decoding: $0.bytes, as: UTF8.self)) } ?? false)
        {
            attributes.setInsertHyphens(false, bytes: 0..<total)
        }
        if let text = language.text, keptCount > 0 { attributes.setLanguage(text, bytes: 0..<keptCount) }
        if let tag = language.ending, total > keptCount { attributes.setLanguage(tag, bytes: keptCount..<total) }
        layout.context.setTextLanguage(language.text)
        layout.setWidth(points: width)
        layout.limitLines(perParagraph: linesPerParagraph)
        layout.setLineHeight(lineHeight, metrics: try layout.context.metrics(for: fonts.body, language: language.text))
        layout.setFont(fonts.body)
        layout.setAttributes(attributes)
        if let ending {
            layout.setText(Array(kept) + ending.bytes)
        } else {
            layout.setText(kept)
        }
    }
}

extension TextStyle {
    /// Whether Pango could add a hyphen at a break in `text`: it does only after a character of a
    /// script other than Han, Hangul, Hiragana, Katakana and Common (where a soft hyphen asks for one),
    /// and after a hyphenation point. A text without any needs no attribute turning hyphens off, which
    /// Pango would apply to every item of every layout.
    static func mayTakeHyphens(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            if value < 0x80 { return (0x61...0x7A).contains(value | 0x20) }
            if value == 0xAD || value == 0x2027 { return true }
            switch g_unichar_get_script(gunichar(value)) {
            case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_HAN, G_UNICODE_SCRIPT_HANGUL, G_UNICODE_SCRIPT_HIRAGANA,
                G_UNICODE_SCRIPT_KATAKANA:
                return false
            default: return true
            }
        }
    }

    /// The most combining characters in a row: Unicode's Stream-Safe Text Format (UAX #15) allows 30.
    static let maximumCombiningRun = 30

    /// The most explicit directional formatting characters (embeddings, overrides, isolates and their
    /// ends) in a text, and the deepest nesting of them: UAX #9 ignores every level past 125, and each
    /// such character splits the text into runs that Pango shapes one by one under every probe of the cut.
    static let maximumBidiControls = 1_000
    static let maximumBidiDepth = 125

    /// Refuses a run of more than `maximumCombiningRun` combining characters (marks, joiners,
    /// variation selectors) on one base, which no script needs and which makes HarfBuzz's shaping of
    /// the cluster quadratic in the run's length ("Zalgo" text), and explicit bidi embedding past
    /// `maximumBidiDepth` or more than `maximumBidiControls` of its characters.
    /// - Throws: `TruncationRequestError.combiningRunTooLong` or `.bidiControls`, with the character index.
    /// GLib's marks among the characters of two UTF-8 bytes (U+0000–U+07FF: the combining marks,
    /// Hebrew's and Arabic's points), read from a table rather than asked for one by one.
    private static let twoByteMarks = (0..<0x800).map { g_unichar_ismark(gunichar($0)) != 0 }

    static func checkCombiningRuns(_ text: String) throws {
        var text = text
        var bidi: TruncationRequestError? = nil
        let longest = text.withUTF8 { utf8 -> (index: Int, run: Int)? in
            // Read once, not through the global's accessor a character.
            twoByteMarks.withUnsafeBufferPointer { marks -> (index: Int, run: Int)? in
                var depth = 0
                var controls = 0
                var run = 0
                var index = -1  // the character (scalar) the scan is at
                var offset = 0
                while offset < utf8.count {
                    let byte = utf8[offset]
                    offset += 1
                    if byte & 0xC0 == 0x80 { continue }  // a continuation byte: the same character
                    index += 1
                    // No mark, joiner or selector below U+0300 (lead bytes below 0xCC): the common case.
                    guard byte >= 0xCC else {
                        run = 0
                        continue
                    }
                    // Two bytes (up to U+07FF: Hebrew, Arabic, …): a mark or not, no joiner, selector or control.
                    if byte < 0xE0 && offset < utf8.count {
                        run = marks[Int(byte & 0x1F) << 6 | Int(utf8[offset] & 0x3F)] ? run + 1 : 0
                        offset += 1
                        if run > maximumCombiningRun { return (index, run) }
                        continue
                    }
                    let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    var value = UInt32(byte & (width == 4 ? 0x07 : width == 3 ? 0x0F : 0x1F))
                    for _ in 1..<width where offset < utf8.count {  // a String's UTF-8 is valid
                        value = value << 6 | UInt32(utf8[offset] & 0x3F)
                        offset += 1
                    }
                    switch value {
                    case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066...0x2068, 0x202C, 0x2069:
                        controls += 1
                        depth = value == 0x202C || value == 0x2069 ? max(0, depth - 1) : depth + 1
                        if depth > maximumBidiDepth || controls > maximumBidiControls {
                            bidi = .bidiControls(at: index, depthLimit: maximumBidiDepth, countLimit: maximumBidiControls)
                            return nil
                        }
                        run = 0
                    case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: run += 1
                    case 0..<0x800: run = marks[Int(value)] ? run + 1 : 0
                    default: run = g_unichar_ismark(gunichar(value)) != 0 ? run + 1 : 0
                    }
                    if run > maximumCombiningRun { return (index, run) }
                }
                return nil
            }
        }
        if let bidi { throw bidi }
        if let longest {
            throw TruncationRequestError.combiningRunTooLong(at: longest.index - maximumCombiningRun, limit: maximumCombiningRun)
        }
    }

    /// Sets `spaceFont` on each run of spaces in `bytes`: a family list other than the body's, so
    /// Pango picks a font for them anew rather than keeping the one before them.
    private func setSpaceFont<Bytes: Collection>(_ bytes: Bytes, on attributes: AttributeList) where Bytes.Element == UInt8 {
        guard let spaceFont else { return }
        var runStart: Int? = nil
        var offset = 0
        for byte in bytes {
            if byte == 0x20 {
                if runStart == nil { runStart = offset }
            } else if let start = runStart {
                attributes.setFamily(spaceFont, bytes: start..<offset)
                runStart = nil
            }
            offset += 1
        }
        if let start = runStart { attributes.setFamily(spaceFont, bytes: start..<offset) }
    }

    /// Marks the platform words (`platformWords`) within `range` on `attributes` of a layout whose
    /// text starts at `range.lowerBound`, cut to the range.
    private func markWords(in range: Range<Int>, on attributes: AttributeList) {
        for (_, part) in Self.parts(of: platformWords, in: range) {
            attributes.setWord(bytes: (part.lowerBound - range.lowerBound)..<(part.upperBound - range.lowerBound))
        }
    }

    /// Those of `words` (ordered, apart) that overlap `range`, each with its part inside the range.
    /// - Complexity: O(log words + the words returned).
    static func parts(of words: [Range<Int>], in range: Range<Int>) -> [(word: Range<Int>, part: Range<Int>)] {
        guard !words.isEmpty, !range.isEmpty else { return [] }
        let low = words.partitionPoint { $0.upperBound <= range.lowerBound }  // the first word ending after the range's start
        var parts: [(word: Range<Int>, part: Range<Int>)] = []
        for word in words[low...] {
            if word.lowerBound >= range.upperBound { break }
            parts.append((word, max(word.lowerBound, range.lowerBound)..<min(word.upperBound, range.upperBound)))
        }
        return parts
    }

    /// Forbids breaks inside those of `words` (ordered byte ranges of the plain text) within `range`
    /// that fit a line, on `attributes` of a layout whose text starts at `range.lowerBound`. Only
    /// ranges that fit get `allow_breaks = false`: Pango 1.50.12 aborts on some layouts where a range
    /// that cannot fit a line forbids its breaks.
    /// With `glued`, a word (an entity) is kept together only when it fits with what is glued to it
    /// (`glued(_:)`): else Pango, finding no break in the glued run, would break inside the word of
    /// another script glued to it ("…/search?q=مر" / "حبا") rather than at a break of the link's own.
    private func keepTogether(
        _ words: [Range<Int>], in range: Range<Int>, on attributes: AttributeList, glued: Bool = false
    ) throws {
        var kept: [(part: Range<Int>, measured: Range<Int>)] = []
        for (word, part) in Self.parts(of: words, in: range) where part.count > 1 {
            var measured: Range<Int>? = word
            if glued {
                if let known = gluedEntityBytes[word] {
                    measured = known
                } else {
                    measured = self.glued(word)
                    gluedEntityBytes[word] = measured
                }
            }
            if let measured { kept.append((part, measured)) }
        }
        try measureFits(kept.map(\.measured))
        for (part, measured) in kept where try fitsOneLine(measured) {
            attributes.setAllowBreaks(false, bytes: (part.lowerBound - range.lowerBound)..<(part.upperBound - range.lowerBound))
        }
    }

    /// The part of `range` an underline covers: the label's words, without the spaces and the dots
    /// or ellipsis before or after them, so " ..더보기" is underlined under "더보기" only.
    static func visiblePart<Bytes: Collection>(of range: Range<Int>, in bytes: Bytes) -> Range<Int> where Bytes.Element == UInt8 {
        let array = Array(bytes)
        var lower = range.lowerBound
        var upper = range.upperBound
        /// The length of a space, dot or ellipsis (`…` U+2026, `‥` U+2025) starting at `index`, or 0.
        func skippable(at index: Int, before end: Int) -> Int {
            if array[index] == 0x20 || array[index] == 0x2E { return 1 }
            if index + 3 <= end, array[index] == 0xE2, array[index + 1] == 0x80,
                array[index + 2] == 0xA5 || array[index + 2] == 0xA6
            {
                return 3
            }
            return 0
        }
        while lower < upper, case let length = skippable(at: lower, before: upper), length > 0 { lower += length }
        while upper > lower {
            if array[upper - 1] == 0x20 || array[upper - 1] == 0x2E {
                upper -= 1
            } else if upper - 3 >= lower, skippable(at: upper - 3, before: upper) == 3 {
                upper -= 3
            } else {
                break
            }
        }
        // A label of dots alone keeps its underline.
        return lower < upper ? lower..<upper : range
    }
}
