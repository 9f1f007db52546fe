import FoundationEssentials
import SeeMoreCards
import SeeMoreCatalog
import SeeMoreSupport
import SeeMoreText

/// A suite file: named texts and matrices of templates × texts × fonts × widths × themes × scales × states.
///
/// Every combination is a `GoldenCase`; its golden PNG and layout snapshot live in the suite file's folder.
public struct GoldenSuite: Sendable {
    /// The suite file.
    public var path: String
    /// Where the goldens live: the suite file's folder.
    public var folder: String
    /// Every case, sorted by name.
    public var cases: [GoldenCase]
    /// The templates folder given when loading, if any (recorded in the report for `approve`).
    package var templatesFolder: String? = nil
    /// A hash of the suite file and every template file its cases use: `approve` compares it with the
    /// report's, so it never approves pictures of a suite or templates that changed since the check.
    package var inputsHash = ""
    /// Template name → SHA-256 of its file, for every template the suite's matrices name (a skip
    /// ledger's input keys).
    package var templateHashes: [String: String] = [:]
    /// SHA-256 of the suite's catalog files, names and bytes.
    package var catalogHash = ""
    /// Each template as its file gives it (`templateHashes`), before a case's locale, pseudo-locale
    /// or text size: a case's template is known to be its file's only when it equals what these make.
    package var plainTemplates: [String: CardTemplate] = [:]
    /// The strings of the suite's catalogs.
    package var catalog: StringCatalog? = nil
    /// The fonts its cases are drawn with: the machine's, or the suite's own files (`fontFiles`,
    /// `hermeticFonts`).
    package var fonts = FontFiles.system
    /// One line for each template name found in more than one folder (`TemplateLoader.shadowingNote`).
    package var templateNotes: [String] = []

    /// Loads and expands a suite, checking every name it uses.
    /// - Throws: `SuiteError` naming the file, and where possible the line, column and field.
    /// - Parameter program: the running program's path, for its built-in templates (`TemplateLoader.standard`).
    public static func load(path: String, templatesFolder: String? = nil, program: String? = nil) throws -> GoldenSuite {
        // Goldens are written and removed in the suite's folder: it, and every folder from the
        // repository down to it, must be a real folder, or a stranger's link would send them elsewhere.
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let root = PathPolicy.repositoryRoot(for: folder)
        if let link = PathPolicy.firstSymbolicLink(path, below: root) {
            throw SuiteError(
                path: path,
                message: "\(link) is a symbolic link: a suite and its goldens are never read, written or removed through one")
        }
        let data: Data
        switch PathPolicy.readDocument(path) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge(let size)):
            throw SuiteError(
                path: path, message: "the file has \(size) bytes; a suite has at most \(PathPolicy.maximumDocumentBytes)")
        case .failure: throw SuiteError(path: path, message: "cannot read the suite file")
        }
        let file: SuiteFile
        do {
            file = try JSONDocument.decode(SuiteFile.self, from: data)
        } catch let error as JSONDocument.DecodeError {
            throw SuiteError(path: path, line: error.line, column: error.column, field: error.field, message: error.message)
        }
        var fonts = FontFiles(hermetic: file.hermeticFonts)
        do {
            // A stranger's suite: its font files lie inside its folder, never through a link.
            fonts.files = try FontFiles.expand(file.fontFiles, relativeTo: folder, root: folder)
        } catch let problem as FontFilesError {
            let position = JSONDocument.locate([AnyCodingKey(stringValue: "fontFiles")], in: data)
            throw SuiteError(
                path: path, line: position?.line, column: position?.column, field: "fontFiles",
                message: "\(problem.entry): \(problem.reason)")
        }
        if fonts.hermetic && fonts.files.isEmpty {
            throw SuiteError(
                path: path, field: "hermeticFonts", message: "hermetic fonts need fontFiles: there would be no font at all")
        }
        // A stranger's suite names a templates folder inside the repository, reached through no link.
        let suiteTemplates = file.templates.map { PathPolicy.standardized($0.hasPrefix("/") ? $0 : folder + "/" + $0) }
        if let named = suiteTemplates, templatesFolder == nil {
            let position = JSONDocument.locate([AnyCodingKey(stringValue: "templates")], in: data)
            guard PathPolicy.isInside(named, root: root) else {
                throw SuiteError(
                    path: path, line: position?.line, column: position?.column, field: "templates",
                    message: "\(named) is outside the repository (\(root)); a suite's templates folder lies inside it")
            }
            if let link = PathPolicy.firstSymbolicLink(named, below: root) {
                throw SuiteError(
                    path: path, line: position?.line, column: position?.column, field: "templates",
                    message: "\(link) is a symbolic link")
            }
        }
        let templates = TemplateLoader.standard(templatesFolder: templatesFolder ?? suiteTemplates, program: program)
        // A stranger's catalogs lie inside the repository, reached through no link.
        var catalog: StringCatalog? = nil
        if !file.catalogs.isEmpty {
            do {
                catalog = try CatalogLoader.load(file.catalogs, relativeTo: folder, root: root)
            } catch {
                let position = JSONDocument.locate([AnyCodingKey(stringValue: "catalogs")], in: data)
                throw SuiteError(
                    path: path, line: position?.line, column: position?.column, field: "catalogs", message: error.description)
            }
        }
        var expander = CaseExpander(file: file, data: data, path: path, templates: templates, fonts: fonts)
        expander.catalog = catalog
        let (cases, allFonts, plainTemplates) = try expander.cases()
        fonts = allFonts
        var inputs = [UInt8](data)
        var templateHashes: [String: String] = [:]
        for name in Set(file.matrices.flatMap(\.templates)).sorted() {
            if let file = templates.path(for: name), case .success(let bytes) = PathPolicy.readDocument(file) {
                inputs += Array(name.utf8) + [0] + [UInt8](bytes)
                templateHashes[name] = ContentHash.sha256([UInt8](bytes))
            }
        }
        var catalogInputs: [UInt8] = []
        for file in catalog?.files ?? [] {
            if case .success(let bytes) = PathPolicy.readDocument(file, limit: CatalogLimits.maximumFileBytes) {
                catalogInputs += Array(file.utf8) + [0] + [UInt8](bytes)
            } else {
                catalogInputs += Array(file.utf8) + [0, 1]
            }
        }
        inputs += catalogInputs
        let notes = templates.shadowingNotes(for: Set(file.matrices.flatMap(\.templates)).sorted())
        var suite = GoldenSuite(
            path: path, folder: folder, cases: cases, templatesFolder: templatesFolder, inputsHash: ContentHash.fnv1a64(inputs),
            fonts: fonts, templateNotes: notes)
        suite.templateHashes = templateHashes
        suite.plainTemplates = plainTemplates
        suite.catalog = catalog
        suite.catalogHash = ContentHash.sha256(catalogInputs)
        return suite
    }
}

