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
        /// The text's place in the texts compared.
        package var text = 0
        /// What tells why the lines differ, and the kind it tells; nil when they do not.
        package var evidence: DifferenceKind.Evidence? = nil
        package var kind: DifferenceKind? { evidence.map(DifferenceKind.init) }

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

        /// `line` without the spaces at its ends and without the invisible bidi controls (marks,
        /// embeddings, isolates) the drawn text may hold around links and names and the measured
        /// lines do not.
        static func trimmed(_ line: String) -> String {
            let visible = String(String.UnicodeScalarView(line.unicodeScalars.filter { !isBidiControl($0) }))
            let start = visible.firstIndex { !$0.isWhitespace } ?? visible.endIndex
            let end = visible.lastIndex { !$0.isWhitespace }.map(visible.index(after:)) ?? start
            return String(visible[start..<max(start, end)])
        }

        static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
    }

    let matrix: ScanMatrix
    let browser: Browser
    /// SeeMore's side, in this process (for the texts it is given no prepared cells for, and pictures).
    package let preparer: ComparePreparer

    /// The largest font file given to the browser.
    static let maximumFontBytes = 64 << 20

    /// Gives the browser every face of the matrix's font files (`fontFiles`), so both engines draw
    /// with the same bytes.
    /// - Throws: as `ComparePreparer.init`; `Browser.Failure` for a face the browser cannot load;
    ///   `FontError` for a file that cannot be read.
    package init(matrix: ScanMatrix, browser: Browser) throws {
        self.matrix = matrix
        preparer = try ComparePreparer(matrix: matrix)
        self.browser = browser
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
        }
    }

    /// A font file the browser cannot be given.
    package struct FontError: Error, CustomStringConvertible {
        package var path: String
        package var description: String {
            "\(path) cannot be read for the browser (a regular file of at most \(WebComparison.maximumFontBytes >> 20) MB)"
        }
    }

    /// Every text in every cell, cell by cell: SeeMore's lines (`prepared`, for each text one per
    /// cell, as a worker made them; made here when nil), then the browser's for all texts of the cell
    /// in one call.
    /// - Throws: `Browser.Failure` or `WebLines.Failure` when the browser fails.
    package func compare(_ texts: [CorpusText], prepared: [[PreparedText]]? = nil) throws -> [Case] {
        let prepared = prepared ?? texts.map(preparer.prepared)
        var cases: [Case] = []
        for (cellIndex, cell) in matrix.cells.enumerated() {
            var cellCases: [Case] = []
            var asked: [(position: Int, text: PreparedText, request: WebLines.Request)] = []
            for (index, text) in texts.enumerated() {
                var item = Case(id: text.id, cell: cell.key, ours: [], web: [], text: index)
                let ready = index < prepared.count && cellIndex < prepared[index].count ? prepared[index][cellIndex] : nil
                if let ready, let request = ready.web, ready.error == nil {
                    item.ours = ready.ours
                    asked.append((cellCases.count, ready, request))
                } else {
                    item.error = ready?.error ?? "SeeMore did not lay it out"
                }
                cellCases.append(item)
            }
            let lines = try WebLines.layout(of: asked.map(\.request), in: browser)
            for ((position, ready, _), web) in zip(asked, lines) {
                cellCases[position].web = web.map(\.text)
                cellCases[position].evidence = ready.evidence(web: web)
            }
            cases += cellCases
        }
        return cases
    }

    /// The characters of the drawn body SeeMore drew in a fallback font (one the body's families do
    /// not name), in Unicode scalars.
    static func fallbackCharacters(_ metadata: CardMetadata, body: String?) -> Set<Int> {
        let bodyFamilies = Set((body ?? "").split(separator: ",").map { $0.trimmingWhitespace() })
        var characters = Set<Int>()
        for run in metadata.fallbackRuns where bodyFamilies.contains(run.requested) && !bodyFamilies.contains(run.font) {
            characters.formUnion(run.start..<(run.start + max(0, run.length)))
        }
        return characters
    }

    /// The browser's request for a body text drawn in `font` (a Pango description): its families as a
    /// CSS list, its size in px (points at 72 dpi), its weight, the card's text width and the language
    /// SeeMore shaped it in.
    static func webRequest(
        _ text: String, font: String, body: CardTemplate.Body? = nil, metadata: CardMetadata, fallbacks: [String] = [],
        spans: [WebLines.Span] = []
    ) throws -> WebLines.Request {
        let description = try FontDescription(font)
        var names = (description.family ?? "sans-serif").split(separator: ",").map { $0.trimmingWhitespace() }
        // Then the families SeeMore drew the card with, in order of first use: the runs it drew in a
        // fallback font are given theirs (`spans`); the rest of the text finds the family SeeMore
        // took among the card's own (body, header, suffix) first.
        for name in metadata.fonts + fallbacks where !names.contains(name) { names.append(name) }
        let families = names.map { "\"" + $0.replacing("\"", with: "") + "\"" }
        let size = description.size ?? 15
        var request = WebLines.Request(
            text: text, family: (families + ["sans-serif"]).joined(separator: ", "), size: size,
            lineHeight: metadata.lineBoxes.first?.height ?? (size * 1.5).rounded(), width: metadata.textWidth)
        request.language = metadata.language
        if description.isBold { request.style = "font-weight: bold; " }
        if let body { request.style += css(body, language: metadata.language) }
        // A paragraph's direction from its first strong character (`unicode-bidi: plaintext`, the
        // block's own) unless the template sets one.
        if let body, body.direction != .auto { request.style += " direction: \(body.direction.rawValue); unicode-bidi: isolate;" }
        request.spans = spans
        return request
    }
}

