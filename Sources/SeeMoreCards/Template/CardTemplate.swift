import SeeMoreSupport
import SeeMoreImage
import SeeMoreText

/// A card style: the box, the header, the body text, the ellipsis and suffix, and theme colors.
///
/// Templates are JSON files in `Templates/`; the README documents every field, its unit and default.
public struct CardTemplate: Sendable, Equatable {
    /// The template's name (the file name without `.json` when loaded from a file).
    public var name: String
    public var summary: String
    public var kind: Kind
    package var card: Box
    package var header: Header?
    /// The author's picture beside or above the header (with a header only).
    package var avatar: Avatar?
    package var body: Body
    /// Drawn in the body font and color right after the kept text; may be empty.
    package var ellipsis: String
    /// What happens around the ellipsis at a cut.
    package var ending = Ending()
    package var suffix: Suffix
    /// Shown on the expanded card of a text that was cut (e.g. "Show less"), placed like the suffix.
    package var expandedSuffix: String?
    /// The chat input's placeholder and height limit (kind `input`).
    package var field: Field
    /// How links, mentions and hashtags in the text are found and drawn.
    package var links = Links()
    /// The catalog key of each string a translator translates (`strings`), for `localized(_:catalog:)`.
    package var stringKeys: [CardString: String] = [:]
    /// Colors by theme name ("light", "dark").
    package var themes: [String: Theme]
    /// The font files the template names (`fontFiles`, relative to its file, inside its folder) and
    /// whether they are the only fonts (`hermeticFonts`); resolved when it is loaded from a file.
    package var fonts = FontFiles.system
    /// `fontFiles` as written, resolved by `TemplateLoader` against the template's folder.
    var fontFileEntries: [String] = []

    /// The names of the template's color themes ("light", "dark"), sorted.
    public var themeNames: [String] { themes.keys.sorted() }

