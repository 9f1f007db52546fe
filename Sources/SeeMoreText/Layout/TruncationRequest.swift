import Glibc

/// What to lay out: a paragraph, its fonts, a width, a line limit and the collapsed ending.
public struct TruncationRequest: Sendable, Equatable {
    /// The text; explicit line breaks start new lines.
    public var text: String
    /// Pango font description of the body, e.g. "DejaVu Sans 15" (size in points; 15 when unset).
    public var font: String
    /// Width of the text box in points.
    public var width: Double
    /// The most lines the collapsed text may take (N).
    public var lines: Int
    /// Drawn in the body font right after the kept text, e.g. "… ".
    public var ellipsis: String
    /// Drawn before the ellipsis when the kept text ends in a character of text written with spaces
    /// (not Han, kana, Bopomofo, CJK punctuation or a full-width form), e.g. " " so that "続きを読む"
    /// does not touch "testers."; empty by default.
    public var gap = ""
    /// Leave the punctuation a cut ends in out before the ellipsis ("Ship small…", not "Ship small.…";
    /// see `IndexedText.isTrimmedPunctuation`), outside links, mentions and hashtags. Off by default,
    /// as iOS (`byTruncatingTail`) and Android (`TextUtils.ellipsize`) keep it.
    public var trimPunctuation = false
    /// Drawn in `suffixFont` after the ellipsis, e.g. "See more".
    public var suffix: String
    /// Pango font description merged onto the body font for the suffix ("Bold", "DejaVu Sans 13");
    /// nil draws the suffix in the body font.
    public var suffixFont: String?
    public var cutMode: CutMode
    /// Count every line for `Truncation.fullLineCount` when the text has at most this many characters;
    /// nil counts always, 0 never. Past the limit a truncated text reports only the lines laid out to
    /// find the cut (`Truncation.fullLineCountIsExact` is false), so the answer costs nothing past
    /// line N+2: counting a 1 MB paragraph means shaping all of it (about a second).
    public var fullCountLimit: Int? = TruncationRequest.defaultFullCountLimit

    /// Texts up to this many characters are counted in full by default (a few tens of milliseconds).
    public static let defaultFullCountLimit = 100_000
    /// When true, `text` is Pango markup (`<b>`, `<i>`, `<span foreground="#…">`); the cut is found
    /// in the plain text and never splits a span: spans are closed at the cut.
    public var markup = false
    /// The pitch of the lines (a multiple of the font size, points, or the font's own). Changes
    /// positions, not the cut.
    public var lineHeight = LineHeight.natural

