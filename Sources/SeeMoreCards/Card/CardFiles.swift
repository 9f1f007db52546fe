import SeeMoreSupport
import SeeMoreText

/// Rendered cards' files: the metadata `STEM.json` holds (`render --json` prints it, `POST /render`
/// answers it), beside `STEM.collapsed.png` and `STEM.expanded.png`.
package enum CardFiles {
    package static func metadata(_ cards: [RenderedCard], files: [CardState: String], request: CardRequest) -> JSONValue {
        var fonts: [String] = []
        var substitutions: [FontSubstitution] = []
        for card in cards {
            for family in card.metadata.fonts where !fonts.contains(family) { fonts.append(family) }
            for substitution in card.metadata.fontSubstitutions where !substitutions.contains(substitution) {
                substitutions.append(substitution)
            }
        }
        func state(_ state: CardState) -> JSONValue {
            guard let card = cards.first(where: { $0.state == state }), case .object(let members) = card.metadata.json else {
                return .null
            }
            return .object([("file", .string(files[state] ?? ""))] + members)
        }
        return .object([
            ("template", .string(request.template.name)),
            ("width", .number(request.cardWidth)),
            ("scale", .number(Double(request.scale))),
            ("theme", .string(request.theme)),
            ("fonts", .array(fonts.map { .string($0) })),
            ("fontFallback", .bool(!substitutions.isEmpty)),
            (
                "fontSubstitutions",
                .array(
                    substitutions.map {
                        .object([("requested", .string($0.requested)), ("used", .string($0.used))])
                    })
            ),
            ("language", cards.first?.metadata.language.map { .string($0) } ?? .null),
            ("languageGuessed", .bool(cards.first?.metadata.languageGuessed ?? false)),
            ("unknownGlyphs", .number(Double(cards.reduce(0) { $0 + $1.metadata.unknownGlyphs }))),
            ("collapsed", state(.collapsed)),
            ("expanded", state(.expanded)),
        ])
    }
}
