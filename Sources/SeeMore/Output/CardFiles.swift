/// Writes rendered cards as `STEM.collapsed.png`, `STEM.expanded.png` and `STEM.json`, each atomically.
package enum CardFiles {
    /// - Returns: the metadata written to `STEM.json`.
    /// - Throws: `CommandError` with exit 73 naming the path that cannot be written.
    static func write(_ cards: [RenderedCard], request: CardRequest, folder: String, stem: String) throws -> JSONValue {
        do {
            try AtomicFile.makeFolder(folder)
            var files: [CardState: String] = [:]
            for card in cards { files[card.state] = "\(folder)/\(stem).\(card.state.rawValue).png" }
            let report = metadata(cards, files: files, request: request)
            // All three or none: a full disk never leaves a new collapsed card beside an old expanded one.
            try AtomicFile.write(
                cards.compactMap { card in files[card.state].map { (card.png, $0) } }
                    + [(Array((report.serialized() + "\n").utf8), "\(folder)/\(stem).json")])
            return report
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
    }

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
            ("unknownGlyphs", .number(Double(cards.reduce(0) { $0 + $1.metadata.unknownGlyphs }))),
            ("collapsed", state(.collapsed)),
            ("expanded", state(.expanded)),
        ])
    }
}