    /// Draw a hyphen where a word longer than a line is broken inside (CSS `hyphens: auto`); off by
    /// default, as CSS (`hyphens: manual`) and iOS.
    public var hyphens = Hyphens.none
    /// The text's language (BCP 47: `ja`, `zh-Hans`, `ko`, `hi`) for shaping and font fallback; nil
    /// guesses it from the text's letters (see `TextLanguage.guess`), never from the host's locale.
    public var language: LanguageTag? = nil
    /// Where lines may break: nil breaks them as Pango does (UAX #14 as Pango 1.50 implements it: a
    /// small kana or `ー` never starts a line, a link breaks after every `/`); a level breaks them as
    /// the web, Android and iOS do (ICU's line breaking, CSS `line-break`; see `LineBreak`).
    public var lineBreak: LineBreak? = nil
    /// Whether lines break inside words (CSS `word-break`). Under Pango's breaks (`lineBreak` nil)
    /// `keepAll` keeps Korean words whole and `breakAll` breaks as `lineBreak` `auto` would.
    public var wordBreak = WordBreak.normal
    /// Keep each link, mention and hashtag on one line when it fits one (as most apps' text views
    /// do); off, they break as the text around them, as a browser breaks an `<a>`. `lineBreak`
    /// `anywhere` and `wordBreak` `breakAll` break inside every word, links too: they turn it off.
    public var keepsEntitiesWhole = true
    /// Draw each space in the first family of the body font's list that has one, as browsers pick a
    /// font for each character; off, a space takes the font of the text around it, as Pango does
    /// (a Thai or Korean font's narrower space between Thai or Korean words).
    public var spacesInFirstFamily = false
    /// How Korean breaks into lines: `words` is `wordBreak` `keepHangul`, `syllables` is `normal`.
    @available(*, deprecated, renamed: "wordBreak", message: "korean .words is wordBreak .keepHangul")
    public var korean: KoreanLineBreak {
        get { wordBreak == .keepHangul || wordBreak == .keepAll ? .words : .syllables }
        set { wordBreak = newValue == .words ? .keepHangul : .normal }
    }
    /// Whether links, mentions and hashtags are kept on one line: asked, and not broken anywhere.
    var keepsEntitiesOnOneLine: Bool { keepsEntitiesWhole && lineBreak != .anywhere && wordBreak != .breakAll }
    /// The line breaking in force: `lineBreak`, or `auto` where `break-all` asks for it under Pango's.
    var platformLineBreak: LineBreak? { lineBreak ?? (wordBreak == .breakAll ? .auto : nil) }
    /// The base direction of the paragraphs (`auto`: from each one's first strong character).
    public var direction = TextDirection.auto
    /// Spans a `word` cut never falls inside (rule 4): nil finds the plain text's URLs, mentions and
    /// hashtags (`TextEntity.find`); a list uses exactly those (empty: none).
    public var entities: [TextEntity]? = nil
    /// The weight of those spans (400 normal, 600 semibold, 700 bold; 100–1000), which changes their
    /// widths, so the cut is measured with it; nil keeps the text's.
    public var entityWeight: Int? = nil

    public static let defaultFont = "DejaVu Sans 15"
    /// The font weights Pango and fontconfig know (CSS `font-weight`'s range).
    public static let weights = 100...1000
    public static let defaultFontSize = 15.0

    public init(
        text: String, font: String = TruncationRequest.defaultFont, width: Double = 343, lines: Int = 3,
        ellipsis: String = "… ", suffix: String = "See more", suffixFont: String? = nil,
        cutMode: CutMode = .word
    ) {
        self.text = text
        self.font = font
        self.width = width
        self.lines = lines
        self.ellipsis = ellipsis
        self.suffix = suffix
        self.suffixFont = suffixFont
        self.cutMode = cutMode
    }

    /// What goes before the ellipsis after `kept` (the kept text's characters): `gap` when its last
    /// visible character (bidi controls and other format characters aside) is not CJK, else nothing.
    func gap<Kept: BidirectionalCollection>(after kept: Kept) -> String where Kept.Element == Unicode.Scalar {
        guard !gap.isEmpty, let last = kept.last(where: { $0.properties.generalCategory != .format }), !Self.isCJK(last)
        else { return "" }
        return gap
    }

    /// Han, kana, Bopomofo, CJK symbols and punctuation, and full-width forms: text that runs on into a
    /// CJK suffix without a gap.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x312F, 0x31A0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default: return false
        }
    }

    /// Largest width accepted, in points (Pango measures in 32-bit units of 1/1024 pt).
    public static let maximumWidth = 1_000_000.0
    /// Largest line limit accepted: far past any card (Cairo's 32767-pixel images end near 1 700 lines),
    /// and low enough that every layout stays fast, since Pango 1.50 lays out a text of P paragraphs in
    /// O(P × length) time.
    public static let maximumLines = 1_000

    /// The longest text accepted, in bytes: Pango indexes text with 32-bit integers, and past a few
    /// megabytes only the first lines are ever laid out anyway.
    public static let maximumTextBytes = 16 << 20

    /// Checks the numbers a caller may get wrong.
    /// - Throws: `TruncationRequestError` naming the field.
    public func validate() throws {
        guard text.utf8.count <= Self.maximumTextBytes else {
            throw TruncationRequestError.textTooLarge(bytes: text.utf8.count, limit: Self.maximumTextBytes)
        }
        guard width.isFinite, width > 0, width <= Self.maximumWidth else {
            throw TruncationRequestError.invalidWidth(width)
        }
        guard lines >= 1, lines <= Self.maximumLines else { throw TruncationRequestError.invalidLineLimit(lines) }
        guard lineHeight.isValid else { throw TruncationRequestError.invalidLineHeight(lineHeight.description) }
        if let entityWeight, !Self.weights.contains(entityWeight) {
            throw TruncationRequestError.invalidFont(
                "the weight of links, mentions and hashtags must be from 100 to 1000, not \(entityWeight)")
        }
        if Self.holdsNul(text) { throw TruncationRequestError.nulCharacter(field: "text") }
        if Self.holdsNul(ellipsis) { throw TruncationRequestError.nulCharacter(field: "ellipsis") }
        if Self.holdsNul(gap) { throw TruncationRequestError.nulCharacter(field: "gap") }
        if Self.holdsNul(suffix) { throw TruncationRequestError.nulCharacter(field: "suffix") }
    }

    /// Whether `value` holds U+0000 (read with `memchr` where its UTF-8 is contiguous).
    private static func holdsNul(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        } ?? value.utf8.contains(0)
    }
}