/// A suite file that cannot be used.
public struct SuiteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int? = nil
    public var column: Int? = nil
    public var field: String? = nil
    public var message: String

    public var description: String {
        var text = path
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if let field { text += "\(field): " }
        return text + message
    }
}

/// The suite file as written.
struct SuiteFile: Decodable {
    /// Templates folder relative to the suite file; nil uses the package's `Templates/`.
    var templates: String?
    var texts: [String: SuiteText]
    var matrices: [Matrix]
    /// Font files and folders of them, relative to the suite file, inside its folder.
    var fontFiles: [String]
    /// The font files are the only fonts (no installed font is drawn).
    var hermeticFonts: Bool
    /// The suite's own tolerance, over the command line's.
    var tolerance: Tolerance.Override?
    /// String catalogs (files or folders, relative to the suite file, inside the repository) the
    /// matrices' `locales` take the templates' strings from.
    var catalogs: [String]
    /// Settings of the cases whose names match a glob, in order: a later entry's figures win.
    var cases: [CaseSettings]

    /// `{"match": "GLOB", "tolerance": {…}}`: settings of the cases whose name matches.
    struct CaseSettings: Decodable {
        var match: String
        var tolerance: Tolerance.Override?
        /// Regions added to the matching cases' own.
        var ignore: [IgnoreRegion]

