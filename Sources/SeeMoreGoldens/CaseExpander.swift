import FoundationEssentials
import SeeMoreCards
import SeeMoreCatalog
import SeeMoreSupport
import SeeMoreText

/// Expands a suite file's matrices into cases, checking every name: texts, templates, themes, fonts.
struct CaseExpander {
    let file: SuiteFile
    let data: Data
    let path: String
    let templates: TemplateLoader
    /// The suite's own font files; the templates' join them.
    let fonts: FontFiles
    /// The suite's string catalogs (`catalogs`), for its matrices' `locales`.
    var catalog: StringCatalog? = nil

    private func error(_ message: String, at path: [CodingKey]) -> SuiteError {
        let position = JSONDocument.locate(path, in: data)
        return SuiteError(
            path: self.path, line: position?.line, column: position?.column, field: JSONDocument.fieldName(path), message: message
        )
    }

    /// Each text's author, its avatar picture read from the suite's folder (once per text).
    private func authors() throws -> [String: CardRequest.Author] {
        let folder = URL(fileURLWithPath: PathPolicy.standardized(path)).deletingLastPathComponent().path
        var authors: [String: CardRequest.Author] = [:]
        for name in file.texts.keys.sorted() {
            guard let text = file.texts[name], text.displayName != nil || text.handle != nil || text.avatar != nil else {
                continue
            }
            var author = CardRequest.Author(displayName: text.displayName, handle: text.handle)
            if let entry = text.avatar {
                do {
                    author.avatar = try Avatar.loadImage(entry.hasPrefix("/") ? entry : folder + "/" + entry, root: folder)
                } catch let problem as AvatarError {
                    throw error(
                        problem.description,
                        at: [
                            AnyCodingKey(stringValue: "texts"), AnyCodingKey(stringValue: name),
                            AnyCodingKey(stringValue: "avatar"),
                        ])
                }
            }
            authors[name] = author
        }
        return authors
    }

    /// The suite's marked spans of `text`, moved to where they are in its pseudo-localized text.
    private static func entities(_ entities: [TextEntity], of text: String, in pseudo: PseudoLocale?) -> [TextEntity] {
        guard let pseudo else { return entities }
        return entities.map { entity in
            var moved = entity
            let lower = pseudo.position(entity.range.lowerBound, in: text)
            moved.range = lower..<max(lower, pseudo.position(entity.range.upperBound, in: text))
            return moved
        }
    }

    /// An author's display name in a pseudo-locale (the handle is an identifier, not translated).
    private static func author(_ author: CardRequest.Author, in pseudo: PseudoLocale?) -> CardRequest.Author {
        guard let pseudo, let name = author.displayName else { return author }
        var localized = author
        localized.displayName = pseudo.apply(to: name)
        return localized
    }