extension WebComparison {
    /// CSS for a body's line breaking: its `line-break` and `word-break` (`keep-hangul` as `keep-all`
    /// on a Korean text, as nothing else); nothing under Pango's own breaks.
    static func css(_ body: CardTemplate.Body, language: String?) -> String {
        guard let lineBreak = body.lineBreak else { return "" }
        // keep-hangul is keep-all on a Korean text (which is all it keeps) and normal on any other.
        let korean = language?.hasPrefix("ko") == true
        let wordBreak = body.wordBreak == .keepHangul ? (korean ? "keep-all" : "normal") : body.wordBreak.rawValue
        return "line-break: \(lineBreak.rawValue); word-break: \(wordBreak);"
    }

    /// The parts of a drawn body in a style of their own, as the card draws them: the inline name
    /// (`header.placement: inline`) in bold, the links, mentions and hashtags in `links.weight`, and
    /// each run SeeMore drew in a fallback font in that font's family (so both engines draw every
    /// character in the same font, whatever each one's fallback would pick).
    static func spans(of drawn: String, request: CardRequest, template: CardTemplate, metadata: CardMetadata, body: String?)
        -> [WebLines.Span]
    {
        let count = drawn.unicodeScalars.count
        var weights = [String?](repeating: nil, count: count)
        var families = [String?](repeating: nil, count: count)
        var shift = 0
        if let header = template.header, header.placement == .inline {
            let name = request.author?.displayName ?? header.displayName
            if !name.isEmpty, drawn.hasPrefix(name) {
                shift = name.unicodeScalars.count + 1
                for index in 0..<min(count, name.unicodeScalars.count) { weights[index] = "bold" }
            }
        }
        if let weight = template.links.weight, template.links.detect {
            let text = String(String.UnicodeScalarView(drawn.unicodeScalars.dropFirst(shift)))
            for entity in TextEntity.find(in: text, rules: template.links.rules) {
                for index in entity.range where index + shift < count { weights[index + shift] = String(weight) }
            }
        }
        let bodyFamilies = Set((body ?? "").split(separator: ",").map { $0.trimmingWhitespace() })
        for run in metadata.fallbackRuns where bodyFamilies.contains(run.requested) {
            for index in run.start..<(run.start + run.length) where index >= 0 && index < count {
                families[index] = run.font
            }
        }
        var spans: [WebLines.Span] = []
        var index = 0
        while index < count {
            var end = index + 1
            while end < count && weights[end] == weights[index] && families[end] == families[index] { end += 1 }
            var style = ""
            if let weight = weights[index] { style += "font-weight: \(weight); " }
            if let family = families[index] { style += "font-family: \"\(family.replacing("\"", with: ""))\"; " }
            if !style.isEmpty { spans.append(WebLines.Span(range: index..<end, style: style)) }
            index = end
        }
        return spans
    }

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
