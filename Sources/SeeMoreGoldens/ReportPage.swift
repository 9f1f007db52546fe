import FoundationEssentials
import SeeMoreSupport
import SeeMoreText

/// The report's `index.html`: one static page that opens from disk, with every image it shows
/// inside the artifacts folder, so the folder can be uploaded as one CI artifact.
///
/// It opens on what changed: one entry per change group (`ChangeGroups`) with its sentence, count,
/// one representative large with its compare modes, a thumbnail of every member, and Approve group
/// and Reject group. Below, every case by template · font · width, failures first: only groups with
/// failing cases are listed until a filter asks for more. A report of many cases builds each case
/// and change only when it comes near the screen. Each failing case shows its kind of change, how many pixels differ, the whole layout diff with
/// the changed words marked, its colors' WCAG contrast, and golden and actual in five compare
/// modes (side by side, slider, onion skin, blink, diff) at 1:1, 2× and 4×. Keys: j/k next and
/// previous failure, n/p next/previous change, 1–5 modes, +/− zoom, / search. The page is drawn by its script from the
/// data embedded in it.
struct ReportPage {
    let summary: CheckSummary
    let suite: GoldenSuite
    let options: CheckOptions

    /// The kinds a reviewer filters by, in the order the summary bar shows them.
    static let kinds = [
        "pixels", "size", "layout", "new", "recorded", "crashed", "unreadable", "not written", "unused", "passed",
    ]

    /// A case's kind in the report: its change, with the three unusable-golden outcomes as one.
    static func kind(_ result: CaseResult) -> String {
        switch result.change {
        case "unreadable golden", "unsafe golden", "oversized golden": return "unreadable"
        default: return result.change
        }
    }

    /// The page's data members in order, its paths shown by `paths`; the cases' value (nil) is made
    /// case by case.
    private func members(_ paths: PortablePaths, groups: ChangeGroups) -> [(String, JSONValue?)] {
        let unused: [JSONValue] = summary.orphanedGoldens.map { path in
            // Shown inside the suite's folder, as the cases are named.
            let shown = PathPolicy.relativePath(path, root: suite.folder)?.joined(separator: "/") ?? path
            return .object([("path", .string(shown)), ("image", summary.orphanArtifacts[path].map { .string($0) } ?? .null)])
        }
        return [
            ("suite", .string(paths.shown(suite.path))),
            ("record", .string(options.record.rawValue)),
            ("version", .string(Version.line)),
            ("kinds", .array(Self.kinds.map { .string($0) })),
            ("environmentChanges", .array(summary.environmentChanges.map { .string($0) })),
            ("designChanges", .array(summary.designChanges.map { .string($0) })),
            ("stopped", GoldenReport.stoppedJSON(summary)),
            ("fingerprintIsNew", .bool(summary.fingerprintIsNew)),
            ("fingerprint", .string(EnvironmentFingerprint.fileName)),
            (
                "approve",
                .string(
                    "seemore approve --artifacts " + Self.shellQuoted(paths.shown(options.artifactsFolder)) + " --suite "
                        + Self.shellQuoted(paths.shown(suite.path)))
            ),
            ("groups", GoldenReport.groupsJSON(groups)),
            ("cases", nil),
            ("unused", .array(unused)),
        ]
    }

    /// `text` as one shell word: bare when it is plainly safe, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-@+:=,".unicodeScalars.contains($0))
            }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// Every row of a layout diff, unchanged ones too, for context.
    /// The whole page (the report writes it with `write`, a piece at a time).
    var html: String {
        var bytes: [UInt8] = []
        write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The page, handed to `emit` a piece at a time as UTF-8: its data is written case by case, never
    /// held whole.
    func write(_ emit: ([UInt8]) throws -> Void) rethrows {
        try emit(
            Array(
                """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>SeeMore report — \(summary.failures.count) of \(summary.results.count) failing</title>
                <style>\(Self.style)</style></head>
                <body>
                <noscript>This report is drawn by its script; report.json beside it holds the same results.</noscript>
                <header class="bar">
                <h1>SeeMore report</h1>
                <div class="counts" id="counts" role="group" aria-label="Filter by kind of change"></div>
                <input id="search" type="search" placeholder="Filter by case name ( / )" aria-label="Filter by case name">
                <span class="keys">j/k next/previous failure · n/p change · 1–5 compare mode · +/− zoom</span>
                </header>
                <main>
                <section id="notes"></section>
                <section id="changes" aria-label="What changed"></section>
                <section id="lints"></section>
                <section id="groups" aria-label="Every case"></section>
                <p id="empty" hidden></p>
                </main>
                <script type="application/json" id="report-data">
                """.utf8))
        let results = summary.results
        var summaries: [ContrastNote: String] = [:]
        let paths = PortablePaths()
        let groups = summary.changeGroups
        try JSONValue.writeObject(
            members(paths, groups: groups),
            elements: (
                results.count,
                { results[$0].json(summaries: &summaries, paths: paths, changeGroup: groups.group(ofResultAt: $0)?.id) }
            ), indent: nil
        ) {
            try emit(Self.escapedForScript($0))
        }
        try emit(
            Array(
                """
                </script>
                <script>\(Self.script)</script>
                </body></html>

                """.utf8))
    }

    /// JSON text made safe inside <script>: "<" never appears raw (no "</script>" from a case name or
    /// a text), nor the two line separators old engines refused (JSONValue escapes them already).
    private static func escapedForScript(_ json: [UInt8]) -> [UInt8] {
        // Byte by byte: U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8. A piece with neither "<"
        // nor a byte E2 (most of a report's pieces) is handed on as it is.
        if !json.contains(where: { $0 == UInt8(ascii: "<") || $0 == 0xE2 }) { return json }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + 256)
        var index = 0
        while index < json.count {
            let byte = json[index]
            if byte == UInt8(ascii: "<") {
                bytes += "\\u003c".utf8
            } else if byte == 0xE2, index + 2 < json.count, json[index + 1] == 0x80,
                json[index + 2] == 0xA8 || json[index + 2] == 0xA9
            {
                bytes += (json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return bytes
    }
}
