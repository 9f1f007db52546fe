import FoundationEssentials
import Glibc
import SeeMoreCards
import SeeMoreScan
import SeeMoreSupport
import SeeMoreText
import SeeMoreWeb

/// SeeMore's lines beside a browser's for the same texts: each text of a corpus is laid out as the
/// expanded card lays out its body in every cell (template × font × width), and the body's text as
/// drawn is laid out by Chromium with the same font family, size, width and language (and the same
/// font files, when the matrix has `fontFiles`); the lines are
/// compared one by one (each without its leading and trailing white space, which neither engine
/// draws at a break).
package struct WebComparison {
    /// One text in one cell.
    package struct Case: Equatable, Sendable {
        package var id: String
        package var cell: ScanStatistics.Key
        package var ours: [String]
        package var web: [String]
        /// Why the case could not be compared (a card that cannot be drawn); nil when it was.
        package var error: String? = nil

        /// The index of the first line that differs; nil when every line is the same.
        package var firstDifference: Int? {
            let pairs = zip(ours.map(Self.trimmed), web.map(Self.trimmed))
            if let index = pairs.enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
            return ours.count == web.count ? nil : min(ours.count, web.count)
        }

        /// Lines broken the same: those before the first difference (after one, both engines lay out
        /// other text on each line, so no later line is said to agree).
        package var sameLines: Int { firstDifference ?? ours.count }
        /// The lines there are to agree on: the longer side's.
        package var lines: Int { max(ours.count, web.count) }

        static func trimmed(_ line: String) -> Substring {
            let isSpace: (Character) -> Bool = { $0.isWhitespace }
            let start = line.firstIndex { !isSpace($0) } ?? line.endIndex
            let end = line.lastIndex { !isSpace($0) }.map(line.index(after:)) ?? start
            return line[start..<max(start, end)]
        }
    }

    let matrix: ScanMatrix
    let renderer: CardRenderer
    let browser: Browser
    /// The families of the matrix's font files, in file order: after a body font's own families, the
    /// browser falls back to them first, as SeeMore falls back among a suite's files.
    let fileFamilies: [String]

    /// The largest font file given to the browser.
    static let maximumFontBytes = 64 << 20

    /// Gives the browser every face of the matrix's font files (`fontFiles`), so both engines draw
    /// with the same bytes.
    /// - Throws: as `CardRenderer.init`; `Browser.Failure` for a face the browser cannot load;
    ///   `FontError` for a file that cannot be read.
    package init(matrix: ScanMatrix, browser: Browser) throws {
        self.matrix = matrix
        renderer = try CardRenderer(fonts: matrix.fontFiles)
        self.browser = browser
        var families: [String] = []
        for (path, face) in matrix.fontFiles.faces {
            var info = stat()
            guard stat(path, &info) == 0, info.st_size <= Self.maximumFontBytes,
                let data = FileManager.default.contents(atPath: path)
            else { throw FontError(path: path) }
            do {
                try WebLines.addFont(Array(data), family: face.family, weight: face.weight, italic: face.italic, to: browser)
            } catch let error as Browser.Failure {
                // Chromium checks every font it is given (its OpenType sanitizer) and refuses some a desktop loads.
                throw Browser.Failure(message: "\(path) (\(face.family)): \(error.message)")
            }
            if !families.contains(face.family) { families.append(face.family) }
        }
        fileFamilies = families
    }

    /// A font file the browser cannot be given.
    package struct FontError: Error, CustomStringConvertible {
        package var path: String
        package var description: String {
            "\(path) cannot be read for the browser (a regular file of at most \(WebComparison.maximumFontBytes >> 20) MB)"
        }
    }

    /// Every text in every cell, cell by cell: SeeMore's lines, then the browser's for all texts of
    /// the cell in one call.
    /// - Throws: `Browser.Failure` or `WebLines.Failure` when the browser fails.
    package func compare(_ texts: [CorpusText]) throws -> [Case] {
        var cases: [Case] = []
        for cell in matrix.cells {
            var cellCases: [Case] = []
            var requests: [WebLines.Request] = []
            var asked: [Int] = []
            for text in texts {
                var item = Case(id: text.id, cell: cell.key, ours: [], web: [])
                do {
                    let request = ScanCutter.request(text, in: cell)
                    let expanded = try renderer.measure(request, state: .expanded)
                    guard let drawn = try renderer.cut(request)?.plainText else {
                        item.error = "a chat input scrolls: it has no cut to compare"
                        cellCases.append(item)
                        continue
                    }
                    item.ours = expanded.lines
                    asked.append(cellCases.count)
                    requests.append(
                        try Self.webRequest(
                            drawn, font: request.font ?? cell.template.body.font, metadata: expanded, fallbacks: fileFamilies))
                } catch {
                    item.error = "\(error)"
                }
                cellCases.append(item)
            }
            let lines = try WebLines.lines(of: requests, in: browser)
            for (position, web) in zip(asked, lines) { cellCases[position].web = web }
            cases += cellCases
        }
        return cases
    }

    /// The browser's request for a body text drawn in `font` (a Pango description): its families as a
    /// CSS list, its size in px (points at 72 dpi), its weight, the card's text width and the language
    /// SeeMore shaped it in.
    static func webRequest(_ text: String, font: String, metadata: CardMetadata, fallbacks: [String] = []) throws
        -> WebLines.Request
    {
        let description = try FontDescription(font)
        var names = (description.family ?? "sans-serif").split(separator: ",").map { $0.trimmingWhitespace() }
        names += fallbacks.filter { !names.contains($0) }
        let families = names.map { "\"" + $0.replacing("\"", with: "") + "\"" }
        let size = description.size ?? 15
        var request = WebLines.Request(
            text: text, family: (families + ["sans-serif"]).joined(separator: ", "), size: size,
            lineHeight: (size * 1.5).rounded(), width: metadata.textWidth)
        request.language = metadata.language
        if description.isBold { request.style = "font-weight: bold;" }
        return request
    }
}

extension WebComparison {
    /// Agreement over `cases`: texts whose every line is the same, and lines the same before each
    /// text's first difference, of all lines.
    package struct Agreement: Equatable, Sendable {
        package var texts = 0
        package var sameTexts = 0
        package var lines = 0
        package var sameLines = 0
        /// Cases that could not be compared.
        package var errors = 0

        package init(_ cases: some Sequence<Case>) {
            for item in cases {
                guard item.error == nil else {
                    errors += 1
                    continue
                }
                texts += 1
                if item.firstDifference == nil { sameTexts += 1 }
                lines += item.lines
                sameLines += item.sameLines
            }
        }

        /// The share of lines broken the same, 1 for no line.
        package var lineRatio: Double { lines == 0 ? 1 : Double(sameLines) / Double(lines) }
    }
}
