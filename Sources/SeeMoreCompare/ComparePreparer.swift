import SeeMoreCards
import SeeMoreScan
import SeeMoreSupport
import SeeMoreText

/// SeeMore's side of a comparison: each text laid out as the expanded card lays out its body in every
/// cell of the matrix, and the browser's request for the same drawn text. It runs where the text's
/// budget is kept (a `seemore worker` of `compare`), apart from the browser.
package struct ComparePreparer {
    let matrix: ScanMatrix
    let renderer: CardRenderer
    /// The families of the matrix's font files, in file order: after a body font's own families, the
    /// browser falls back to them first, as SeeMore falls back among a suite's files.
    let fileFamilies: [String]

    /// - Throws: as `CardRenderer.init`.
    package init(matrix: ScanMatrix) throws {
        self.matrix = matrix
        renderer = try CardRenderer(fonts: matrix.fontFiles)
        var families: [String] = []
        for (_, face) in matrix.fontFiles.faces where !families.contains(face.family) { families.append(face.family) }
        fileFamilies = families
    }

    /// `text` in every cell of the matrix, in cell order.
    package func prepared(_ text: CorpusText) -> [PreparedText] {
        matrix.cells.map { prepared(text, in: $0) }
    }

    /// `text` in `cell`; a card that cannot be drawn, or has no cut (a chat input scrolls), says why.
    func prepared(_ text: CorpusText, in cell: ScanMatrix.Cell) -> PreparedText {
        var ready = PreparedText()
        do {
            let request = ScanCutter.request(text, in: cell)
            let expanded = try renderer.measure(request, state: .expanded, lineWidths: true)
            guard let drawn = try renderer.cut(request)?.plainText else {
                ready.error = "a chat input scrolls: it has no cut to compare"
                return ready
            }
            let font = request.font ?? cell.template.body.font
            let body = try FontDescription(font).family
            ready.ours = expanded.lines
            ready.ourWidths = expanded.lineWidths
            ready.textWidth = expanded.textWidth
            ready.web = try WebComparison.webRequest(
                drawn, font: font, body: cell.template.body, metadata: expanded, fallbacks: fileFamilies,
                spans: WebComparison.spans(of: drawn, request: request, template: cell.template, metadata: expanded, body: body))
            ready.links = TextEntity.find(in: drawn, rules: cell.template.links.rules).filter { $0.kind == .url }.map(\.range)
            ready.fallback = WebComparison.fallbackCharacters(expanded, body: body).sorted()
        } catch {
            ready.error = "\(error)"
        }
        return ready
    }
}
