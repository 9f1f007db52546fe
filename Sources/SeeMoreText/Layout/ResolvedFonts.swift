/// The body and suffix fonts of a request, parsed and checked against what is installed.
struct ResolvedFonts {
    let body: FontDescription
    let suffix: FontDescription
    let substitutions: [FontSubstitution]

    /// Family names that fontconfig maps to a configured default rather than one font.
    static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// - Parameter substitution: what fontconfig substitutes for a description (see `substitution(for:context:)`).
    init(request: TruncationRequest, substitution: (FontDescription) -> FontSubstitution?) throws {
        for font in [request.font] + (request.suffixFont.map { [$0] } ?? []) {
            if let problem = FontDescription.problem(with: font) { throw TruncationRequestError.invalidFont(problem) }
        }
        body = try FontDescription(request.font).withDefaultSize(points: TruncationRequest.defaultFontSize)
        if let suffixFont = request.suffixFont {
            suffix = try FontDescription(suffixFont).merged(onto: body)
        } else {
            suffix = body
        }
        var substitutions: [FontSubstitution] = []
        for font in [body, suffix] {
            if let substitution = substitution(font),
                !substitutions.contains(substitution)
            {
                substitutions.append(substitution)
            }
        }
        self.substitutions = substitutions
    }

    /// The substitution fontconfig makes for `font` in text of `language`, or nil when one of its
    /// families is installed.
    static func substitution(for font: FontDescription, context: TextContext, language: String?) -> FontSubstitution? {
        guard let requested = font.family else { return nil }
        let names = requested.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        if names.isEmpty || names.contains(where: { genericFamilies.contains($0.lowercased()) }) { return nil }
        guard let used = context.resolvedFamily(for: font, matching: names, language: language) else {
            return FontSubstitution(requested: requested, used: "")
        }
        return used.matches ? nil : FontSubstitution(requested: requested, used: used.family)
    }
}

extension Substring {
    /// The text without the spaces at either end. Found by index, not by reversing: a reversed
    /// collection's generic types make the first call in a process load Swift runtime metadata.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }
}
