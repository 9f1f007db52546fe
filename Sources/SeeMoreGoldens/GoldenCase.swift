import SeeMoreCards
import SeeMoreSupport
import SeeMoreText

/// One golden image: a card in one state, with a stable, readable name such as
/// `inline-more/ja-neko/IPAGothic-15@320.light.collapsed`.
public struct GoldenCase: Sendable, Equatable {
    /// The card style; one copy is shared by every case of a suite that uses it (a template is large
    /// and a suite has thousands of cases: held in each, it was most of a suite's memory).
    public var template: CardTemplate {
        get { shared.template }
        set { shared = SharedTemplate(newValue) }
    }
    private var shared: SharedTemplate
    /// The one copy of the template this case shares with the suite's others that use it unchanged.
    package var templateIdentity: ObjectIdentifier { ObjectIdentifier(shared) }
    package var textName: String
    public var text: String
    package var markup: Bool
    /// The text's language (BCP 47); nil lets the template or the text decide.
    public var language: LanguageTag? = nil
    /// Spans the suite marks in the text (`entities`), beside the links the template finds.
    package var entities: [TextEntity] = []
    /// The text's author as the suite gives it (name, handle, avatar), in place of the template's.
    package var author: CardRequest.Author? = nil
    public var font: String
    public var width: Double
    public var theme: String
    public var scale: Int
    public var state: CardState
    /// The pseudo-locale its text and card strings are drawn in; nil as written.
    public var pseudo: PseudoLocale? = nil
    /// The text size it is drawn at; nil as the template says.
    public var textSize: TextSize? = nil
    /// The app locale it is drawn in (the template's strings from the suite's catalogs, the chrome in
    /// the locale's direction, the text's language when the suite gives none); nil as written.
    public var locale: LanguageTag? = nil
    /// The case's own tolerance (the suite's, its matrix's and its `cases` entries'), over the run's.
    package var tolerance = Tolerance.Override()
    /// Parts of the card never compared (its matrix's and its `cases` entries'): masked in both images.
    package var ignore: [IgnoreRegion] = []

    public static func == (lhs: GoldenCase, rhs: GoldenCase) -> Bool { lhs.name == rhs.name }

    /// - Parameter shared: the template, as every case of the suite that uses it holds it.
    init(
        shared: SharedTemplate, textName: String, text: String, markup: Bool, language: LanguageTag? = nil,
        entities: [TextEntity] = [], font: String, width: Double, theme: String, scale: Int, state: CardState
    ) {
        self.entities = entities
        self.shared = shared
        self.textName = textName
        self.text = text
        self.markup = markup
        self.language = language
        self.font = font
        self.width = width
        self.theme = theme
        self.scale = scale
        self.state = state
    }

    /// `template/text/Font-size@width[@Nx][.size][.locale][.pseudo].theme.state`.
    public var name: String {
        let scalePart = scale == 1 ? "" : "@\(scale)x"
        let pseudoPart =
            (textSize.map { "." + $0.token } ?? "") + (locale.map { "." + $0.rawValue } ?? "")
            + (pseudo.map { "." + $0.rawValue } ?? "")
        return
            "\(template.name)/\(textName)/\(Self.fontToken(font))@\(JSONValue.format(width))\(scalePart)\(pseudoPart).\(theme).\(state.rawValue)"
    }

    /// The template as change groups name it: with the case's text size, locale and pseudo-locale
    /// (`acme-post (AX3, ar)`), so that a change at one text size or in one locale is a group of its own.
    package var groupTemplate: String {
        let axes = [textSize?.token, locale?.rawValue, pseudo?.rawValue].compactMap { $0 }
        return axes.isEmpty ? template.name : template.name + " (" + axes.joined(separator: ", ") + ")"
    }

    /// "IPAGothic 15" → "IPAGothic-15", "DejaVu Sans Bold 15" → "DejaVuSansBold-15".
    static func fontToken(_ font: String) -> String {
        var words = font.split(separator: " ").map(String.init)
        var size = ""
        if let last = words.last, Double(last) != nil {
            size = "-" + last
            words.removeLast()
        }
        let token = words.joined() + size
        // Printable ASCII (nearly every font) byte by byte: Character properties cost a case's name
        // more than all the rest of it, and a check asks for names thousands of times.
        if token.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return String(
                decoding: token.utf8.map { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                        byte
                    default: UInt8(ascii: "_")
                    }
                }, as: UTF8.self)
        }
        return String(token.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    }

    /// The golden PNG, relative to the suite's folder.
    public var pngPath: String { name + ".png" }
    /// The layout snapshot, relative to the suite's folder.
    package var layoutPath: String { name + ".layout.txt" }

    /// The card request this case renders.
    package var request: CardRequest {
        // The template is scaled already; a font of the suite's in its place scales by the body's style.
        let drawnFont =
            textSize.flatMap { size in
                try? FontDescription.resized(font) { size.scaled($0, style: template.body.textStyle) }
            } ?? font
        var request = CardRequest(
            text: text, template: template, markup: markup, width: width, font: drawnFont, theme: theme, scale: scale)
        request.language = language
        if let locale { request.setAppLocale(locale) }
        request.markedEntities = entities
        request.author = author
        return request
    }
}

/// One template held once for all the cases of a suite that use it.
final class SharedTemplate: Sendable {
    let template: CardTemplate

    init(_ template: CardTemplate) {
        self.template = template
    }
}
