import SeeMoreCatalog
import SeeMoreText

/// A string of a card's own that a translator translates, by the name a template's `strings` gives
/// its catalog key under: `{"strings": {"suffix": "feed.seeMore", "expandedSuffix": "feed.seeLess"}}`.
package enum CardString: String, CaseIterable, Sendable {
    case suffix, expandedSuffix, ellipsis, displayName, placeholder
}

extension CardTemplate {
    /// The template in `locale`: each string its `strings` names a key for, from `catalog` (falling
    /// back as `StringCatalog.entry` does).
    /// - Throws: `CardLocalizationError` for a key no catalog has in that locale or its fallbacks.
    package func localized(_ locale: LanguageTag, catalog: StringCatalog) throws(CardLocalizationError) -> CardTemplate {
        var localized = self
        for (string, key) in stringKeys.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let value = catalog.string(key, locale: locale.rawValue) else {
                throw CardLocalizationError(
                    template: name, string: string, key: key, locale: locale.rawValue, files: catalog.files)
            }
            switch string {
            case .suffix: localized.suffix.text = value
            case .expandedSuffix: localized.expandedSuffix = value
            case .ellipsis: localized.ellipsis = value
            case .displayName: localized.header?.displayName = value
            case .placeholder: localized.field.placeholder = value
            }
        }
        return localized
    }
}

/// A template string whose key no catalog has in a locale.
package struct CardLocalizationError: Error, Equatable, CustomStringConvertible {
    package var template: String
    package var string: CardString
    package var key: String
    package var locale: String
    package var files: [String]

    package var description: String {
        let read =
            files.isEmpty
            ? "no catalog was read"
            : "read " + files.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
        return
            "template \(template): strings.\(string.rawValue) names key '\(key)', which the catalogs have in neither \(locale) nor its fallbacks (\(read))"
    }
}
