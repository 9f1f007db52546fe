import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// What to render: a text, a template, the flags that override it, and how.
public struct CardRequest: Sendable {
    public var text: String
    /// `text` is Pango markup.
    public var markup = false
    public var template: CardTemplate
    /// Outer width of the card in points; nil uses the template's.
    public var width: Double? = nil
    /// Body font description; nil uses the template's.
    public var font: String? = nil
    /// Line limit N (or an input's maximum lines); nil uses the template's.
    public var lines: Int? = nil
    public var ellipsis: String? = nil
    public var suffix: String? = nil
    public var suffixColor: Color? = nil
    public var theme = "light"
    /// The text's language (BCP 47); nil uses the template's, else guesses it from the text.
    public var language: LanguageTag? = nil
    /// The paragraphs' base direction; nil uses the template's.
    public var direction: TextDirection? = nil
    /// The app's layout direction, which places the card's chrome (the avatar and header at the
    /// leading edge, a link below the text): `.rtl` in a right-to-left locale (`LanguageTag.isRightToLeft`).
    /// nil lets the text decide, as a card without a locale always has: an Arabic post's chrome mirrors.
    /// The text itself is always aligned by its own direction.
    public var layoutDirection: TextDirection? = nil

    /// Draws as an app in `locale` does: the chrome in the locale's direction, the text read in the
    /// locale's language unless it has its own (as a platform reads a text that names none).
    package mutating func setAppLocale(_ locale: LanguageTag) {
        language = language ?? locale
        layoutDirection = locale.isRightToLeft ? .rtl : .ltr
    }
    /// Pixels per point.
    public var scale = 1
    /// The fonts to draw with, exactly (a suite's); nil draws with the renderer's and the template's own files.
    public var fonts: FontFiles? = nil
    /// The text's links, mentions, hashtags and other marked spans, exactly (a suite's); nil finds them
    /// in the text when the template's `links.detect` says so.
    public var entities: [TextEntity]? = nil
    /// Spans marked by the caller (a suite's text) beside those the template finds.
    public var markedEntities: [TextEntity] = []
    /// Who wrote the text, in place of the template's header and avatar (a suite previews many authors).
    public var author: Author? = nil

    /// A text's author: each part set replaces the template's.
    public struct Author: Sendable, Equatable {
        public var displayName: String?
        public var handle: String?
        public var avatar: RGBAImage?

        public init(displayName: String? = nil, handle: String? = nil, avatar: RGBAImage? = nil) {
            (self.displayName, self.handle, self.avatar) = (displayName, handle, avatar)
        }
    }

    public init(
        text: String, template: CardTemplate, markup: Bool = false, width: Double? = nil, font: String? = nil,
        lines: Int? = nil, ellipsis: String? = nil, suffix: String? = nil, suffixColor: Color? = nil,
        theme: String = "light", scale: Int = 1
    ) {
        self.text = text
        self.template = template
        self.markup = markup
        self.width = width
        self.font = font
        self.lines = lines
        self.ellipsis = ellipsis
        self.suffix = suffix
        self.suffixColor = suffixColor
        self.theme = theme
        self.scale = scale
    }

    /// The card's outer width in points.
    public var cardWidth: Double { width ?? template.card.width }
}

/// Which of a card's two pictures.
public enum CardState: String, Sendable, CaseIterable {
    /// Cut to N lines, with the suffix when the text did not fit.
    case collapsed
    /// All the text.
    case expanded
}

/// A request that cannot be rendered.
public enum CardError: Error, Equatable, CustomStringConvertible {
    case unknownTheme(String, template: String, available: [String])
    case tooNarrow(width: Double, padding: Double)
    case tooLarge(pixelWidth: Int, pixelHeight: Int)
    /// More pixels than `CardLimits.maximumPixelArea`: the card's size in points and its scale.
    case tooManyPixels(pixelWidth: Int, pixelHeight: Int, width: Double, height: Double, scale: Int)
    case invalidScale(Int)
    case invalidWidth(Double)

    public var description: String {
        switch self {
        case .unknownTheme(let theme, let template, let available):
            return "template '\(template)' has no theme '\(theme)'; themes: \(available.joined(separator: ", "))"
        case .tooNarrow(let width, let padding):
            return
                "a card \(JSONValue.format(width)) pt wide leaves no room for text inside \(JSONValue.format(padding)) pt of padding"
        case .tooLarge(let width, let height):
            return "the card would be \(width)×\(height) pixels; Cairo draws at most 32767 in each direction"
        case .tooManyPixels(let pixelWidth, let pixelHeight, let width, let height, let scale):
            return
                "the card would be \(pixelWidth)×\(pixelHeight) pixels (\(JSONValue.format(width))×\(JSONValue.format(height)) pt "
                + "at scale \(scale)), more than \(CardLimits.maximumPixelArea) pixels; ask for a smaller width, scale or text"
        case .invalidScale(let scale): return "the scale \(CardLimits.scaleProblem(scale) ?? ""), not \(scale)"
        case .invalidWidth(let width):
            return "the card's width \(CardLimits.widthProblem(width) ?? ""), not \(JSONValue.format(width))"
        }
    }
}
