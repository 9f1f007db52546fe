import SeeMoreCards
import SeeMoreText

/// Cuts one text in every cell of a matrix and says how each cut reads: the work `seemore scan` does
/// per text, in one process or in each worker. The card is laid out, never painted.
public final class ScanCutter {
    public let matrix: ScanMatrix
    private let renderer: CardRenderer
    private let cells: [ScanMatrix.Cell]

    /// - Throws: `FontFilesError` for a file that holds no font; `PangoError` when Pango fails.
    public init(matrix: ScanMatrix) throws {
        self.matrix = matrix
        renderer = try CardRenderer(fonts: matrix.fontFiles)
        cells = matrix.cells
    }

    /// The text's case in every cell, in the matrix's order.
    public func cases(of text: CorpusText) -> [ScanCase] {
        cells.map { cut(text, in: $0) }
    }

    /// The card request of `text` in `cell`, as the gallery paints it.
    public static func request(_ text: CorpusText, in cell: ScanMatrix.Cell) -> CardRequest {
        var request = CardRequest(text: text.text, template: cell.template, width: cell.width, font: cell.font)
        request.language = text.language
        return request
    }

    /// A gallery case's collapsed and expanded pictures as PNG; nil when its template is not in the
    /// matrix or it cannot be drawn (an expanded card taller than a picture may be).
    public func pictures(of entry: ScanGallery.Entry, scale: Int) -> (collapsed: [UInt8], expanded: [UInt8])? {
        guard let cell = cells.first(where: { $0.key == entry.cell }) else { return nil }
        var request = Self.request(CorpusText(id: entry.id, text: entry.text, language: entry.language, line: entry.line), in: cell)
        request.scale = scale
        guard let collapsed = try? renderer.render(request, state: .collapsed),
            let expanded = try? renderer.render(request, state: .expanded)
        else { return nil }
        return (collapsed.png, expanded.png)
    }

    private func cut(_ text: CorpusText, in cell: ScanMatrix.Cell) -> ScanCase {
        var scan = ScanCase(id: text.id, line: text.line, cell: cell.key)
        let drawn = Self.drawnText(text.text, template: cell.template)
        let scalars = Array(drawn.text.unicodeScalars)
        scan.characters = scalars.count - drawn.prefix
        do {
            let metadata = try renderer.measure(Self.request(text, in: cell))
            let kept = min(scalars.count, metadata.kept.unicodeScalars.count)
            scan.truncated = metadata.truncated
            scan.kept = metadata.truncated ? max(0, kept - drawn.prefix) : scan.characters
            scan.lines = metadata.lineCount
            scan.suffixWraps = metadata.truncated && metadata.suffixRects.count > 1
            scan.characterCut = metadata.truncated && cell.template.body.cut == .word && Self.isInsideWord(scalars, at: kept)
            scan.unknownGlyphs = metadata.unknownGlyphs
            scan.fonts = metadata.fonts
            let ending = cell.template.suffix.placement == .inline ? cell.template.ellipsis + cell.template.suffix.text : ""
            scan.lints = CutLint.lints(
                text: drawn.text, cutIndex: metadata.truncated ? kept : scalars.count, lines: metadata.lines.map(Self.visible),
                ending: Self.visible(ending), mixedFonts: metadata.mixedFonts)
        } catch {
            scan.error = "\(error)"
        }
        return scan
    }

    /// The text as the card's body draws it (links shortened where the template says so, an inline
    /// name before it), and how many characters of it come before the text itself.
    static func drawnText(_ text: String, template: CardTemplate) -> (text: String, prefix: Int) {
        var drawn = text
        if template.body.urls == .short, template.links.detect {
            drawn = URLDisplay.shortening(text, entities: TextEntity.find(in: text), length: template.body.urlLength).text
        }
        if let header = template.header, header.placement == .inline, !header.displayName.isEmpty {
            return (header.displayName + " " + drawn, header.displayName.unicodeScalars.count + 1)
        }
        return (drawn, 0)
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

    /// A line as a reader sees it: without the invisible bidi marks and isolates put around an ending.
    static func visible(_ line: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: line.unicodeScalars.filter { $0.properties.generalCategory != .format || $0 == "\u{200D}" })
        return String(view)
    }
}
