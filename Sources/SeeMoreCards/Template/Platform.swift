import SeeMoreSupport
import SeeMoreText

/// Where a card ships, for the line breaking it gets there: a template's `body.platform` sets
/// `lineBreak`, `wordBreak` and whether links stay whole to that platform's defaults (fields given
/// beside it win). docs/cut-algorithm.md gives the source of each default.
package enum Platform: String, Sendable, CaseIterable, Codable {
    /// A browser: CSS's initial `line-break: auto` and `word-break: normal`; a link is an `<a>` and
    /// breaks as the text around it.
    case web
    /// UIKit: `lineBreakStrategy` `.standard` (`.pushOut` and `.hangulWordPriority`): Korean words whole.
    case ios
    /// A `TextView`: `LineBreakConfig`'s `LINE_BREAK_STYLE_NONE` and `LINE_BREAK_WORD_STYLE_NONE`
    /// (the locale's ICU rules); a `ClickableSpan` breaks as the text around it.
    case android

    package init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }

    package var lineBreak: LineBreak { .auto }

    package var wordBreak: WordBreak { self == .ios ? .keepHangul : .normal }

    package var keepsEntitiesWhole: Bool { false }

    /// Browsers draw a space in the first family of the list that has one.
    package var spacesInFirstFamily: Bool { self == .web }
}

extension CardTemplate.Body {
    /// Sets the line breaking to `platform`'s defaults.
    package mutating func apply(_ platform: Platform) {
        lineBreak = platform.lineBreak
        wordBreak = platform.wordBreak
        keepsEntitiesWhole = platform.keepsEntitiesWhole
        spacesInFirstFamily = platform.spacesInFirstFamily
    }
}
