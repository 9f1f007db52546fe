import SeeMoreSupport

/// A case's result as JSON: the one shape report.json (and `check --json`) and the report page's
/// data hold, so the page's script reads what a CI job reads.
extension CaseResult {
    /// - Parameters:
    ///   - summaries: each contrast note's sentence, made once for the many cases that share a
    ///     template, theme and font.
    ///   - paths: how the golden's paths are shown.
    ///   - changeGroup: the ID of the change group the case is in (`ChangeGroups`), when it fails.
    func json(summaries: inout [ContrastNote: String], paths: PortablePaths, changeGroup: String? = nil) -> JSONValue {
        let contrast: [JSONValue] = contrast.map { note in
            let summary = summaries[note] ?? note.summary
            if !note.holdsNaN { summaries[note] = summary }  // never equal to itself: no lookup would find it
            return note.json(summary: summary)
        }
        var members: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("group", .string(group)),
            ("status", .string(facts.status)),
            ("change", .string(change)),
            ("kind", .string(ReportPage.kind(self))),
            ("failed", .bool(failed)),
            ("outcome", .string(outcome.rawValue)),
            ("message", .string(message)),
            ("golden", .string(paths.shown(goldenPath))),
            ("recorded", recordedPath.map { .string(paths.shown($0)) } ?? .null),
            ("differentPixels", differentPixels.map { .number(Double($0)) } ?? .null),
            ("totalPixels", totalPixels.map { .number(Double($0)) } ?? .null),
            ("artifacts", .object(artifacts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("layoutDiff", layoutDiff?.json ?? .null),
            ("contrast", .array(contrast)),
            ("mixedFonts", .array(mixedFonts.map { .string($0) })),
            ("actualHash", actualHash.map { .string($0) } ?? .null),
            ("changeGroup", changeGroup.map { .string($0) } ?? .null),
            (
                "signature",
                signature.map {
                    .object([
                        ("key", .string($0.key)), ("cutShift", $0.cutShift.map { .number(Double($0)) } ?? .null),
                        ("cutUnit", .string($0.cutUnit.rawValue)),
                    ])
                } ?? .null
            ),
            (
                "tolerance",
                tolerance.map {
                    .object([
                        ("threshold", .number($0.threshold)), ("maxDiffPixels", .number(Double($0.maxDiffPixels))),
                        ("maxDiffRatio", .number($0.maxDiffRatio)), ("deltaE", $0.deltaE.map { .number($0) } ?? .null),
                    ])
                } ?? .null
            ),
        ]
        // Only in a run that skips unchanged cases: other reports keep their shape.
        if skipped || drawnBecause != nil {
            members.append(
                ("skip", .object([("skipped", .bool(skipped)), ("drawnBecause", drawnBecause.map { .string($0) } ?? .null)])))
        }
        return .object(members)
    }

}
