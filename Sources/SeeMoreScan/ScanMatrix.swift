import SeeMoreCards
import SeeMoreCatalog
import SeeMoreText

/// What a scan cuts every text with: templates, each at every width, in the template's body font or in
/// each of `fonts`, drawn with `fontFiles`.
public struct ScanMatrix: Sendable {
    public var templates: [CardTemplate]
    public var widths: [Double]
    /// Body font descriptions in place of each template's; empty uses the template's own.
    public var fonts: [String]
    public var fontFiles: FontFiles
    /// The pseudo-locale every text and every template's strings are cut in; nil as written.
    public var pseudo: PseudoLocale? = nil
    /// The text size every card is drawn at; nil as the templates say.
    public var textSize: TextSize? = nil
    /// App locales, each a cell of every template with its strings from `catalog`: the suffix by
    /// `suffixKey` when given, every string the template's `strings` names otherwise. Empty: as written.
    public var locales: [LanguageTag] = []
    public var catalog = StringCatalog()
    /// The catalog key of the suffix in every template (`seemore scan --key`), over the templates' own.
    public var suffixKey: String? = nil

    /// The most template × font × width cells a scan holds (each has its statistics and plots).
    package static let maximumCells = 4096

    public init(templates: [CardTemplate], widths: [Double], fonts: [String] = [], fontFiles: FontFiles = .system) {
        self.templates = templates
        self.widths = widths
        self.fonts = fonts
        self.fontFiles = fontFiles
    }

    /// One template, font and width.
    public struct Cell: Sendable, Hashable {
        public var template: CardTemplate
        /// nil: the template's body font.
        public var font: String?
        public var width: Double
        /// The font as the matrix names it, when `font` is it scaled to a text size.
        package var keyFont: String? = nil
        /// The pseudo-locale its texts are cut in (its template's strings already are); nil as written.
        package var pseudo: PseudoLocale? = nil
        /// The app locale its template's strings are in (already); nil as written.
        package var locale: LanguageTag? = nil

        public static func == (lhs: Cell, rhs: Cell) -> Bool { lhs.key == rhs.key }
        public func hash(into hasher: inout Hasher) { hasher.combine(key) }

        /// How statistics name it.
        package var key: ScanStatistics.Key {
            ScanStatistics.Key(template: template.name, locale: locale?.rawValue ?? "", font: keyFont ?? font ?? "", width: width)
        }
    }

    /// `template` in `locale`: the suffix by `suffixKey`, the strings its `strings` names by theirs.
    /// - Throws: `CardLocalizationError` for a key the catalog lacks in that locale.
    package func template(_ template: CardTemplate, in locale: LanguageTag) throws -> CardTemplate {
        var keyed = template
        if let suffixKey { keyed.stringKeys[.suffix] = suffixKey }
        return try keyed.localized(locale, catalog: catalog)
    }

    /// Every cell, templates first, then locales, then fonts, then widths, as given.
    public var cells: [Cell] {
        var cells: [Cell] = []
        for plain in templates {
            for locale in locales.isEmpty ? [nil] : locales.map(Optional.some) {
                guard let locale else {
                    cells += self.cells(of: plain, locale: nil)
                    continue
                }
                // A template a locale's strings are missing from is refused before a scan (`ScanCommand.matrix`).
                guard let template = try? template(plain, in: locale) else { continue }
                cells += self.cells(of: template, locale: locale)
            }
        }
        return cells
    }

    private func cells(of template: CardTemplate, locale: LanguageTag?) -> [Cell] {
        var cells: [Cell] = []
        for font in fonts.isEmpty ? [nil] : fonts.map(Optional.some) {
            for width in widths {
                let localized = pseudo.map { template.pseudoLocalized($0) } ?? template
                // A template whose fonts cannot be scaled is refused before a scan (`ScanCommand.matrix`).
                let sized = textSize.flatMap { try? localized.scaled(for: $0) } ?? localized
                let drawnFont =
                    textSize.flatMap { size in
                        font.flatMap { try? FontDescription.resized($0) { size.scaled($0, style: sized.body.textStyle) } }
                    } ?? font
                var cell = Cell(template: sized, font: drawnFont, width: width)
                cell.keyFont = font
                cell.pseudo = pseudo
                cell.locale = locale
                cells.append(cell)
            }
        }
        return cells
    }
}
