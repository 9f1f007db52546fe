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
}
