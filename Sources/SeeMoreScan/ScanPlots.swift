import SeeMoreSupport
import SeeMoreText

/// The scan report's plots as inline SVG: drawn from counts alone, with no script, so the page is
/// self-contained and the same for one run and merged shards.
struct ScanPlots {
    let result: ScanResult

    /// A template in one font: the cells of one line of a plot.
    struct Series {
        var title: String
        var template: String
        var locale: String
        var font: String
        var color: String
    }

    /// Colors of the series, in order (distinct for people with a color vision deficiency, Okabe–Ito).
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]

    var series: [Series] {
        var found: [Series] = []
        for template in result.templates {
            for locale in result.locales.isEmpty ? [""] : result.locales {
                for font in result.fonts.isEmpty ? [""] : result.fonts {
                    let title = template + (locale.isEmpty ? "" : " (\(locale))") + (font.isEmpty ? "" : " in \(font)")
                    found.append(
                        Series(
                            title: title, template: template, locale: locale, font: font,
                            color: Self.palette[found.count % Self.palette.count]))
                }
            }
        }
        return found
    }

    func cell(_ series: Series, _ width: Double) -> ScanStatistics.Cell? {
        result.statistics.cells[
            ScanStatistics.Key(template: series.template, locale: series.locale, font: series.font, width: width)]
    }

    /// The share of texts cut at each width, a line per series.
    var truncationByWidth: String {
        let widths = result.widths.sorted()
        let (plotWidth, plotHeight, left, top, bottom) = (560.0, 220.0, 48.0, 12.0, 36.0)
        let lowest = widths.first ?? 0
        let span = max(1, (widths.last ?? 1) - lowest)
        func x(_ width: Double) -> Double {
            widths.count == 1 ? left + plotWidth / 2 : left + (width - lowest) / span * plotWidth
        }
        func y(_ rate: Double) -> Double { top + (1 - rate) * plotHeight }
        var svg = Self.open(width: left + plotWidth + 24, height: top + plotHeight + bottom, label: "Texts cut, by width")
        for step in 0...4 {
            let rate = Double(step) / 4
            svg +=
                "<line x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(y(rate)))\" y2=\"\(f(y(rate)))\" class=\"grid\"/>"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y(rate) + 4))\" text-anchor=\"end\">\(step * 25)%</text>"
        }
        for width in widths {
            svg +=
                "<text x=\"\(f(x(width)))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(JSONValue.format(width))</text>"
        }
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(top + plotHeight + 34))\" text-anchor=\"middle\">width (pt)</text>"
        for series in series {
            let points = widths.compactMap { width in cell(series, width).map { (x(width), y($0.truncationRate), $0) } }
            svg +=
                "<polyline class=\"series\" stroke=\"\(series.color)\" points=\""
                + points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ") + "\"/>"
            for (px, py, cell) in points {
                svg +=
                    "<circle cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"3.5\" fill=\"\(series.color)\"><title>"
                    + ScanReport.escaped("\(series.title): \(cell.truncated) of \(cell.laidOut) cut") + "</title></circle>"
            }
        }
        return svg + "</svg>"
    }

    /// One cell's histogram of the share of each text shown: the cut texts by 5% bins, and the texts
    /// shown whole in the last bar.
    func shareHistogram(_ series: Series, width: Double) -> String {
        guard let cell = cell(series, width) else { return "" }
        let (barWidth, plotHeight, left, top, bottom) = (8.0, 80.0, 4.0, 16.0, 30.0)
        let highest = max(1, cell.shownShare.max() ?? 1)
        var svg = Self.open(
            width: left * 2 + barWidth * Double(ScanStatistics.shareBins) + 6, height: top + plotHeight + bottom,
            label: "Share shown, \(series.title) at \(JSONValue.format(width)) pt")
        svg += "<text x=\"\(f(left))\" y=\"11\" class=\"title\">@\(JSONValue.format(width))</text>"
        svg +=
            "<text x=\"\(f(left + barWidth * Double(ScanStatistics.shareBins) + 6))\" y=\"11\" text-anchor=\"end\">peak \(highest)</text>"
        for (bin, count) in cell.shownShare.enumerated() {
            let height = Double(count) / Double(highest) * plotHeight
            let whole = bin == ScanStatistics.shareBins - 1
            let x = left + Double(bin) * barWidth + (whole ? 6 : 0)
            let range = whole ? "shown whole" : "\(bin * 5)–\(bin * 5 + 5)% shown"
            svg +=
                "<rect x=\"\(f(x))\" y=\"\(f(top + plotHeight - height))\" width=\"\(f(barWidth - 1))\" height=\"\(f(height))\" "
                + "fill=\"\(whole ? "#bbb" : series.color)\"><title>\(ScanReport.escaped("\(count) texts \(range)"))</title></rect>"
        }
        // The axis: the share of the text shown, 0 to 100% in 5% bins, then the texts shown whole.
        let base = top + plotHeight + 0.5
        let axis = top + plotHeight + 12
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(base))\" x2=\"\(f(left + barWidth * 20))\" y2=\"\(f(base))\" class=\"axis\"/>"
        svg += "<text x=\"\(f(left))\" y=\"\(f(axis))\">0</text>"
        svg += "<text x=\"\(f(left + barWidth * 10))\" y=\"\(f(axis))\" text-anchor=\"middle\">50%</text>"
        svg += "<text x=\"\(f(left + barWidth * 20))\" y=\"\(f(axis))\" text-anchor=\"end\">100%</text>"
        svg +=
            "<text x=\"\(f(left + barWidth * 10))\" y=\"\(f(axis + 13))\" text-anchor=\"middle\" class=\"axis-title\">shown (texts a bin)</text>"
        return svg + "</svg>"
    }

    /// The collapsed cards' line counts at each width, a stacked bar per width.
    func linesByWidth(_ series: Series) -> String {
        let widths = result.widths.sorted()
        let most = widths.compactMap { cell(series, $0)?.lines.keys.max() }.max() ?? 1
        let (barWidth, gap, plotHeight, left, top, bottom) = (28.0, 10.0, 120.0, 40.0, 8.0, 34.0)
        var svg = Self.open(
            width: left + Double(widths.count) * (barWidth + gap) + 90, height: top + plotHeight + bottom,
            label: "Lines by width, \(series.title)")
        for step in 0...2 {
            let y = top + plotHeight * (1 - Double(step) / 2)
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(step * 50)%</text>"
        }
        let shades = (0...most).map { Self.shade(series.color, $0, of: most) }
        for (index, width) in widths.enumerated() {
            guard let cell = cell(series, width), cell.laidOut > 0 else { continue }
            let x = left + Double(index) * (barWidth + gap)
            var y = top + plotHeight
            for count in cell.lines.keys.sorted() {
                let texts = cell.lines[count] ?? 0
                let height = Double(texts) / Double(cell.laidOut) * plotHeight
                y -= height
                svg +=
                    "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(height))\" fill=\"\(shades[min(count, most)])\">"
                    + "<title>\(ScanReport.escaped("\(texts) texts in \(count) line\(count == 1 ? "" : "s") at \(JSONValue.format(width)) pt"))</title></rect>"
            }
            svg +=
                "<text x=\"\(f(x + barWidth / 2))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(JSONValue.format(width))</text>"
        }
        let legendX = left + Double(widths.count) * (barWidth + gap) + 8
        for count in 0...most where widths.contains(where: { (cell(series, $0)?.lines[count] ?? 0) > 0 }) {
            let y = top + Double(most - count) * 16
            svg += "<rect x=\"\(f(legendX))\" y=\"\(f(y))\" width=\"12\" height=\"12\" fill=\"\(shades[count])\"/>"
            svg += "<text x=\"\(f(legendX + 16))\" y=\"\(f(y + 10))\">\(count) line\(count == 1 ? "" : "s")</text>"
        }
        svg += "<text x=\"\(f(left))\" y=\"\(f(top + plotHeight + 32))\">width (pt)</text>"
        return svg + "</svg>"
    }

    /// Cases with each lint over the whole matrix, a bar per lint.
    var lintCounts: String {
        let totals = result.totalLints
        let cases = result.statistics.cells.values.reduce(0) { $0 + $1.laidOut }
        let highest = max(1, totals.values.max() ?? 1)
        let (labelWidth, plotWidth, rowHeight) = (150.0, 360.0, 22.0)
        let kinds = CutLint.Kind.allCases
        var svg = Self.open(
            width: labelWidth + plotWidth + 130, height: rowHeight * Double(kinds.count) + 8, label: "Cases by lint")
        for (row, kind) in kinds.enumerated() {
            let count = totals[kind] ?? 0
            let y = Double(row) * rowHeight + 4
            let length = Double(count) / Double(highest) * plotWidth
            let share = cases == 0 ? 0 : Double(count) / Double(cases) * 100
            svg += "<text x=\"\(f(labelWidth - 8))\" y=\"\(f(y + 14))\" text-anchor=\"end\">\(kind.rawValue)</text>"
            svg +=
                "<rect x=\"\(f(labelWidth))\" y=\"\(f(y + 2))\" width=\"\(f(max(length, count > 0 ? 1 : 0)))\" height=\"\(f(rowHeight - 6))\" fill=\"#D55E00\"/>"
            svg +=
                "<text x=\"\(f(labelWidth + length + 6))\" y=\"\(f(y + 14))\">\(count) (\(FixedPoint.string(share, places: 1))%)</text>"
        }
        return svg + "</svg>"
    }

    private static func open(width: Double, height: Double, label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(ScanReport.escaped(label))\" width=\"\(f(width))\" "
            + "height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
    }

    /// `color` lighter for fewer lines: the most lines are the series' color.
    static func shade(_ color: String, _ step: Int, of steps: Int) -> String {
        let hex = Array(color.dropFirst())
        guard hex.count == 6 else { return color }
        let parts = stride(from: 0, to: 6, by: 2).map { Int(String(hex[$0..<($0 + 2)]), radix: 16) ?? 0 }
        let mix = steps == 0 ? 1 : 0.25 + 0.75 * Double(step) / Double(steps)
        let mixed = parts.map { Int((Double($0) * mix + 255 * (1 - mix)).rounded()) }
        return "#" + mixed.map(twoHexDigits).joined()
    }
}

/// A number for SVG: at most one decimal.
private func f(_ value: Double) -> String {
    FixedPoint.string(value, places: 1)
}

/// Two hexadecimal digits of a channel, 0–255.
private func twoHexDigits(_ value: Int) -> String {
    let hex = String(max(0, min(255, value)), radix: 16)
    return hex.count == 1 ? "0" + hex : hex
}
