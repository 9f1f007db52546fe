import SeeMoreSupport

extension Truncation: JSONRepresentable {
    /// The `seemore layout --json` object: every key always present, in a fixed order.
    package var json: JSONValue {
        .object([
            ("truncated", .bool(truncated)),
            ("kept", .string(kept)),
            ("lineCount", .number(Double(lineCount))),
            ("fullLineCount", .number(Double(fullLineCount))),
            ("fullLineCountIsExact", .bool(fullLineCountIsExact)),
            ("lines", .array(lines.map { .string($0) })),
            ("suffixRect", suffixRect?.json ?? .null),
            ("suffixRects", .array(suffixRects.map(\.json))),
            ("suffixWraps", .bool(suffixWraps)),
            ("unknownGlyphs", .number(Double(unknownGlyphs))),
            ("fonts", .array(fonts.map { .string($0) })),
            ("fontFallback", .bool(fontFallback)),
            (
                "fontSubstitutions",
                .array(
                    fontSubstitutions.map {
                        .object([("requested", .string($0.requested)), ("used", .string($0.used))])
                    })
            ),
            ("cutIndex", .number(Double(cutIndex))),
        ])
    }
}