/// A request field with a value that cannot be laid out.
public enum TruncationRequestError: Error, Equatable, CustomStringConvertible {
    case invalidWidth(Double)
    case invalidLineLimit(Int)
    case nulCharacter(field: String)
    case invalidLineHeight(String)
    case textTooLong(Int, limit: Int)
    case tooManyParagraphs(Int, limit: Int)
    case textTooLarge(bytes: Int, limit: Int)
    /// A font description SeeMore cannot lay out (its size out of range); the message says why.
    case invalidFont(String)
    /// More combining characters in a row than Unicode's Stream-Safe limit, starting at character `at`.
    case combiningRunTooLong(at: Int, limit: Int)
    /// Explicit bidi embedding nested deeper than UAX #9's limit, or more of its characters than
    /// any text needs, at character `at`.
    case bidiControls(at: Int, depthLimit: Int, countLimit: Int)
    /// Reaching line N+2 would mean laying out a paragraph longer than Pango's widths allow.
    case paragraphTooLong(lines: Int, limit: Int)
    /// Malformed Pango markup; the message names the line and character.
    case invalidMarkup(String)

    public var description: String {
        switch self {
        case .invalidWidth(let width):
            return "width must be a number of points above 0 and at most \(Int(TruncationRequest.maximumWidth)), not \(width)"
        case .invalidLineLimit(let lines):
            return "the line limit must be at least 1 and at most \(TruncationRequest.maximumLines), not \(lines)"
        case .nulCharacter(let field): return "the \(field) contains a NUL character"
        case .invalidLineHeight(let value):
            return
                "the line height must be a multiple of the font size up to 10 (1.25), points up to 10000 (20pt) or 0, not \(value)"
        case .paragraphTooLong(let lines, let limit):
            return
                "finding line \(lines + 2) would need a single paragraph of more than \(limit) characters laid out in one piece, "
                + "past Pango's 32-bit widths; use a smaller line limit"
        case .combiningRunTooLong(let index, let limit):
            return
                "the text has more than \(limit) combining marks in a row after character \(index) "
                + "(Unicode's stream-safe limit, UAX #15); no script needs that many"
        case .bidiControls(let index, let depth, let count):
            return
                "the text's explicit bidi embeddings, overrides and isolates nest deeper than \(depth) (UAX #9's limit) "
                + "or number more than \(count), at character \(index); no text needs that many"
        case .invalidFont(let message): return message
        case .textTooLarge(let bytes, let limit):
            return "the text has \(bytes) bytes; at most \(limit) (16 MB) are accepted"
        case .tooManyParagraphs(let count, let limit):
            return "the text has \(count) lines between explicit line breaks; at most \(limit) can be laid out whole"
        case .textTooLong(let count, let limit):
            return "the text has \(count) characters; at most \(limit) can be laid out whole"
        case .invalidMarkup(let message): return "invalid markup: \(message)"
        }
    }
}