        enum CodingKeys: String, CodingKey, CaseIterable { case match, tolerance, ignore }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            match = try container.decode(String.self, forKey: .match)
            tolerance = try container.decodeIfPresent(Tolerance.Override.self, forKey: .tolerance)
            ignore = try SuiteFile.ignore(in: container, forKey: .ignore)
        }
    }

    /// The `ignore` list under `key`: at most `IgnoreRegion.maximumCount` regions.
    static func ignore<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [IgnoreRegion] {
        let regions = try container.decodeIfPresent([IgnoreRegion].self, forKey: key) ?? []
        guard regions.count <= IgnoreRegion.maximumCount else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "at most \(IgnoreRegion.maximumCount) regions, not \(regions.count)"
            )
        }
        return regions
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case templates, texts, matrices, fontFiles, hermeticFonts, tolerance, cases, catalogs
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        templates = try container.decodeIfPresent(String.self, forKey: .templates)
        fontFiles = try container.decodeIfPresent([String].self, forKey: .fontFiles) ?? []
        hermeticFonts = try container.decodeIfPresent(Bool.self, forKey: .hermeticFonts) ?? false
        tolerance = try container.decodeIfPresent(Tolerance.Override.self, forKey: .tolerance)
        cases = try container.decodeIfPresent([CaseSettings].self, forKey: .cases) ?? []
        catalogs = try container.decodeIfPresent([String].self, forKey: .catalogs) ?? []
        texts = try container.decode([String: SuiteText].self, forKey: .texts)
        matrices = try container.decode([Matrix].self, forKey: .matrices)
    }

    /// A text of the suite: a string, or `{"text": "…", "markup": true, "lang": "zh-Hans",
    /// "entities": [{"range": [0, 5], "kind": "marked"}]}`.
    struct SuiteText: Decodable {
        var text: String
        var markup = false
        /// The text's language (BCP 47); nil lets the template or the text decide.
        var language: LanguageTag? = nil
        /// Spans marked as links, mentions, hashtags or other entities, in Unicode scalars of the plain text.
        var entities: [TextEntity] = []
        /// Who wrote it: in place of the template's header name and handle, and its avatar's picture
        /// (a PNG relative to the suite file, loaded by `CaseExpander`).
        var displayName: String? = nil
        var handle: String? = nil
        var avatar: String? = nil

        enum CodingKeys: String, CodingKey, CaseIterable { case text, markup, lang, entities, displayName, handle, avatar }

        init(from decoder: Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
                self.text = text
                return
            }
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            markup = try container.decodeIfPresent(Bool.self, forKey: .markup) ?? false
            language = try container.decodeIfPresent(LanguageTag.self, forKey: .lang)
            entities = try container.decodeIfPresent([MarkedEntity].self, forKey: .entities)?.map(\.entity) ?? []
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
            handle = try container.decodeIfPresent(String.self, forKey: .handle)
            avatar = try container.decodeIfPresent(String.self, forKey: .avatar)
        }
    }

    /// A span a suite marks: `{"range": [start, end], "kind": "marked"}` (kind optional).
    struct MarkedEntity: Decodable {
        var entity: TextEntity

        enum CodingKeys: String, CodingKey, CaseIterable { case range, kind }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let bounds = try container.decode([Int].self, forKey: .range)
            guard bounds.count == 2, bounds[0] >= 0, bounds[0] < bounds[1], bounds[1] <= TruncationRequest.maximumTextBytes else {
                throw DecodingError.dataCorruptedError(
                    forKey: .range, in: container,
                    debugDescription: "must be [start, end] in characters with 0 ≤ start < end, not \(bounds)")
            }
            let kind = try container.decodeIfPresent(TextEntity.Kind.self, forKey: .kind) ?? .marked
            entity = TextEntity(kind: kind, range: bounds[0]..<bounds[1])
        }
    }

    /// One matrix: every combination of its lists is a case.
    struct Matrix: Decodable {
        var templates: [String]
        var texts: [String]
        /// Fonts that replace each template's `body.font`; nil draws every case in its template's font.
        var fonts: [String]?
        var widths: [Double]
        var themes: [String]
        var scales: [Int]
        var states: [CardState]
        /// Pseudo-locales its texts and card strings are drawn in (`[nil]`: as written).
        var pseudo: [PseudoLocale?]
        /// Text sizes its cards are drawn at (`[nil]`: the templates' own).
        var textSizes: [TextSize?]
        /// The app locales its cards are drawn in: the templates' strings from the suite's catalogs,
        /// the chrome laid out in the locale's direction (`[nil]`: as the templates write them).
        var locales: [LanguageTag?]
        /// The matrix's own tolerance, over the suite's.
        var tolerance: Tolerance.Override?
        /// Parts of its cards never compared.
        var ignore: [IgnoreRegion]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case templates, texts, fonts, widths, themes, scales, states, pseudo, textSizes, locales, tolerance, ignore
        }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            templates = try container.decode([String].self, forKey: .templates)
            texts = try container.decode([String].self, forKey: .texts)
            fonts = try container.decodeIfPresent([String].self, forKey: .fonts)
            widths = try container.decode([Double].self, forKey: .widths)
            themes = try container.decodeIfPresent([String].self, forKey: .themes) ?? ["light"]
            // Read as numbers and checked here: Foundation reports a fraction where a whole number is due
            // with no position at all.
            let scaleNumbers = try container.decodeIfPresent([Double].self, forKey: .scales) ?? [1]
            if let fraction = scaleNumbers.first(where: { $0 != $0.rounded() || abs($0) > 1_000 }) {
                throw DecodingError.dataCorruptedError(
                    forKey: .scales, in: container, debugDescription: "scales must be whole numbers (1, 2, 3), not \(fraction)")
            }
            scales = scaleNumbers.map { Int($0) }
            states = try container.decodeIfPresent([CardState].self, forKey: .states) ?? CardState.allCases
            pseudo = try container.decodeIfPresent([PseudoLocale].self, forKey: .pseudo) ?? [nil]
            let sizeNames = try container.decodeIfPresent([String].self, forKey: .textSizes)
            textSizes =
                try sizeNames?.map { name in
                    guard let size = TextSize(parsing: name) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: .textSizes, in: container,
                            debugDescription: "textSizes takes \(TextSize.rule), not '\(name)'")
                    }
                    return size
                } ?? [nil]
            locales = try container.decodeIfPresent([LanguageTag].self, forKey: .locales) ?? [nil]
            tolerance = try container.decodeIfPresent(Tolerance.Override.self, forKey: .tolerance)
            ignore = try SuiteFile.ignore(in: container, forKey: .ignore)
        }
    }
}

extension CardState: Decodable {
    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
