import FoundationEssentials
import SeeMoreCards
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// Everything a case's pixels and verdict depend on but the font files it draws with, as one SHA-256
/// per case (its input key): the code that draws (every loaded object's build ID), the machine's
/// fonts and fontconfig rules, the environment variables the text stack reads, the suite's own font
/// files, its template's file, its catalogs' files (in a locale), and every value of the case.
///
/// The font files a case draws with are known only once it is drawn: the ledger keeps them, with
/// their hashes, beside the key.
struct CaseInputs {
    /// A hash of what every case of the run shares.
    let environment: String
    /// Template name → hash of its file; a template without a file has no key, and its cases are drawn.
    var templates: [String: String] { suite.templateHashes }
    /// A hash of the suite's catalog files.
    var catalogs: String { suite.catalogHash }
    /// Avatar pixels' hashes by text name (each text's author is read once).
    private var avatars: [String: String] = [:]
    /// The suite, whose templates as their files give them each case's template is compared with.
    private let suite: GoldenSuite
    /// Whether a shared template is its file's (in the case's locale, pseudo-locale and text size).
    private var fileTemplates: [ObjectIdentifier: Bool] = [:]

    /// Environment variables read by the text stack (locale, fontconfig, Pango, Cairo, HarfBuzz,
    /// FreeType) or by SeeMore: their values are part of the environment.
    static let variablePrefixes = ["LANG", "LC_", "FONTCONFIG", "FC_", "PANGO", "CAIRO", "HB_", "FREETYPE", "SEEMORE_"]

    /// - Parameters: what the process and the machine have, each as it is here unless given (tests
    ///   give them).
    init(
        suite: GoldenSuite, build: String = BuildIdentity.current,
        libraries: [(name: String, version: String)] = LibraryVersions.all, machineFonts: String = MachineFonts.state,
        variables: [String: String] = ProcessInfo.processInfo.environment
    ) {
        var shared = "build\n" + build
        for (name, version) in libraries { shared += "library \(name) \(version)\n" }
        shared += "fonts\n" + machineFonts + "\n"
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) where Self.variablePrefixes.contains(where: name.hasPrefix)
        {
            // SEEMORE_RECORD is the record mode, which skipping looks at itself; the image's name decides nothing.
            guard name != "SEEMORE_RECORD", name != "SEEMORE_IMAGE" else { continue }
            shared += "variable \(name)=\(value)\n"
        }
        shared += "hermetic \(suite.fonts.hermetic)\n"
        for file in suite.fonts.files {
            let bytes = FileManager.default.contents(atPath: file).map { [UInt8]($0) }
            shared += "fontFile \(file) " + (bytes.map(ContentHash.sha256) ?? "unreadable") + "\n"
        }
        environment = ContentHash.sha256(Array(shared.utf8))
        self.suite = suite
    }

    /// Whether the case's template is exactly what its file makes in the case's locale, pseudo-locale
    /// and text size (one that code changed after loading the suite is not: its file's hash would not
    /// name it).
    private mutating func drawsItsFile(_ golden: GoldenCase) -> Bool {
        if let known = fileTemplates[golden.templateIdentity] { return known }
        let made = suite.plainTemplates[golden.template.name].flatMap { plain in
            try? CaseExpander.variant(
                of: plain, locale: golden.locale, pseudo: golden.pseudo, textSize: golden.textSize, catalog: suite.catalog)
        }
        let same = made == golden.template
        fileTemplates[golden.templateIdentity] = same
        return same
    }

    /// The case's input key under `tolerance` (the run's over the case's), or nil when its template
    /// has no file to hash or is not its file's.
    mutating func key(for golden: GoldenCase, named name: String, tolerance: Tolerance) -> String? {
        guard let template = templates[golden.template.name], drawsItsFile(golden) else { return nil }
        var fields = KeyFields()
        fields.add(environment)
        fields.add(golden.template.name)
        fields.add(template)
        fields.add(golden.locale.map { $0.rawValue + " " + catalogs })
        fields.add(name)
        fields.add(golden.text)
        fields.add(golden.markup ? "markup" : "plain")
        fields.add(golden.language?.rawValue)
        fields.add(
            golden.entities.isEmpty
                ? ""
                : golden.entities.map { "\($0.kind.rawValue) \($0.range.lowerBound) \($0.range.upperBound)" }.joined(
                    separator: ","))
        if let author = golden.author {
            fields.add(author.displayName)
            fields.add(author.handle)
            fields.add(author.avatar.map { avatarHash($0, of: golden.textName) })
        } else {
            fields.add("no author")
        }
        fields.add(golden.font)
        fields.add(String(golden.width.bitPattern))
        fields.add(golden.theme)
        fields.add(String(golden.scale))
        fields.add(golden.state.rawValue)
        fields.add(golden.pseudo?.rawValue)
        fields.add(golden.textSize?.description)
        fields.add(
            "\(tolerance.threshold) \(tolerance.maxDiffPixels) \(tolerance.maxDiffRatio) \(tolerance.deltaE.map { "\($0)" } ?? "-")"
        )
        fields.add(golden.ignore.isEmpty ? "" : String(describing: golden.ignore))
        return ContentHash.sha256(fields.bytes)
    }

    private mutating func avatarHash(_ image: RGBAImage, of text: String) -> String {
        if let known = avatars[text] { return known }
        let hash = "\(image.width)x\(image.height) " + ContentHash.sha256(image.pixels)
        avatars[text] = hash
        return hash
    }

    /// Fields one after another, each with its length, so no two lists of fields make the same bytes.
    private struct KeyFields {
        var bytes: [UInt8] = []

        mutating func add(_ field: String?) {
            guard let field else {
                bytes += Array("-\n".utf8)
                return
            }
            bytes += Array("\(field.utf8.count):".utf8)
            bytes += Array(field.utf8)
        }
    }
}
