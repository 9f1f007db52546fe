import FoundationEssentials
import SeeMoreSupport
import SeeMoreText
import SeeMoreCards
import SeeMoreCatalog
import SeeMoreImage

/// Answers a card request given as fields (those of `GET /render.png` and `POST /render`): the PNG of
/// one state, or the metadata `render --json` prints with the address of each state's PNG, or a
/// refusal naming the field at fault and the HTTP status that says so. What a `seemore serve` worker
/// process does with each request.
package final class CardService {
    /// What a request asks for.
    package enum Format: String, Sendable {
        case png
        case metadata
    }

    /// An HTTP answer: its status, content type and body.
    package struct Answer: Equatable, Sendable {
        package var status: Int
        package var type: String
        package var body: [UInt8]

        package init(status: Int, type: String, body: [UInt8]) {
            self.status = status
            self.type = type
            self.body = body
        }

        /// A refusal's JSON answer: `{"error": …, "field": …}`.
        package init(_ refusal: CardFields.Refusal) {
            self.init(status: Self.status(of: refusal.kind), message: refusal.message, field: refusal.field)
        }

        /// An error's JSON answer: `{"error": …, "field": …}`.
        package init(status: Int, message: String, field: String?) {
            var members: [(String, JSONValue)] = [("error", .string(message))]
            if let field { members.append(("field", .string(field))) }
            self.init(
                status: status, type: "application/json",
                body: Array((JSONValue.object(members).serialized(indent: nil) + "\n").utf8))
        }

        /// The HTTP status that says whose fault a refusal is: 400 a bad value, 413 too large, 500
        /// the server's own template or drawing.
        package static func status(of kind: CardFields.Refusal.Kind) -> Int {
            switch kind {
            case .badValue: 400
            case .tooLarge: 413
            case .brokenTemplate, .cannotDraw: 500
            }
        }
    }

    private let templates: TemplateLoader
    private let templateCache = TemplateCache()
    private let limits: CardFields.Limits
    private let renderer: CardRenderer
    private let catalog: StringCatalog

    /// - Parameter program: the running program's path, for its built-in templates.
    package init(
        templatesFolder: String?, program: String?, fonts: FontFiles, limits: CardFields.Limits,
        catalog: StringCatalog = StringCatalog()
    ) throws {
        templates = TemplateLoader.standard(templatesFolder: templatesFolder, program: program)
        self.limits = limits
        self.catalog = catalog
        renderer = try CardRenderer(fonts: fonts)
    }

    package func answer(_ values: [String: String], format: Format) -> Answer {
        do {
            let query = try CardFields(values, templates: templates, limits: limits, catalog: catalog, load: templateCache.load)
            let card = try renderer.render(query.request, state: query.state)
            switch format {
            case .png: return Answer(status: 200, type: "image/png", body: card.png)
            case .metadata: return Answer(status: 200, type: "application/json", body: Array(Self.metadata(card, query).utf8))
            }
        } catch let refusal as CardFields.Refusal {
            return Answer(refusal)
        } catch {
            return Answer(Self.refusal(for: error))
        }
    }

    /// `render --json`'s object for one state, with the URL of each state's PNG.
    static func metadata(_ card: RenderedCard, _ query: CardFields) -> String {
        var files: [CardState: String] = [:]
        for state in CardState.allCases {
            var components = URLComponents()
            components.path = "/render.png"
            components.queryItems =
                query.fields.sorted { $0.key < $1.key }.filter { $0.key != "state" }.map {
                    URLQueryItem(name: $0.key, value: $0.value)
                } + [URLQueryItem(name: "state", value: state.rawValue)]
            files[state] = components.string ?? "/render.png"
        }
        return CardFiles.metadata([card], files: files, request: query.request).serialized() + "\n"
    }

    /// What a failed render means for the client: its input (400) or the server (500).
    package static func refusal(for error: Error) -> CardFields.Refusal {
        switch error {
        case let error as CardError:
            switch error {
            case .unknownTheme: return CardFields.Refusal(.badValue, message: error.description, field: "theme")
            case .invalidScale: return CardFields.Refusal(.badValue, message: error.description, field: "scale")
            case .tooNarrow, .invalidWidth: return CardFields.Refusal(.badValue, message: error.description, field: "width")
            case .tooLarge: return CardFields.Refusal(.badValue, message: error.description, field: "text")
            case .tooManyPixels: return CardFields.Refusal(.badValue, message: error.description, field: "scale")
            }
        case let error as TruncationRequestError: return CardFields.Refusal(.badValue, message: error.description, field: nil)
        // The template's own font files could not be loaded (changed on disk since it was read).
        case let error as FontFilesError:
            return CardFields.Refusal(.brokenTemplate, message: "cannot load the template's fonts: \(error)", field: "template")
        default: return CardFields.Refusal(.cannotDraw, message: "cannot render: \(error)", field: nil)
        }
    }
}
