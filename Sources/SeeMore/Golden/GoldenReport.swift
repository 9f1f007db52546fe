import Foundation

/// `report.json` and a static `index.html` that opens from disk: one row per case with golden,
/// actual and diff side by side, a slider and an onion skin to compare, filters by status, grouped
/// by template × font × width.
struct GoldenReport {
    let summary: CheckSummary
    let suite: GoldenSuite
    let options: CheckOptions

    /// Writes both files; returns the HTML's path.
    func write(to artifacts: ArtifactsFolder) throws -> String {
        try AtomicFile.write(json.serialized() + "\n", to: artifacts.path + "/" + ArtifactsFolder.reportName)
        let htmlPath = artifacts.path + "/index.html"
        try AtomicFile.write(html(artifactsFolder: artifacts.path), to: htmlPath)
        return htmlPath
    }

    /// The status a reviewer filters by.
    static func status(_ result: CaseResult) -> String {
        switch result.outcome {
        case .passed: return result.recordedPath == nil ? "passed" : "changed"
        case .missing: return "new"
        default: return "changed"
        }
    }

    var json: JSONValue {
        let results = summary.results
        func count(_ status: String) -> Double { Double(results.filter { Self.status($0) == status }.count) }
        let counts: JSONValue = .object([
            ("cases", .number(Double(results.count))),
            ("passed", .number(Double(results.filter { !$0.failed }.count))),
            ("failed", .number(Double(summary.failures.count))),
            ("changed", .number(count("changed"))),
            ("new", .number(count("new"))),
            ("recorded", .number(Double(results.filter { $0.recordedPath != nil }.count))),
            ("missing", .number(Double(summary.orphanedGoldens.count))),
        ])
        let cases: [JSONValue] = results.map(Self.caseJSON)
        let templates: JSONValue = suite.templatesFolder.map { .string(PathPolicy.standardized($0)) } ?? .null
        return .object([
            ("seemore", Version.json),
            ("report", .string(PathPolicy.standardized(options.artifactsFolder + "/index.html"))),
            ("suite", .string(PathPolicy.standardized(suite.path))),
            ("templates", templates),
            ("goldens", .string(suite.folder)),
            ("record", .string(options.record.rawValue)),
            ("environmentChanges", .array(summary.environmentChanges.map { .string($0) })),
            ("designChanges", .array(summary.designChanges.map { .string($0) })),
            ("environment", summary.environment?.json ?? .null),
            ("inputs", .string(suite.inputsHash)),
            ("summary", counts),
            ("missing", .array(summary.orphanedGoldens.map { .string($0) })),
            ("cases", .array(cases)),
        ])
    }