    /// What the card is.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A text card, collapsed to `body.lines` lines with a suffix.
        case card
        /// A chat input field whose height follows the text up to `field.maxLines`.
        case input
    }

    /// Where the suffix goes on a collapsed card.
    package enum Placement: String, Sendable, CaseIterable, Codable {
        /// Right after the ellipsis at the end of the last line.
        case inline
        /// On its own line below the text.
        case below
        /// Over the bottom-trailing corner of the clamped text, on a fading background.
        case overlay
    }

    /// The card's outer box, in points.
    package struct Box: Sendable, Equatable {
        /// Default outer width (`--width` overrides).
        package var width: Double = 343
        package var padding = Insets(all: 16)
        package var cornerRadius: Double = 12
        /// Stroke width of the border; 0 draws none.
        package var borderWidth: Double = 1
    }

    /// Space inside the card's edge, in points.
    package struct Insets: Sendable, Equatable {
        package var top: Double
        package var right: Double
        package var bottom: Double
        package var left: Double

        package init(all: Double) {
            (top, right, bottom, left) = (all, all, all, all)
        }

        package init(top: Double, right: Double, bottom: Double, left: Double) {
            (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
        }
    }

    /// A header line above the text: a display name in the header font and a handle in the secondary color.
    package struct Header: Sendable, Equatable {
        package var displayName: String
        package var handle: String
        package var font: String = "DejaVu Sans Bold 15"
        /// Font of the handle; nil uses `font` without bold.
        package var handleFont: String? = nil
        /// Space between the header and the text, in points.
        package var spacing: Double = 4
        /// `line`: a line above the text; `inline`: the display name in bold, inline before the text
        /// (as Instagram draws a caption), no handle.
        package var placement: HeaderPlacement = .line
        /// The iOS text style its fonts scale by at another text size (`TextSize`).
        package var textStyle: TextSize.TextStyle = .headline
    }

    package enum HeaderPlacement: String, Sendable, CaseIterable, Codable {
        case line
        case inline

        package init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
    }

    /// The body text.
    package struct Body: Sendable, Equatable {
        package var font: String = TruncationRequest.defaultFont
        /// The lines' pitch: a multiple of the font size (`1.25`), points (`"20pt"`), or the font's own (`0`).
        package var lineHeight = LineHeight.natural
        /// The most lines of the collapsed card (N).
        package var lines: Int = 3
        package var cut: CutMode = .word
        /// Whether a word broken inside gets a hyphen (`auto`) or not (`none`, CSS's and iOS's default).
        package var hyphens: Hyphens = .none
        /// The paragraphs' base direction; `auto` from each one's first strong character.
        package var direction: TextDirection = .auto
        /// Where lines break: nil as Pango does, else as the platforms do (`LineBreak`).
        package var lineBreak: LineBreak? = nil
        /// Whether lines break inside words; Korean words are kept whole by default (`korean: words`,
        /// which the field replaces).
        package var wordBreak: WordBreak = .keepHangul
        /// Whether links, mentions and hashtags stay on one line when they fit one.
        package var keepsEntitiesWhole = true
        /// Whether spaces are drawn in the first family of the body font's list (as browsers do).
        package var spacesInFirstFamily = false
        /// The text's language (BCP 47); nil guesses it from the text.
        package var lang: LanguageTag? = nil
        /// Links as written (`full`) or shortened (`short`, at most `urlLength` characters).
        package var urls: URLDisplay = .full
        package var urlLength: Int = 24
        /// The iOS text style the body font and line height scale by at another text size (`TextSize`).
        package var textStyle: TextSize.TextStyle = .body
    }

    /// The suffix that invites expanding the card.
    package struct Suffix: Sendable, Equatable {
        package var text: String = "See more"
        /// Merged onto the body font ("Bold", "DejaVu Sans 13"); nil uses the body font.
        package var font: String? = nil
        package var underline: Bool = false
        package var placement: Placement = .inline
        /// Space above a suffix placed `below`, in points.
        package var spacing: Double = 4
        /// Width of the fade before an `overlay` suffix, in points.
        package var fadeWidth: Double = 32
        /// How the fade before an `overlay` suffix starts.
        package var fade = Fade()
        /// The iOS text style a suffix font with a size of its own scales by; nil: the body's.
        package var textStyle: TextSize.TextStyle? = nil
    }

    /// What happens around the ellipsis at a cut (`TruncationRequest.gap`, `trimPunctuation`).
    package struct Ending: Sendable, Equatable {
        /// Put before the ellipsis when the kept text ends in a character of text written with spaces
        /// (not Han, kana or CJK punctuation): read-more-tail's " " between "testers." and "続きを読む".
        package var gap: String = ""
        /// Leave the punctuation the kept text ends in out before the ellipsis ("Ship small…").
        /// Off, as iOS and Android draw a cut.
        package var trimPunctuation = false
    }

    /// Links, `@mentions` and `#hashtags` (`TextEntity`): found in the text unless `detect` is false
    /// (a suite's marked spans still count), drawn in the theme's `link` color, never cut inside.
    package struct Links: Sendable, Equatable {
        package var detect = true
        package var underline = false
        /// Their weight (400 normal, 600 semibold, 700 bold); nil keeps the text's.
        package var weight: Int? = nil
        /// How they are found: `feed` (any script's mentions) or `x` (as X finds them).
        package var rules: EntityRules = .feed
    }

    /// The ramp of background that an `overlay` suffix sits on: transparent `leadIn` points before the
    /// fade, `startOpacity` where the fade (`fadeWidth` before the label) starts, opaque under the label.
    package struct Fade: Sendable, Equatable {
        /// Points over which the background goes from transparent to `startOpacity`; 0 starts the fade
        /// with a step, as the reference SwiftUI code does.
        package var leadIn: Double = 24
        package var startOpacity: Double = 0.8
    }

    /// The chat input field (kind `input`).
    package struct Field: Sendable, Equatable {
        package var placeholder: String = "Message"
        /// Lines shown before the field stops growing and scrolls.
        package var maxLines: Int = 5
    }

    /// The colors of one theme.
    package struct Theme: Sendable, Equatable {
        package var background: Color
        package var border: Color
        package var text: Color
        package var secondaryText: Color
        package var suffix: Color
        /// Placeholder text of an empty input; nil uses `secondaryText`.
        package var placeholder: Color?
        /// What lies behind the card (its rounded corners); nil leaves it transparent.
        package var canvas: Color?
        /// Links, mentions and hashtags; nil uses `suffix`.
        package var link: Color? = nil
        /// Behind an avatar's initials; nil uses `suffix`. The initials are in `avatarText` (nil: `background`).
        package var avatar: Color? = nil
        package var avatarText: Color? = nil
    }
}