    /// Every combination of one matrix's lists (its names already checked).
    private func matrixCases(_ matrix: SuiteFile.Matrix, templates: [String: CardTemplate], authors: [String: CardRequest.Author])
        throws -> [GoldenCase]
    {
        var cases: [GoldenCase] = []
        let matrixTolerance = (file.tolerance ?? Tolerance.Override()).then(matrix.tolerance)
        for name in matrix.templates {
            guard let plain = templates[name] else { continue }
            for (locale, pseudo, textSize) in matrix.locales.flatMap({ locale in
                matrix.pseudo.flatMap { pseudo in matrix.textSizes.map { (locale, pseudo, $0) } }
            }) {
                // Checked by `checkMatrix`: every key is in the catalogs.
                let template = SharedTemplate(
                    try Self.variant(of: plain, locale: locale, pseudo: pseudo, textSize: textSize, catalog: catalog))
                for textName in matrix.texts {
                    guard let text = file.texts[textName] else { continue }
                    let drawn = pseudo.map { $0.apply(to: text.text, markup: text.markup) } ?? text.text
                    for font in matrix.fonts ?? [plain.body.font] {
                        for width in matrix.widths {
                            for theme in matrix.themes {
                                for scale in matrix.scales {
                                    cases += matrix.states.map { state in
                                        var golden = GoldenCase(
                                            shared: template, textName: textName, text: drawn, markup: text.markup,
                                            language: text.language,
                                            entities: Self.entities(text.entities, of: text.text, in: pseudo),
                                            font: font, width: width, theme: theme, scale: scale, state: state)
                                        golden.pseudo = pseudo
                                        golden.textSize = textSize
                                        golden.locale = locale
                                        golden.author = authors[textName].map { Self.author($0, in: pseudo) }
                                        golden.tolerance = matrixTolerance
                                        golden.ignore = matrix.ignore
                                        return golden
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return cases
    }

    /// A template as a case in a locale, pseudo-locale and text size draws it: its strings from the
    /// catalog, then pseudo-localized, then scaled.
    static func variant(
        of plain: CardTemplate, locale: LanguageTag?, pseudo: PseudoLocale?, textSize: TextSize?, catalog: StringCatalog?
    ) throws -> CardTemplate {
        let translated = try locale.map { try plain.localized($0, catalog: catalog ?? StringCatalog()) } ?? plain
        let localized = pseudo.map { translated.pseudoLocalized($0) } ?? translated
        return try textSize.map { try localized.scaled(for: $0) } ?? localized
    }

    /// Every case, sorted by name, the fonts that draw them all (the suite's and its templates' files)
    /// and the templates as their files give them.
    func cases() throws -> (cases: [GoldenCase], fonts: FontFiles, templates: [String: CardTemplate]) {
        try checkTexts()
        let (templates, fonts) = try loadTemplates()
        let engine = try layoutEngine(fonts: fonts)
        let authors = try authors()
        var cases: [GoldenCase] = []
        /// The matrix each case comes from, to name both of a duplicate.
        var matrixOf: [Int] = []
        var fontChecks = FontChecks(engine: engine, fonts: fonts)
        for (index, matrix) in file.matrices.enumerated() {
            try checkMatrix(index, templates: templates, fontChecks: &fontChecks)
            let made = try matrixCases(matrix, templates: templates, authors: authors)
            cases += made
            matrixOf += repeatElement(index, count: made.count)
        }
        var sorted = try sortedOnce(cases, matrixOf: matrixOf)
        try applyCaseSettings(to: &sorted)
        return (sorted, fonts, templates)
    }

    /// Text names that stay inside the golden folder, entity ranges inside their text.
    private func checkTexts() throws {
        for name in file.texts.keys.sorted() where !PathPolicy.isSafeName(name) {
            throw error(
                "text name '\(name)' must be letters, digits, '.', '_' or '-' so it stays inside the golden folder",
                at: [AnyCodingKey(stringValue: "texts"), AnyCodingKey(stringValue: name)])
        }
        for name in file.texts.keys.sorted() {
            guard let text = file.texts[name], !text.markup else { continue }
            let count = text.text.unicodeScalars.count
            for (index, entity) in text.entities.enumerated() where entity.range.upperBound > count {
                throw error(
                    "range [\(entity.range.lowerBound), \(entity.range.upperBound)] ends past the text's \(count) characters",
                    at: [
                        AnyCodingKey(stringValue: "texts"), AnyCodingKey(stringValue: name),
                        AnyCodingKey(stringValue: "entities"),
                        AnyCodingKey(index: index), AnyCodingKey(stringValue: "range"),
                    ])
            }
        }
    }

    /// Every template the matrices name, and the fonts their files add to the suite's: loaded before
    /// any font name is checked, since their font files decide what a name finds.
    private func loadTemplates() throws -> (templates: [String: CardTemplate], fonts: FontFiles) {
        var loaded: [String: CardTemplate] = [:]
        var fonts = self.fonts
        for (index, matrix) in file.matrices.enumerated() {
            for (item, name) in matrix.templates.enumerated() where loaded[name] == nil {
                let position: [CodingKey] = [
                    AnyCodingKey(stringValue: "matrices"), AnyCodingKey(index: index), AnyCodingKey(stringValue: "templates"),
                    AnyCodingKey(index: item),
                ]
                guard PathPolicy.isSafeName(name) else {
                    throw error("template name '\(name)' is not a plain name", at: position)
                }
                do {
                    loaded[name] = try templates.load(name)
                } catch let problem as TemplateError {
                    throw error("\(problem)", at: position)
                }
                if let template = loaded[name] { fonts = fonts.merged(with: template.fonts) }
            }
        }
        return (loaded, fonts)
    }

    private func layoutEngine(fonts: FontFiles) throws -> LayoutEngine {
        do {
            return try LayoutEngine(fonts: fonts)
        } catch let problem as FontFilesError {
            throw SuiteError(path: path, field: "fontFiles", message: "\(problem.entry): \(problem.reason)")
        }
    }

    /// Font names resolved against the suite's fonts, each once however many matrices name it.
    private struct FontChecks {
        let engine: LayoutEngine
        let fonts: FontFiles
        var checked: [String: FontSubstitution?] = [:]

        /// Why `font` cannot draw the suite's cases, or nil when it is there.
        mutating func problem(with font: String) throws -> String? {
            if let problem = FontDescription.problem(with: font) { return problem }
            if checked[font] == nil { checked[font] = try engine.substitution(for: font) }
            guard let substitution = checked[font] ?? nil else { return nil }
            let whereNot =
                fonts.isSystem
                ? "not installed"
                : fonts.hermetic ? "not among the suite's font files" : "neither among the suite's font files nor installed"
            return
                "font '\(font)' is \(whereNot) (fontconfig would use \(substitution.used.isEmpty ? "no font" : substitution.used))"
        }
    }

    /// One matrix's names and values: known texts, fonts that are there, widths and scales in range,
    /// themes every template has.
    private func checkMatrix(_ index: Int, templates: [String: CardTemplate], fontChecks: inout FontChecks) throws {
        let matrix = file.matrices[index]
        func at(_ key: String, _ item: Int) -> [CodingKey] {
            [
                AnyCodingKey(stringValue: "matrices"), AnyCodingKey(index: index), AnyCodingKey(stringValue: key),
                AnyCodingKey(index: item),
            ]
        }
        for (item, name) in matrix.texts.enumerated() where file.texts[name] == nil {
            throw error(
                "unknown text '\(name)'; texts: \(file.texts.keys.sorted().joined(separator: ", "))", at: at("texts", item))
        }
        // Without `fonts`, each template's own body font: checked as the suite's would be, named at the template.
        let matrixFonts: [(font: String, at: [CodingKey])] =
            matrix.fonts.map { $0.enumerated().map { ($0.element, at("fonts", $0.offset)) } }
            ?? matrix.templates.enumerated().compactMap { item, name in
                templates[name].map { ($0.body.font, at("templates", item)) }
            }
        for (font, position) in matrixFonts {
            if let problem = try fontChecks.problem(with: font) { throw error(problem, at: position) }
        }
        for (item, width) in matrix.widths.enumerated() {
            if let problem = CardLimits.widthProblem(width) { throw error("width \(problem)", at: at("widths", item)) }
        }
        for (item, scale) in matrix.scales.enumerated() {
            if let problem = CardLimits.scaleProblem(scale) { throw error("scale \(problem)", at: at("scales", item)) }
        }
        for template in matrix.templates {
            for (item, theme) in matrix.themes.enumerated() where templates[template]?.themes[theme] == nil {
                throw error("template '\(template)' has no theme '\(theme)'", at: at("themes", item))
            }
        }
        try checkLocales(of: matrix, index: index, templates: templates)
    }

    /// A matrix's locales: the suite has catalogs, each template names its strings' keys, and every
    /// key is in the catalogs in every locale (or its fallbacks).
    private func checkLocales(of matrix: SuiteFile.Matrix, index: Int, templates: [String: CardTemplate]) throws {
        for (item, locale) in matrix.locales.enumerated() {
            guard let locale else { continue }
            let position: [CodingKey] = [
                AnyCodingKey(stringValue: "matrices"), AnyCodingKey(index: index), AnyCodingKey(stringValue: "locales"),
                AnyCodingKey(index: item),
            ]
            guard let catalog else {
                throw error(
                    "locales take the templates' strings from the suite's catalogs; it names none (\"catalogs\")", at: position)
            }
            for name in matrix.templates {
                guard let template = templates[name] else { continue }
                guard !template.stringKeys.isEmpty else {
                    throw error(
                        "template '\(name)' names no catalog keys (\"strings\": {\"suffix\": \"KEY\", …}), so no string of it is translated",
                        at: position)
                }
                do {
                    _ = try template.localized(locale, catalog: catalog)
                } catch {
                    throw self.error(error.description, at: position)
                }
            }
        }
    }

    /// The cases sorted by name, each name made once, not once per comparison (nor held in a
    /// dictionary: a suite may have 100 000 cases); a duplicate lies beside its twin and is an error.
    private func sortedOnce(_ cases: [GoldenCase], matrixOf: [Int]) throws -> [GoldenCase] {
        let names = cases.map(\.name)
        let order = names.indices.sorted { names[$0] < names[$1] || (names[$0] == names[$1] && matrixOf[$0] < matrixOf[$1]) }
        for (first, second) in zip(order, order.dropFirst()) where names[first] == names[second] {
            throw SuiteError(
                path: path,
                message: "duplicate case '\(names[first])' (from matrices[\(matrixOf[first])] and matrices[\(matrixOf[second])])")
        }
        return order.map { cases[$0] }
    }

    /// The `cases` entries, in order, over each matching case's matrix tolerance and ignored regions.
    private func applyCaseSettings(to sorted: inout [GoldenCase]) throws {
        for (item, settings) in file.cases.enumerated() {
            let matching = sorted.indices.filter { Glob.matches(settings.match, sorted[$0].name) }
            // A glob that matches nothing is a misspelt case name: its settings would be lost silently.
            guard !matching.isEmpty else {
                throw SuiteError(path: path, message: "cases[\(item)].match '\(LogText.escaped(settings.match))' matches no case")
            }
            for index in matching {
                sorted[index].tolerance = sorted[index].tolerance.then(settings.tolerance)
                sorted[index].ignore += settings.ignore
                guard sorted[index].ignore.count <= IgnoreRegion.maximumCount else {
                    throw SuiteError(
                        path: path,
                        message:
                            "case '\(sorted[index].name)' ignores more than \(IgnoreRegion.maximumCount) regions (cases[\(item)])"
                    )
                }
            }
        }
    }
}
