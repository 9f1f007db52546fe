import FoundationEssentials
import SeeMoreCatalog
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// One card request given as named fields: a query string (`GET /render.png`), a JSON body
/// (`POST /render`) or a line of `render --batch`, checked field by field; every refusal names its field.
package struct CardFields: Sendable {
    package var request: CardRequest
    package var state: CardState
    /// The inputs in a fixed order, with a hash of the template file: a cache key.
    package var canonical: String
    /// The fields as given.
    package var fields: [String: String]

    /// A field that cannot be used: what is wrong, which field, and whose fault it is (the server
    /// words it as an HTTP status, `render --batch` as an exit code).
    package struct Refusal: Error, Equatable {
        package enum Kind: Sendable, Equatable {
            /// A value that is not one the field takes (or no JSON object of fields at all).
            case badValue
            /// A value past its limit (the text's length).
            case tooLarge
            /// The template named is broken or unreadable: the fault of whoever installed it.
            case brokenTemplate
            /// The card could not be drawn from good fields (fonts gone, a library's failure).
            case cannotDraw
        }

        package var kind: Kind
        package var message: String
        package var field: String?

        package init(_ kind: Kind, message: String, field: String?) {
            self.kind = kind
            self.message = message
            self.field = field
        }

        static func badValue(_ field: String, _ message: String) -> Refusal {
            Refusal(.badValue, message: message, field: field)
        }
    }

    /// Limits on what fields may ask.
    package struct Limits: Sendable {
        package var maximumTextCharacters = CardLimits.maximumFieldTextCharacters
        package var maximumWidth = CardLimits.maximumWidth
        package var maximumLines = CardLimits.maximumLines

        package init() {}
    }

    /// The fields a request may give; any other is refused, so a typo is never silently ignored.
    package static let names: Set<String> = [
        "text", "template", "width", "state", "theme", "scale", "lines", "font", "lang", "markup", "direction", "ellipsis",
        "suffix", "suffixColor", "pseudo", "textSize", "locale",
    ]

    /// - Parameters:
    ///   - values: field → value, as strings (JSON numbers and booleans written out).
    ///   - extra: more field names the caller reads itself (`render --batch`'s `name`).
    ///   - load: reads a template file: the template and a hash of its bytes.
    ///   - catalog: the program's string catalogs (`--catalog`), which a `locale` field's strings come from.
    package init(
        _ values: [String: String], templates: TemplateLoader, limits: Limits, extra: Set<String> = [],
        catalog: StringCatalog = StringCatalog(), load: (String) throws -> (CardTemplate, String) = CardFields.loadTemplate
    ) throws {
        for key in values.keys.sorted() where !Self.names.contains(key) && !extra.contains(key) {
            throw Refusal.badValue(
                key, "unknown field '\(key)'; fields: \(Self.names.union(extra).sorted().joined(separator: ", "))")
        }
        guard let text = values["text"] else { throw Refusal.badValue("text", "text is required") }
        guard text.count <= limits.maximumTextCharacters else {
            throw Refusal(
                .tooLarge, message: "the text has \(text.count) characters; at most \(limits.maximumTextCharacters)",
                field: "text")
        }
        let templateName = values["template"] ?? "inline-more"
        let (template, templateHash) = try Self.template(templateName, templates: templates, load: load)
        var request = CardRequest(text: text, template: template)
        try Self.setSizes(of: &request, from: values, limits: limits)
        try Self.setText(of: &request, from: values)
        try Self.setLook(of: &request, from: values, templateName: templateName)
        try Self.setLocale(of: &request, from: values, catalog: catalog)
        try Self.setPseudo(of: &request, from: values)
        try Self.setTextSize(of: &request, from: values)
        let stateName = values["state"] ?? "collapsed"
        guard let state = CardState(rawValue: stateName) else {
            throw Refusal.badValue("state", "state must be collapsed or expanded, not '\(stateName)'")
        }
        self.request = request
        self.state = state
        fields = values
        canonical =
            Self.names.sorted().map { "\($0)=\(values[$0] ?? "")" }.joined(separator: "\u{0}") + "\u{0}template-bytes="
            + templateHash
    }

    /// The template a request names, and a hash of its file: a name only, never a path, and never a
    /// symbolic link (a request must not open other files).
    private static func template(
        _ name: String, templates: TemplateLoader, load: (String) throws -> (CardTemplate, String)
    ) throws -> (CardTemplate, String) {
        guard let path = templates.file(named: name) else {
            throw Refusal.badValue(
                "template", "unknown template '\(name)'; templates: \(templates.available().joined(separator: ", "))")
        }
        do {
            return try load(path)
        } catch TemplateError.invalid(_, let line, let column, let field, _) {
            // Where, not what: a message quoting the file would hand its bytes to the client.
            let at = field.map { " (field \($0))" } ?? ""
            throw Refusal(
                .brokenTemplate, message: "template '\(name)' is not a valid template: line \(line), column \(column)\(at)",
                field: "template")
        } catch {
            throw Refusal(.brokenTemplate, message: "template '\(name)' cannot be read", field: "template")
        }
    }

    /// `width`, `lines` and `scale`, each within its limit.
    private static func setSizes(of request: inout CardRequest, from values: [String: String], limits: Limits) throws {
        if let width = values["width"] {
            guard let number = Double(width), CardLimits.widthProblem(number, maximum: limits.maximumWidth) == nil else {
                throw Refusal.badValue(
                    "width", "width \(CardLimits.widthProblem(.nan, maximum: limits.maximumWidth) ?? ""), not '\(width)'")
            }
            request.width = number
        }
        if let lines = values["lines"] {
            guard let number = Int(lines), CardLimits.linesProblem(number, maximum: limits.maximumLines) == nil else {
                throw Refusal.badValue(
                    "lines", "lines \(CardLimits.linesProblem(0, maximum: limits.maximumLines) ?? ""), not '\(lines)'")
            }
            request.lines = number
        }
        if let scale = values["scale"] {
            guard let number = Int(scale), CardLimits.scaleProblem(number) == nil else {
                throw Refusal.badValue("scale", "scale \(CardLimits.scaleProblem(0) ?? ""), not '\(scale)'")
            }
            request.scale = number
        }
    }

    /// `locale`: the app's locale: the template's strings from the catalogs (when the program has
    /// any and the template names keys), the chrome in the locale's direction, the text read in its
    /// language unless `lang` says otherwise.
    private static func setLocale(of request: inout CardRequest, from values: [String: String], catalog: StringCatalog) throws {
        guard let name = values["locale"] else { return }
        guard let locale = LanguageTag(name) else {
            throw Refusal.badValue("locale", "locale must be \(LanguageTag.rule), not '\(name)'")
        }
        if !catalog.files.isEmpty && !request.template.stringKeys.isEmpty {
            do {
                request.template = try request.template.localized(locale, catalog: catalog)
            } catch {
                throw Refusal.badValue("locale", error.description)
            }
        }
        request.setAppLocale(locale)
    }

    /// `pseudo`: the text, the template's strings and a `suffix` in a pseudo-locale.
    private static func setPseudo(of request: inout CardRequest, from values: [String: String]) throws {
        guard let name = values["pseudo"] else { return }
        guard let pseudo = PseudoLocale(rawValue: name) else {
            throw Refusal.badValue(
                "pseudo",
                "pseudo must be \(PseudoLocale.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        request.text = pseudo.apply(to: request.text, markup: request.markup)
        request.template = request.template.pseudoLocalized(pseudo)
        request.suffix = request.suffix.map { pseudo.apply(to: $0) }
    }

    /// `textSize`: the template's fonts and a `font` scaled to a reader's text size.
    private static func setTextSize(of request: inout CardRequest, from values: [String: String]) throws {
        guard let name = values["textSize"] else { return }
        guard let size = TextSize(parsing: name) else {
            throw Refusal.badValue("textSize", "textSize takes \(TextSize.rule), not '\(name)'")
        }
        do {
            request.template = try request.template.scaled(for: size)
            let style = request.template.body.textStyle
            request.font = try request.font.map { try FontDescription.resized($0) { size.scaled($0, style: style) } }
        } catch {
            throw Refusal.badValue("textSize", "the fonts cannot be scaled: \(error)")
        }
    }

    /// How the text is read: `font`, `lang`, `direction` and `markup`.
    private static func setText(of request: inout CardRequest, from values: [String: String]) throws {
        if let font = values["font"] { request.font = font }
        if let language = values["lang"] {
            guard let tag = LanguageTag(language) else {
                throw Refusal.badValue("lang", "lang must be \(LanguageTag.rule), not '\(language)'")
            }
            request.language = tag
        }
        if let direction = values["direction"] {
            guard let value = TextDirection(rawValue: direction) else {
                throw Refusal.badValue("direction", "direction must be auto, ltr or rtl, not '\(direction)'")
            }
            request.direction = value
        }
        if let markup = values["markup"] {
            guard let value = ["0": false, "false": false, "1": true, "true": true][markup] else {
                throw Refusal.badValue("markup", "markup must be 0 or 1, not '\(markup)'")
            }
            request.markup = value
        }
    }

    /// How the card looks: `theme` (one of the template's), `ellipsis`, `suffix` and `suffixColor`.
    private static func setLook(of request: inout CardRequest, from values: [String: String], templateName: String) throws {
        let template = request.template
        if let theme = values["theme"] {
            guard template.themes[theme] != nil else {
                throw Refusal.badValue(
                    "theme",
                    "template '\(templateName)' has no theme '\(theme)'; themes: \(template.themeNames.joined(separator: ", "))")
            }
            request.theme = theme
        }
        request.ellipsis = values["ellipsis"]
        request.suffix = values["suffix"]
        if let color = values["suffixColor"] {
            guard let parsed = Color(hex: color) else {
                throw Refusal.badValue("suffixColor", "suffixColor must be #RRGGBB or #RRGGBBAA, not '\(color)'")
            }
            request.suffixColor = parsed
        }
    }

    /// Reads a template file in its folder under the path policy and hashes its bytes.
    package static func loadTemplate(_ path: String) throws -> (CardTemplate, String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let (template, bytes) = try TemplateLoader.load(path: path, root: folder)
        return (template, ContentHash.fnv1a64(bytes))
    }

    /// Field → string from a JSON object body: strings as they are, numbers and booleans written out.
    /// Read by the same strict parser as templates and suites: a field given twice is refused.
    package static func values(fromJSON body: [UInt8]) throws -> [String: String] {
        let node: JSONNode
        switch JSONNode.parse(body) {
        case .success(let parsed): node = parsed
        case .failure(let error):
            throw Refusal(.badValue, message: "not JSON: column \(error.column): \(error.message)", field: nil)
        }
        guard let members = node.members else {
            throw Refusal(.badValue, message: "not a JSON object of strings, numbers and booleans", field: nil)
        }
        var values: [String: String] = [:]
        for (key, member) in members {
            if let text = member.string {
                values[key] = text
            } else if let number = member.number {
                values[key] = JSONValue.format(number)
            } else if let flag = member.bool {
                values[key] = flag ? "1" : "0"
            } else {
                throw Refusal(.badValue, message: "\(key) must be a string, a number or a boolean", field: key)
            }
        }
        return values
    }
}
