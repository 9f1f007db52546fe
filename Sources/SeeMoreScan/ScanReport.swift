import SeeMoreSupport
import SeeMoreText

/// `index.html` of a scan: one self-contained page (no outside script, style or font; the gallery's
/// pictures from `gallery/` beside it) with the figures per cell, the plots and the worst cases of
/// each lint. Every text in it is a stranger's and is escaped.
struct ScanReport {
    let result: ScanResult
    /// Gallery cases whose pictures were painted.
    let pictures: Set<String>

    var html: String {
        let plots = ScanPlots(result: result)
        let cells = result.statistics.cells.values
        let cases = cells.reduce(0) { $0 + $1.laidOut }
        let refused = cells.reduce(0) { $0 + $1.refused }
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>SeeMore scan of \(Self.escaped(result.corpus))</title>
            <style>\(Self.style)</style></head><body>
            <header><h1>Scan of \(Self.escaped(result.corpus))</h1>
            <p class="lead">\(result.texts) text\(result.texts == 1 ? "" : "s") cut in \(result.statistics.cells.count) \
            cell\(result.statistics.cells.count == 1 ? "" : "s") (\(cases) cases)\(Self.templatesLine(result))\
            \(result.shard.map { " · shard \($0.index) of \($0.count)" } ?? "")\
            \(result.statistics.badRecords > 0 ? " · <b>\(result.statistics.badRecords) bad record\(result.statistics.badRecords == 1 ? "" : "s") skipped</b>" : "")\
            \(refused > 0 ? " · \(refused) case\(refused == 1 ? "" : "s") could not be laid out" : "").</p>
            <nav><a href="#cut">Texts cut</a> <a href="#shown">Share shown</a> <a href="#lines">Lines</a> \
            <a href="#lints">Lints</a> <a href="#figures">Figures</a> <a href="#gallery">Gallery</a> \
            <a href="scan.json">scan.json</a> <a href="cases.jsonl">cases.jsonl</a></nav></header>
            <main>
            <section id="cut"><h2>Texts cut, by width</h2>\(legend(plots))\(plots.truncationByWidth)</section>
            <section id="shown"><h2>Share of the text shown</h2>
            <p class="note">Texts by the share of their characters the collapsed card shows, in 5% bins; the gray bar is texts shown whole.</p>
            """
        for series in plots.series {
            page += "<h3>\(Self.escaped(series.title))</h3><div class=\"multiples\">"
            for width in result.widths.sorted() { page += plots.shareHistogram(series, width: width) }
            page += "</div>"
        }
        page += "</section><section id=\"lines\"><h2>Lines of the collapsed card, by width</h2><div class=\"multiples\">"
        for series in plots.series {
            page += "<figure>\(plots.linesByWidth(series))<figcaption>\(Self.escaped(series.title))</figcaption></figure>"
        }
        page += "</div></section><section id=\"lints\"><h2>Cut lints</h2>\(plots.lintCounts)\(Self.lintGlossary)</section>"
        page += figures(plots)
        page += gallery()
        page += "</main></body></html>\n"
        return page
    }

    private static func templatesLine(_ result: ScanResult) -> String {
        var line = ": " + result.templates.map(escaped).joined(separator: ", ")
        if !result.fonts.isEmpty { line += " in " + result.fonts.map(escaped).joined(separator: ", ") }
        line += " at " + result.widths.map { JSONValue.format($0) }.joined(separator: ", ") + " pt"
        line += result.textSize.map { ", text size \($0.description)" } ?? ""
        if !result.locales.isEmpty { line += ", locales " + result.locales.map(escaped).joined(separator: ", ") }
        return line + (result.pseudo.map { ", pseudo-locale \($0.rawValue)" } ?? "")
    }

    private func legend(_ plots: ScanPlots) -> String {
        "<p class=\"legend\">"
            + plots.series.map { "<span><i style=\"background:\($0.color)\"></i>\(Self.escaped($0.title))</span>" }.joined()
            + "</p>"
    }

    /// The table of every cell's figures.
    private func figures(_ plots: ScanPlots) -> String {
        var table = """
            <section id="figures"><h2>Figures</h2><div class="scroll"><table><thead><tr><th>Template</th><th>Width</th>\
            <th>Texts</th><th>Cut</th><th>Median shown (cut)</th><th>Mean kept (cut), characters</th><th>Suffix wraps</th>\
            <th>Cut in a word</th><th>Tofu</th><th>Fallback fonts</th><th>Lints</th></tr></thead><tbody>
            """
        for series in plots.series {
            for width in result.widths.sorted() {
                guard let cell = plots.cell(series, width) else { continue }
                table += "<tr><td>\(Self.escaped(series.title))</td><td>\(JSONValue.format(width))</td>"
                table += "<td>\(cell.texts)\(cell.refused > 0 ? " (\(cell.refused) refused)" : "")</td>"
                table += "<td>\(Self.percent(cell.truncated, of: cell.laidOut))</td><td>\(cell.medianShown)</td>"
                table += "<td>\(cell.meanKept.map { FixedPoint.string($0, places: 1) } ?? "—")</td>"
                for count in [cell.suffixWraps, cell.characterCuts, cell.withTofu] {
                    table += "<td>\(Self.percent(count, of: cell.laidOut))</td>"
                }
                // Which fonts the fallback drew in, the most used first.
                let families = cell.fallbackFonts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                let named = families.prefix(3).map { "\(Self.escaped($0.key)) \($0.value)" }.joined(separator: ", ")
                table +=
                    "<td title=\"\(families.map { "\(Self.escaped($0.key)) \($0.value)" }.joined(separator: ", "))\">"
                    + "\(Self.percent(cell.withFallback, of: cell.laidOut))\(named.isEmpty ? "" : "<br><small>\(named)\(families.count > 3 ? ", …" : "")</small>")</td>"
                // The lints found, one a line (eight columns of mostly zeros made the table scroll sideways).
                let lints = CutLint.Kind.allCases.compactMap { kind in
                    (cell.lints[kind] ?? 0) > 0 ? "\(kind.rawValue) \(cell.lints[kind] ?? 0)" : nil
                }
                table += "<td class=\"lints\">\(lints.isEmpty ? "—" : lints.joined(separator: "<br>"))</td></tr>"
            }
        }
        return table + "</tbody></table></div></section>"
    }

    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "—" }
        return count == 0
            ? "0" : "\(count) <small>(\(FixedPoint.string(Double(count) / Double(total) * 100, places: 1))%)</small>"
    }

    /// The worst cases of each lint: both pictures, the text's id and line, the cell, what was found.
    private func gallery() -> String {
        var html = "<section id=\"gallery\"><h2>Gallery: the worst \(result.gallery.limit) cases of each lint</h2>"
        for kind in CutLint.Kind.allCases {
            let entries = result.gallery.entries[kind] ?? []
            html +=
                "<h3 id=\"gallery-\(kind.rawValue)\">\(kind.rawValue) <small>\(entries.count) shown of \(result.totalLints[kind] ?? 0)</small></h3>"
            guard !entries.isEmpty else {
                html += "<p class=\"note\">No case has this lint.</p>"
                continue
            }
            html += "<div class=\"cards\">"
            for entry in entries {
                html += "<article class=\"case\"><p class=\"id\"><b>\(Self.escaped(entry.id))</b> · line \(entry.line) · "
                html += "\(Self.escaped(entry.cell.title))</p><ul>"
                for detail in entry.details { html += "<li>\(Self.escaped(detail))</li>" }
                html += "</ul>"
                if pictures.contains(entry.pictureName) {
                    let width = JSONValue.format(entry.cell.width)
                    for state in ["collapsed", "expanded"] {
                        html +=
                            "<figure><img src=\"\(ScanOutput.picturePath(entry, state: state))\" width=\"\(width)\" loading=\"lazy\" "
                            + "alt=\"\(state) card of \(Self.escaped(entry.id))\"><figcaption>\(state)</figcaption></figure>"
                    }
                } else {
                    html += "<p class=\"note\">Not painted (the card is larger than a picture may be).</p>"
                }
                html += "</article>"
            }
            html += "</div>"
        }
        return html + "</section>"
    }

    static let lintGlossary = """
        <dl class="glossary">
        <dt>cut-in-url, cut-in-mention, cut-in-hashtag</dt><dd>The cut falls inside a link, a mention or a hashtag: the reader sees part of an address or a tag, which may read as another one.</dd>
        <dt>cut-after-opening</dt><dd>The kept text ends right after an opening bracket or quote: the reader sees it open with nothing in it.</dd>
        <dt>cut-before-closing</dt><dd>The last kept word's closing punctuation is cut off: a bracket or quote is left open, a sentence looks cut in the middle.</dd>
        <dt>short-last-line</dt><dd>The last line holds one short word (or nothing) before the ending: the card looks emptier than its line count promises.</dd>
        <dt>kinsoku</dt><dd>A line starts with a character that must not start one (。、）…) or ends with one that must not end one (「（…): readers of Japanese and Chinese see a break their typography forbids.</dd>
        <dt>mixed-fonts</dt><dd>Letters of one writing system in one word are drawn in two fonts (the font asked for lacks some of them, 'Việt', '北京烤鸭'): the reader sees letters that do not match. Punctuation, digits and emoji in another font, and words of two scripts, are not counted.</dd>
        </dl>
        """

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
        header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0;z-index:1}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}h3{font-size:14px;margin:16px 0 6px}
        .lead{margin:0 0 6px;color:#444}nav a{margin-right:14px;color:#0060c0}
        main{padding:16px 24px 48px;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,560px),1fr));gap:16px;align-items:start}
        #cut{order:1}#lines{order:2}#shown{order:3}#lints{order:4}#figures{order:5}#gallery{order:6}
        section{background:#fff;border:1px solid #e2e2e2;border-radius:8px;padding:4px 16px 16px;min-width:0}
        #figures,#gallery{grid-column:1/-1}
        section svg{max-width:100%;height:auto}svg text{font:11px system-ui,sans-serif;fill:#333}svg .title{font-weight:600}svg .grid{stroke:#e5e5e5}
        svg .series{fill:none;stroke-width:2}svg .axis{stroke:#999}svg text.axis-title{fill:#777}.multiples{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-end}
        figure{margin:0}figcaption{font-size:12px;color:#555}.legend span{margin-right:16px}
        .legend i{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:5px;vertical-align:-1px}
        .note{color:#666;font-size:13px}.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:12px}
        th,td{border-bottom:1px solid #eee;padding:4px 8px;text-align:right;white-space:nowrap}
        th{white-space:normal;vertical-align:bottom}td small{white-space:normal}td.lints{text-align:left}
        th:first-child,td:first-child{text-align:left}small{color:#777}
        .glossary{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px}.glossary dt{font-weight:600}
        .glossary dd{margin:0}.cards{display:flex;flex-wrap:wrap;gap:16px}
        .case{border:1px solid #e2e2e2;border-radius:6px;padding:8px 10px;background:#fcfcfc;max-width:100%}
        .case .id,.case ul{contain:inline-size;overflow-wrap:anywhere}
        .case .id{margin:0;font-size:12px}.case ul{margin:4px 0 8px;padding-left:18px;font-size:12px;color:#8a2a00}
        .case figure{display:inline-block;vertical-align:top;margin-right:8px}.case img{display:block;height:auto;border:1px solid #eee}
        """

    /// `text` safe in HTML text and in a quoted attribute.
    static func escaped(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
