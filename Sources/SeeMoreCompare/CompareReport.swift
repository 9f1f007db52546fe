import SeeMoreScan
import SeeMoreSupport

/// `index.html` of a comparison: one self-contained page (no script, no outside style or font; the
/// pictures from `pictures/` beside it) with the agreement per template × width, the differences by
/// kind, and the differing cases side by side — SeeMore's expanded card and the browser's block of
/// the same text, the first differing line outlined and its break marked in both — with both
/// engines' lines around it. Every text in it is a stranger's and is escaped.
package struct CompareReport {
    /// A pictured case's files (relative to the folder) and the boxes to mark in them.
    package struct Pictured: Sendable {
        package var card: String
        package var cardSize: (width: Double, height: Double)
        package var cardLine: Rect?
        package var web: String
        package var webSize: (width: Double, height: Double)
        package var webLine: Rect?
        /// The families the browser drew the text in.
        package var webFonts: [String]
        /// The families SeeMore drew the card in.
        package var cardFonts: [String]

        package init(_ pictures: WebComparison.Pictures, name: String) {
            card = "pictures/\(name).seemore.png"
            web = "pictures/\(name).web.png"
            cardSize = (pictures.cardWidth, pictures.cardHeight)
            webSize = (pictures.web.width, pictures.web.height)
            cardLine = pictures.cardLine
            webLine = pictures.webLine
            webFonts = pictures.web.fonts
            cardFonts = pictures.cardFonts
        }
    }

    package var title: String
    /// The browser as it names itself.
    package var engine: String
    package var platform: String?
    package var seconds: Double
    package var matrix: ScanMatrix
    package var cases: [WebComparison.Case]
    /// Pictures of differing cases, by their index in `cases`.
    package var pictured: [Int: Pictured]

    package init(
        title: String, engine: String, platform: String?, seconds: Double, matrix: ScanMatrix, cases: [WebComparison.Case],
        pictured: [Int: Pictured]
    ) {
        (self.title, self.engine, self.platform, self.seconds) = (title, engine, platform, seconds)
        (self.matrix, self.cases, self.pictured) = (matrix, cases, pictured)
    }

    /// The file name stem of a case's pictures: the same for the case in every run.
    package static func pictureName(_ item: WebComparison.Case) -> String {
        let key = [item.id, item.cell.template, item.cell.font, String(item.cell.width)].joined(separator: "\u{0}")
        return ContentHash.fnv1a64(key.utf8)
    }

    package var html: String {
        let total = WebComparison.Agreement(cases)
        let differing = cases.filter { $0.kind != nil }
        let rate = seconds > 0 ? Double(cases.count) / seconds : 0
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>SeeMore against \(Self.escaped(engine)): \(Self.escaped(title))</title>
            <style>\(Self.style)</style></head><body>
            <header><h1>SeeMore's line breaks against \(Self.escaped(engine))</h1>
            <p class="lead">\(Self.escaped(title))\(platform.map { " · platform \(Self.escaped($0))" } ?? ""): \
            <b>\(Self.percent(total.lineRatio)) of lines break the same</b> (\(total.sameLines) of \(total.lines)); \
            \(total.sameTexts) of \(total.texts) texts have every line the same\
            \(total.errors > 0 ? "; \(total.errors) cases could not be drawn" : ""). \
            \(cases.count) cases in \(JSONValue.format((seconds * 10).rounded() / 10)) s \
            (\(JSONValue.format(rate.rounded())) a second).</p>
            <nav><a href="#agreement">Agreement</a> <a href="#kinds">Differences by kind</a> \
            <a href="#cases">Differing cases</a> <a href="compare.json">compare.json</a></nav></header>
            <main>
            """
        page += agreementTable()
        page += kindsTable(differing)
        page += casesSection()
        page += "</main></body></html>\n"
        return page
    }

    /// Rows of templates (and fonts), columns of widths: the share of lines the same in each cell.
    private func agreementTable() -> String {
        let widths = matrix.widths.sorted()
        var rows: [String] = []
        var seen = Set<String>()
        for cell in matrix.cells where seen.insert(cell.key.template + "\u{0}" + cell.key.font).inserted {
            var row = "<tr><th>\(Self.escaped(cell.key.template))"
            if let font = cell.font { row += " <small>\(Self.escaped(font))</small>" }
            row += "</th>"
            for width in widths {
                let value = WebComparison.Agreement(
                    cases.filter { $0.cell == ScanStatistics.Key(template: cell.key.template, font: cell.key.font, width: width) }
                )
                let level = value.lineRatio >= 0.99 ? "good" : value.lineRatio >= 0.9 ? "fair" : "poor"
                row +=
                    "<td class=\"\(level)\">\(Self.percent(value.lineRatio))<small>\(value.sameTexts)/\(value.texts) texts</small></td>"
            }
            rows.append(row + "</tr>")
        }
        let header = widths.map { "<th>\(JSONValue.format($0)) pt</th>" }.joined()
        return """
            <section id="agreement"><h2>Agreement per template × width</h2>
            <p class="note">The share of lines broken the same in each cell (a text's lines count until its first \
            differing line), and the texts whose every line is the same.</p>
            <table><tr><th>template</th>\(header)</tr>\(rows.joined())</table></section>
            """
    }

    /// Every differing case counted by kind, with what each kind means.
    private func kindsTable(_ differing: [WebComparison.Case]) -> String {
        var rows = ""
        for kind in DifferenceKind.allCases {
            let count = differing.filter { $0.kind == kind }.count
            guard count > 0 else { continue }
            rows += "<tr><th>\(Self.escaped(kind.rawValue))</th><td>\(count)</td>"
            rows +=
                "<td>\(Self.percent(Double(count) / Double(differing.count)))</td><td class=\"text\">\(Self.escaped(kind.explanation))</td></tr>"
        }
        if differing.isEmpty { rows = "<tr><td colspan=\"4\" class=\"text\">No case differs.</td></tr>" }
        return """
            <section id="kinds"><h2>Differences by kind</h2>
            <p class="note">Each differing case is put in the first kind whose rule holds at its first differing \
            line; a case is pictured with the families the browser drew it in, which may make it a fallback font.</p>
            <table><tr><th>kind</th><th>cases</th><th>share</th><th class="text">what it means</th></tr>\(rows)</table></section>
            """
    }

    private func casesSection() -> String {
        let differing = cases.indices.filter { cases[$0].kind != nil }
        var section = """
            <section id="cases"><h2>Differing cases</h2>
            <p class="note">\(pictured.count) of \(differing.count) differing cases pictured (every kind in turn); \
            compare.json lists the first 500 with both engines' lines. Left: SeeMore's expanded card; right: the \
            browser's block of the same text at the card's text width. The first differing line is outlined, its \
            break marked in red.</p>
            """
        for index in differing where pictured[index] != nil {
            guard let pictures = pictured[index] else { continue }
            section += article(cases[index], pictures: pictures)
        }
        return section + "</section>"
    }

    private func article(_ item: WebComparison.Case, pictures: Pictured) -> String {
        let line = item.firstDifference ?? 0
        let kind = item.kind?.rawValue ?? ""
        var html = """
            <article class="case" id="case-\(Self.pictureName(item))"><h3>\(Self.escaped(item.id)) · \
            \(Self.escaped(item.cell.template))\(item.cell.font.isEmpty ? "" : " · " + Self.escaped(item.cell.font)) · \
            \(JSONValue.format(item.cell.width)) pt — <span class="kind">\(Self.escaped(kind))</span>, line \(line + 1)</h3>
            <div class="pair">
            """
        let ourLine = line < item.ours.count ? item.ours[line] : ""
        let webLine = line < item.web.count ? item.web[line] : ""
        html += figure(
            "SeeMore", file: pictures.card, size: pictures.cardSize, mark: pictures.cardLine,
            rightToLeft: Self.startsRightToLeft(ourLine))
        html += figure(
            "Chromium", file: pictures.web, size: pictures.webSize, mark: pictures.webLine,
            rightToLeft: Self.startsRightToLeft(webLine))
        html +=
            "</div><table class=\"lines\"><tr><th>line</th><th class=\"text\">SeeMore</th><th class=\"text\">Chromium</th></tr>"
        for row in max(0, line - 1)...min(max(item.ours.count, item.web.count) - 1, line + 1) where row >= 0 {
            let ours = row < item.ours.count ? item.ours[row] : ""
            let web = row < item.web.count ? item.web[row] : ""
            html += "<tr\(row == line ? " class=\"differs\"" : "")><td>\(row + 1)</td>"
            html +=
                "<td class=\"text\" dir=\"auto\">\(Self.shown(ours))</td><td class=\"text\" dir=\"auto\">\(Self.shown(web))</td></tr>"
        }
        html += "</table>"
        let others = pictures.webFonts.filter { !pictures.cardFonts.contains($0) }
        html += "<p class=\"note\">Fonts: SeeMore \(Self.escaped(pictures.cardFonts.joined(separator: ", "))); "
        html += "Chromium \(Self.escaped(pictures.webFonts.joined(separator: ", ")))"
        html += others.isEmpty ? "" : " — <b>\(Self.escaped(others.joined(separator: ", "))) only in Chromium</b>"
        return html + ".</p></article>"
    }

    /// A picture shown at one CSS px a point, the differing line outlined and a bar at its end.
    private func figure(
        _ caption: String, file: String, size: (width: Double, height: Double), mark: Rect?, rightToLeft: Bool
    ) -> String {
        func px(_ value: Double) -> String { JSONValue.format((value * 10).rounded() / 10) + "px" }
        var html = "<figure><figcaption>\(caption)</figcaption><div class=\"pic\" style=\"width:\(px(size.width))\">"
        html += "<img src=\"\(Self.escaped(file))\" width=\"\(JSONValue.format(size.width.rounded()))\" "
        html += "height=\"\(JSONValue.format(size.height.rounded()))\" alt=\"\(caption)'s lines\">"
        if let mark {
            html += "<i class=\"line\" style=\"left:\(px(mark.x - 2));top:\(px(mark.y - 1));"
            html += "width:\(px(mark.width + 4));height:\(px(mark.height + 2))\"></i>"
            let end = rightToLeft ? mark.x - 2 : mark.x + mark.width + 1
            html += "<i class=\"break\" style=\"left:\(px(end));top:\(px(mark.y - 3));height:\(px(mark.height + 6))\"></i>"
        }
        return html + "</div></figure>"
    }

    /// Whether a line's first strong character is right to left (its break is at its left).
    static func startsRightToLeft(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first(where: { DifferenceKind.isRightToLeft($0) || $0.properties.isAlphabetic })
        else { return false }
        return DifferenceKind.isRightToLeft(first)
    }

    /// A line as text, its spaces at either end shown (`·`), escaped.
    static func shown(_ line: String) -> String {
        let leading = line.prefix { $0 == " " }.count
        let trailing = line.count > leading ? line.reversed().prefix { $0 == " " }.count : 0
        let middle = line.dropFirst(leading).dropLast(trailing)
        return "<span class=\"space\">\(String(repeating: "·", count: leading))</span>\(escaped(String(middle)))"
            + "<span class=\"space\">\(String(repeating: "·", count: trailing))</span>"
    }

    static func percent(_ ratio: Double) -> String { JSONValue.format((ratio * 1000).rounded() / 10) + "%" }

    static func escaped(_ text: String) -> String { XMLText.escaped(text) }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
        header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:20px 0 8px}h3{font-size:14px;margin:4px 0 8px;font-weight:600}
        .lead{margin:0 0 6px;color:#444}nav a{margin-right:14px;color:#0060c0}main{padding:8px 24px 48px}
        section{background:#fff;border:1px solid #e2e2e2;border-radius:8px;padding:4px 16px 16px;margin-top:16px}
        .note{color:#666;font-size:13px}table{border-collapse:collapse;font-size:13px}
        th,td{border-bottom:1px solid #eee;padding:4px 10px;text-align:right;vertical-align:top}
        th:first-child{text-align:left}td small{display:block;color:#777;font-size:11px}
        td.good{background:#e9f7ec}td.fair{background:#fff6dd}td.poor{background:#fde8e6}
        .text{text-align:left;white-space:pre-wrap}
        .case{border-top:1px solid #e2e2e2;padding:12px 0}.kind{color:#a01818}
        .pair{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}figure{margin:0}
        figcaption{font-size:12px;color:#555;margin-bottom:4px}
        .pic{position:relative;outline:1px solid #ddd;background:#fff}.pic img{display:block;max-width:none}
        .pic i{position:absolute;pointer-events:none}.pic .line{outline:1.5px solid rgba(210,30,30,.8);background:rgba(255,60,60,.08)}
        .pic .break{width:3px;background:#d21e1e}
        table.lines{margin-top:10px;width:100%}table.lines tr.differs td{background:#fff0f0}
        .space{color:#c33}
        """
}
