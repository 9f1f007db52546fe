import SeeMoreSupport

extension ScanCase {
    /// Its line of `cases.jsonl`.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("line", .number(Double(line))), ("template", .string(template)), ("font", .string(font)),
            ("width", .number(width)),
        ]
        if !locale.isEmpty { members.insert(("locale", .string(locale)), at: 3) }
        if let error {
            members.append(("error", .string(error)))
            return .object(members)
        }
        members += [
            ("truncated", .bool(truncated)), ("characters", .number(Double(characters))),
            ("keptCharacters", .number(Double(kept))),
            ("shown", .number((shownShare * 10_000).rounded() / 10_000)), ("lines", .number(Double(lines))),
            ("suffixWraps", .bool(suffixWraps)), ("characterCut", .bool(characterCut)),
            ("unknownGlyphs", .number(Double(unknownGlyphs))), ("fonts", .array(fonts.map { .string($0) })),
            (
                "fallback",
                .array(
                    fallbackRuns.map {
                        .object([("text", .string($0.text)), ("start", .number(Double($0.start))), ("font", .string($0.font))])
                    })
            ),
            ("lints", .array(lints.map { .object([("kind", .string($0.kind.rawValue)), ("detail", .string($0.detail))]) })),
        ]
        return .object(members)
    }
}
