import Foundation
import SeeMore

/// One render request, from a query string (`GET /render.png`) or a JSON body (`POST /render`),
/// checked field by field: every refusal names its field.
struct RenderQuery: Sendable {
    var request: CardRequest
    var state: CardState
    /// The inputs in a fixed order, for the cache key and the ETag.
    var canonical: String
    /// The fields as given.
    var fields: [String: String]

    /// The fields a request may give; any other is refused, so a typo is never silently ignored.
    static let fields: Set<String> = [
        "text", "template", "width", "state", "theme", "scale", "lines", "font", "lang", "markup", "direction", "ellipsis",
        "suffix",
    ]

    /// - Parameter values: field → value, as strings (JSON numbers and booleans written out).
    init(_ values: [String: String], templates: TemplateLoader, cache: TemplateCache, limits: ServerLimits) throws {
        for key in values.keys.sorted() where !Self.fields.contains(key) {
            throw ServerError.badValue(key, "unknown field '\(key)'; fields: \(Self.fields.sorted().joined(separator: ", "))")
        }
        guard let text = values["text"] else { throw ServerError.badValue("text", "text is required") }
        guard text.count <= limits.maximumTextCharacters else {
            throw ServerError(
                status: 413, message: "the text has \(text.count) characters; at most \(limits.maximumTextCharacters)",
                field: "text")
        }
        let templateName = values["template"] ?? "inline-more"
        // A name only, never a path: a request must not open files.
        guard PathPolicy.isSafeName(templateName), let path = templates.path(for: templateName) else {
            throw ServerError.badValue(
                "template", "unknown template '\(templateName)'; templates: \(templates.available().joined(separator: ", "))")
        }
        let template: CardTemplate
        let templateHash: String
        do {
            (template, templateHash) = try cache.load(path)
        } catch {
            throw ServerError(status: 500, message: "template '\(templateName)' cannot be loaded: \(error)", field: "template")
        }
        var request = CardRequest(text: text, template: template)
        if let width = values["width"] {
            guard let number = Double(width), number.isFinite, number > 0, number <= limits.maximumWidth else {
                throw ServerError.badValue(
                    "width", "width must be a number of points above 0 and at most \(Int(limits.maximumWidth)), not '\(width)'")
            }
            request.width = number
        }
        if let lines = values["lines"] {
            guard let number = Int(lines), (1...TruncationRequest.maximumLines).contains(number) else {
                throw ServerError.badValue(
                    "lines", "lines must be a whole number from 1 to \(TruncationRequest.maximumLines), not '\(lines)'")
            }
            request.lines = number
        }
        if let scale = values["scale"] {
            guard let number = Int(scale), (1...3).contains(number) else {
                throw ServerError.badValue("scale", "scale must be 1, 2 or 3, not '\(scale)'")
            }
            request.scale = number
        }
        if let theme = values["theme"] {
            guard template.themes[theme] != nil else {
                throw ServerError.badValue(
                    "theme",
                    "template '\(templateName)' has no theme '\(theme)'; themes: \(template.themes.keys.sorted().joined(separator: ", "))"
                )
            }
            request.theme = theme
        }
        if let font = values["font"] { request.font = font }
        if let language = values["lang"] {
            guard TextLanguage.isValid(language) else {
                throw ServerError.badValue(
                    "lang", "lang must be a BCP 47 language tag such as ja, zh-Hans or pt-BR, not '\(language)'")
            }
            request.language = language
        }
        if let direction = values["direction"] {
            guard let value = TextDirection(rawValue: direction) else {
                throw ServerError.badValue("direction", "direction must be auto, ltr or rtl, not '\(direction)'")
            }
            request.direction = value
        }
        if let markup = values["markup"] {
            guard let value = ["0": false, "false": false, "1": true, "true": true][markup] else {
                throw ServerError.badValue("markup", "markup must be 0 or 1, not '\(markup)'")
            }
            request.markup = value
        }
        request.ellipsis = values["ellipsis"]
        request.suffix = values["suffix"]
        let stateName = values["state"] ?? "collapsed"
        guard let state = CardState(rawValue: stateName) else {
            throw ServerError.badValue("state", "state must be collapsed or expanded, not '\(stateName)'")
        }
        self.request = request
        self.state = state
        fields = values
        canonical =
            Self.fields.sorted().map { "\($0)=\(values[$0] ?? "")" }.joined(separator: "\u{0}") + "\u{0}template-bytes="
            + templateHash
    }

    /// Field → string from a JSON object body: strings as they are, numbers and booleans written out.
    static func values(fromJSON body: [UInt8]) throws -> [String: String] {
        guard let object = try? JSONDecoder().decode([String: Field].self, from: Data(body)) else {
            throw ServerError(status: 400, message: "the body must be a JSON object of strings, numbers and booleans", field: nil)
        }
        return object.mapValues(\.text)
    }

    /// One JSON member's value.
    private struct Field: Decodable {
        var text: String

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                text = bool ? "1" : "0"
            } else if let number = try? container.decode(Double.self) {
                text = JSONValue.format(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }
}
