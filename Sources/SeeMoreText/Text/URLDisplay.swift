import SeeMoreSupport

/// How a card shows the links of its text: as written, or shortened as X and other feeds show them
/// (`example.com/blog/2026/12…`) while the entity keeps the whole address.
public enum URLDisplay: String, CaseIterable, Codable, Sendable {
    case full
    case short

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }

    /// `url` without its scheme (`http://`, `https://`), `www.` and a lone trailing `/`, and at most
    /// `length` characters: longer ones end in "…" after `length − 1` of them.
    static func shortened(_ url: String, length: Int) -> String {
        var rest = Substring(url)
        for prefix in ["https://", "http://"] where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        if rest.lowercased().hasPrefix("www.") { rest = rest.dropFirst(4) }
        if rest.hasSuffix("/") && rest.dropLast().firstIndex(of: "/") == nil { rest = rest.dropLast() }
        let scalars = Array(rest.unicodeScalars)
        let limit = max(2, length)
        guard scalars.count > limit else { return String(rest) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[0..<(limit - 1)])
        return String(view) + "…"
    }

    /// `text` with each URL among `entities` (ranges in its Unicode scalars) shortened, the entities'
    /// ranges moved into the new text, and each entity's whole text as written.
    package static func shortening(_ text: String, entities: [TextEntity], length: Int)
        -> (text: String, entities: [TextEntity], wholeTexts: [String])
    {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var moved: [TextEntity] = []
        var wholes: [String] = []
        var copied = 0
        for entity in entities.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where entity.range.lowerBound >= copied && entity.range.upperBound <= scalars.count {
            result.append(contentsOf: scalars[copied..<entity.range.lowerBound])
            var whole = String.UnicodeScalarView()
            whole.append(contentsOf: scalars[entity.range])
            let shown = entity.kind == .url ? shortened(String(whole), length: length) : String(whole)
            let start = result.count
            result.append(contentsOf: shown.unicodeScalars)
            moved.append(TextEntity(kind: entity.kind, range: start..<result.count))
            wholes.append(String(whole))
            copied = entity.range.upperBound
        }
        result.append(contentsOf: scalars[copied...])
        return (String(result), moved, wholes)
    }
}
