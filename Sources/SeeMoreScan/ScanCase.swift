import SeeMoreCards

/// What one text's cut did in one cell (template, font, width): a line of `cases.jsonl`.
package struct ScanCase: Sendable, Equatable {
    package var id: String
    /// The corpus line the text starts on: the order of `cases.jsonl`, in one run and merged.
    package var line: Int
    package var template: String
    /// The app locale of the template's strings; "" as written.
    package var locale: String
    /// The body font in place of the template's; "" for the template's own.
    package var font: String
    package var width: Double
    package var truncated = false
    /// Characters (Unicode scalars) of the text as drawn, and those kept before the ellipsis.
    package var characters = 0
    package var kept = 0
    /// Lines of the collapsed card.
    package var lines = 0
    /// The ellipsis and suffix did not fit on the last line and wrapped.
    package var suffixWraps = false
    /// The cut fell between two letters of a word, as word mode does where no word fits.
    package var characterCut = false
    /// Glyphs no font had (tofu).
    package var unknownGlyphs = 0
    /// The fonts the card drew with, in order of first use.
    package var fonts: [String] = []
    /// The text drawn by fallback fonts (at most `maximumFallbackRuns`, each at most 80 characters).
    package var fallbackRuns: [FallbackRun] = []
    package var lints: [CutLint] = []
    /// Why the text could not be laid out (too long, too large); nil when it was.
    package var error: String? = nil

    /// The most fallback runs a case lists (a long text in a font without its script has one a word).
    package static let maximumFallbackRuns = 32

    package init(id: String, line: Int, cell: ScanStatistics.Key) {
        self.id = id
        self.line = line
        template = cell.template
        locale = cell.locale
        font = cell.font
        width = cell.width
    }

    package var cell: ScanStatistics.Key { ScanStatistics.Key(template: template, locale: locale, font: font, width: width) }

    /// The share of the text the collapsed card shows, 0–1 (1 for an empty text).
    package var shownShare: Double { characters == 0 ? 1 : min(1, Double(kept) / Double(characters)) }
}
