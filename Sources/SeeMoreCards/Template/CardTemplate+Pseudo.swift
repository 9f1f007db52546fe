import SeeMoreText

extension CardTemplate {
    /// The template with the strings a translator would translate in `pseudo`: the suffix, the
    /// expanded suffix, the header's display name and a chat input's placeholder. The ellipsis and
    /// the handle (an identifier) stay as they are.
    package func pseudoLocalized(_ pseudo: PseudoLocale) -> CardTemplate {
        var localized = self
        if !suffix.text.isEmpty { localized.suffix.text = pseudo.apply(to: suffix.text) }
        localized.expandedSuffix = expandedSuffix.map { $0.isEmpty ? $0 : pseudo.apply(to: $0) }
        if let header, !header.displayName.isEmpty { localized.header?.displayName = pseudo.apply(to: header.displayName) }
        if !field.placeholder.isEmpty { localized.field.placeholder = pseudo.apply(to: field.placeholder) }
        return localized
    }
}