    private static func caseJSON(_ result: CaseResult) -> JSONValue {
        let artifacts: JSONValue = .object(result.artifacts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
        return .object([
            ("name", .string(result.name)),
            ("status", .string(Self.status(result))),
            ("change", .string(result.change)),
            ("outcome", .string(result.outcome.rawValue)),
            ("message", .string(result.message)),
            ("golden", .string(result.goldenPath)),
            ("recorded", result.recordedPath.map { .string($0) } ?? .null),
            ("differentPixels", result.differentPixels.map { .number(Double($0)) } ?? .null),
            ("actualHash", result.actualHash.map { .string($0) } ?? .null),
            ("group", .string(result.group)),
            ("artifacts", artifacts),
        ])
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `file` relative to `folder` (both made absolute), with `../` as needed.
    static func relativePath(to file: String, from folder: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    func html(artifactsFolder: String) -> String {
        let results = summary.results
        var groups: [(String, [CaseResult])] = []
        for result in results {
            if let index = groups.firstIndex(where: { $0.0 == result.group }) {
                groups[index].1.append(result)
            } else {
                groups.append((result.group, [result]))
            }
        }
        var body = ""
        for (group, members) in groups {
            let failing = members.filter(\.failed).count
            body +=
                "<details class=\"group\"\(failing > 0 ? " open" : "")><summary>\(Self.escape(group)) <span class=\"count\">\(failing) of \(members.count) failing</span></summary>\n"
            for result in members {
                body += row(result, artifactsFolder: artifactsFolder)
            }
            body += "</details>\n"
        }
        let counts = ["changed", "new", "missing", "passed"].map { status in
            (status, status == "missing" ? summary.orphanedGoldens.count : results.filter { Self.status($0) == status }.count)
        }
        if !summary.orphanedGoldens.isEmpty {
            body +=
                "<details class=\"group\" open><summary>Goldens no case produces <span class=\"count\">(seemore prune removes them)</span></summary>\n"
            for path in summary.orphanedGoldens {
                let source = Self.relativePath(to: path, from: artifactsFolder)
                body += "<div class=\"case\" data-status=\"missing\"><span class=\"status missing\">missing</span>"
                body += "<span class=\"name\">\(Self.escape(path))</span> — no case of the suite produces this golden"
                body +=
                    "<div class=\"images\"><figure><img loading=\"lazy\" src=\"\(Self.escape(source))\"><figcaption>golden</figcaption></figure></div></div>\n"
            }
            body += "</details>\n"
        }
        let filters = counts.map { status, count in
            "<label><input type=\"checkbox\" data-status=\"\(status)\"\(status == "passed" ? "" : " checked")> \(status) (\(count))</label>"
        }.joined(separator: "\n")
        let environment =
            summary.environmentChanges.isEmpty
            ? "<p class=\"env ok\">Environment unchanged since \(Self.escape(EnvironmentFingerprint.fileName)).</p>"
            : "<div class=\"env changed\"><b>Environment changed</b> (the machine, not the design):<ul>"
                + summary.environmentChanges.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul></div>"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>SeeMore golden report</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #f6f6f8; }
            h1 { font-size: 20px; } .env { padding: 8px 12px; border-radius: 6px; }
            .env.ok { background: #e8f5e9; } .env.changed { background: #fff3e0; }
            .filters label { margin-right: 16px; } .group { margin: 12px 0; background: #fff; border-radius: 8px; padding: 8px 12px; }
            .group > summary { font-weight: 600; cursor: pointer; } .count { color: #888; font-weight: normal; }
            .case { border-top: 1px solid #eee; padding: 10px 0; } .case .name { font-family: monospace; }
            .status { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; margin-right: 6px; }
            .status.changed { background: #ffcdd2; } .status.new { background: #bbdefb; } .status.missing { background: #ffe0b2; } .status.passed { background: #c8e6c9; }
            .images { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 6px; align-items: flex-start; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
            img { max-width: 420px; border: 1px solid #ddd; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .compare { position: relative; display: inline-block; } .compare img.top { position: absolute; left: 0; top: 0; }
            .compare img { display: block; } .controls { font-size: 12px; }
            </style></head><body>
            <h1>SeeMore golden report</h1>
            <p>\(results.count) cases: \(results.filter { !$0.failed }.count) passed, \(summary.failures.count) failed. Suite: <code>\(Self.escape(suite.path))</code>, record mode <code>\(options.record.rawValue)</code>.</p>
            \(environment)
            <p class="filters">Show: \(filters)</p>
            \(body)
            <script>
            function applyFilters() {
              const shown = new Set([...document.querySelectorAll('.filters input:checked')].map(i => i.dataset.status));
              document.querySelectorAll('.case').forEach(c => { c.style.display = shown.has(c.dataset.status) ? '' : 'none'; });
            }
            document.querySelectorAll('.filters input').forEach(i => i.addEventListener('change', applyFilters));
            document.querySelectorAll('.compare').forEach(box => {
              const top = box.querySelector('img.top'), slider = box.parentElement.querySelector('input.slider'),
                    mode = box.parentElement.querySelector('select');
              function update() {
                const v = slider.value;
                if (mode.value === 'slider') { top.style.opacity = 1; top.style.clipPath = 'inset(0 ' + (100 - v) + '% 0 0)'; }
                else { top.style.clipPath = 'none'; top.style.opacity = v / 100; }
              }
              slider.addEventListener('input', update); mode.addEventListener('change', update); update();
            });
            applyFilters();
            </script>
            </body></html>

            """
    }

    private func row(_ result: CaseResult, artifactsFolder: String) -> String {
        let status = Self.status(result)
        var html = "<div class=\"case\" data-status=\"\(status)\"><span class=\"status \(status)\">\(status)</span>"
        html += "<span class=\"name\">\(Self.escape(result.name))</span> — \(Self.escape(result.message))"
        if let recorded = result.recordedPath { html += " <i>(recorded \(Self.escape(recorded)))</i>" }
        html += "<div class=\"images\">"
        func figure(_ caption: String, _ source: String?) {
            guard let source else { return }
            html += "<figure><img loading=\"lazy\" src=\"\(Self.escape(source))\"><figcaption>\(caption)</figcaption></figure>"
        }
        let golden =
            result.artifacts["golden"] ?? (result.failed ? nil : Self.relativePath(to: result.goldenPath, from: artifactsFolder))
        figure("golden", golden)
        figure("actual", result.artifacts["actual"])
        figure("diff", result.artifacts["diff"])
        if let golden, let actual = result.artifacts["actual"] {
            html +=
                "<figure><div class=\"compare\"><img src=\"\(Self.escape(golden))\"><img class=\"top\" src=\"\(Self.escape(actual))\"></div>"
            html +=
                "<figcaption class=\"controls\"><select><option value=\"slider\">slider</option><option value=\"onion\">onion skin</option></select> "
            html +=
                "<input class=\"slider\" type=\"range\" min=\"0\" max=\"100\" value=\"50\"> golden ← → actual</figcaption></figure>"
        }
        html += "</div></div>\n"
        return html
    }
}
