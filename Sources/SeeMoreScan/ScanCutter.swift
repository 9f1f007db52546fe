import SeeMoreCards
import SeeMoreText

/// Cuts one text in every cell of a matrix and says how each cut reads: the work `seemore scan` does
/// per text, in one process or in each worker. The card is laid out, never painted.
package final class ScanCutter {
    package let matrix: ScanMatrix
    private let renderer: CardRenderer
    private let cells: [ScanMatrix.Cell]

    /// - Throws: `FontFilesError` for a file that holds no font; `PangoError` when Pango fails.
    package init(matrix: ScanMatrix) throws {
        self.matrix = matrix
        renderer = try CardRenderer(fonts: matrix.fontFiles)
        cells = matrix.cells
    }

    /// The text's case in every cell, in the matrix's order.
    package func cases(of text: CorpusText) -> [ScanCase] {
        cells.map { cut(text, in: $0) }
    }

    /// Forgets what it measured of the words it cut, keeping its fonts loaded (for a benchmark's rounds).
    package func forgetMeasuredWords() { renderer.forgetMeasuredWords() }

    /// The card request of `text` in `cell`, as the gallery paints it.
    package static func request(_ text: CorpusText, in cell: ScanMatrix.Cell) -> CardRequest {
        let drawn = cell.pseudo.map { $0.apply(to: text.text) } ?? text.text
        var request = CardRequest(text: drawn, template: cell.template, width: cell.width, font: cell.font)
        request.language = text.language
        if let locale = cell.locale { request.setAppLocale(locale) }
        return request
    }

    /// A gallery case's collapsed and expanded pictures as PNG; nil when its template is not in the
    /// matrix or it cannot be drawn (an expanded card taller than a picture may be).
    package func pictures(of entry: ScanGallery.Entry, scale: Int) -> (collapsed: [UInt8], expanded: [UInt8])? {
        guard let cell = cells.first(where: { $0.key == entry.cell }) else { return nil }
        var request = Self.request(
            CorpusText(id: entry.id, text: entry.text, language: entry.language, line: entry.line), in: cell)
        request.scale = scale
        guard let collapsed = try? renderer.render(request, state: .collapsed),
            let expanded = try? renderer.render(request, state: .expanded)
        else { return nil }
        return (collapsed.png, expanded.png)
    }

    private func cut(_ text: CorpusText, in cell: ScanMatrix.Cell) -> ScanCase {
        var scan = ScanCase(id: text.id, line: text.line, cell: cell.key)
        do {
            let request = Self.request(text, in: cell)
            guard let cut = try renderer.cut(request) else {
                return try scrolled(text, request: request, into: scan)
            }
            let truncation = cut.truncation
            let scalars = Array(cut.plainText.unicodeScalars)
            let kept = min(scalars.count, truncation.cutIndex)
            scan.characters = max(0, scalars.count - cut.prefix)
            scan.truncated = truncation.truncated
            scan.kept = truncation.truncated ? max(0, kept - cut.prefix) : scan.characters
            scan.lines = truncation.lineCount
            scan.suffixWraps = truncation.suffixWraps
            scan.characterCut = truncation.truncated && cell.template.body.cut == .word && Self.isInsideWord(scalars, at: kept)
            scan.unknownGlyphs = truncation.unknownGlyphs
            scan.fonts = truncation.fonts
            scan.fallbackRuns = cut.fallbackRuns.prefix(ScanCase.maximumFallbackRuns).map { run in
                var run = run
                if run.text.unicodeScalars.count > 80 {
                    run.text = String(String.UnicodeScalarView(run.text.unicodeScalars.prefix(80))) + "…"
                }
                return run
            }
            let ending = cell.template.suffix.placement == .inline ? cell.template.ellipsis + cell.template.suffix.text : ""
            scan.lints = CutLint.lints(
                text: cut.plainText, cutIndex: truncation.truncated ? kept : scalars.count,
                lines: truncation.lines, ending: ending, mixedFonts: cut.mixedFonts)
        } catch {
            scan.error = "\(error)"
        }
        return scan
    }

    /// A chat input's case: it scrolls, it is not cut; its lines and fonts as the card shows them.
    private func scrolled(_ text: CorpusText, request: CardRequest, into scan: ScanCase) throws -> ScanCase {
        var scan = scan
        let metadata = try renderer.measure(request)
        scan.characters = text.text.unicodeScalars.count
        scan.kept = scan.characters
        scan.truncated = metadata.truncated
        scan.lines = metadata.lineCount
        scan.unknownGlyphs = metadata.unknownGlyphs
        scan.fonts = metadata.fonts
        scan.lints = CutLint.lints(
            text: text.text, cutIndex: scan.characters, lines: metadata.lines, ending: "", mixedFonts: metadata.mixedFonts)
        return scan
    }

    /// Whether a cut before `index` falls between two letters or digits of a script written with
    /// spaces: a word broken where no word fitted.
    static func isInsideWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, index < scalars.count else { return false }
        func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
            guard !UnspacedScript.contains(scalar) else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                return true
            default: return false
            }
        }
        return isWordPart(scalars[index - 1]) && isWordPart(scalars[index])
    }
}
