import SeeMoreCards
import SeeMoreScan
import SeeMoreSupport
import SeeMoreWeb

extension WebComparison {
    /// A differing case as both engines draw it: SeeMore's expanded card and the browser's block of
    /// the same text, each with the box of the first differing line (the break to look at).
    package struct Pictures: Sendable {
        /// The expanded card as PNG, its size in points, and the differing line's box in it.
        package var card: [UInt8]
        package var cardWidth: Double
        package var cardHeight: Double
        package var cardLine: Rect?
        /// The families SeeMore drew the card in, in order of first use.
        package var cardFonts: [String]
        /// The browser's block as PNG, its lines and the families it drew them in.
        package var web: WebLines.Picture
        package var webLine: Rect?
    }

    /// Draws `item` (a case `compare` made from `text`) in both engines at `scale` pixels a point, and
    /// adds to its evidence the families the browser drew in that SeeMore did not (which may change
    /// its kind to a fallback font).
    /// - Throws: what drawing the card throws; `Browser.Failure` or `WebLines.Failure` when the
    ///   browser fails. Nil for a case with no difference or no cell of this matrix.
    package func pictures(of item: inout Case, text: CorpusText, scale: Int) throws -> Pictures? {
        guard let line = item.firstDifference, let cell = matrix.cells.first(where: { $0.key == item.cell }) else {
            return nil
        }
        let ready = preparer.prepared(text, in: cell)
        guard let webRequest = ready.web else { return nil }
        var request = ScanCutter.request(text, in: cell)
        request.scale = scale
        let card = try preparer.renderer.render(request, state: .expanded)
        let web = try WebLines.picture(of: webRequest, scale: Double(scale), in: browser)
        let drawnBySeeMore = Set(card.metadata.fonts)
        item.evidence?.otherFamilies = web.fonts.filter { !drawnBySeeMore.contains($0) }
        let boxes = card.metadata.lineBoxes
        let widths = ready.ourWidths
        var cardLine: Rect? = nil
        if line < boxes.count, line < widths.count {
            // The line's characters: at its start edge, as wide as they are.
            let box = boxes[line]
            let rightToLeft = CompareReport.startsRightToLeft(item.ours[line])
            cardLine = Rect(
                x: rightToLeft ? box.x + box.width - widths[line] : box.x, y: box.y, width: widths[line], height: box.height)
        }
        return Pictures(
            card: card.png, cardWidth: card.metadata.width, cardHeight: card.metadata.height,
            cardLine: cardLine, cardFonts: card.metadata.fonts, web: web,
            webLine: line < web.lines.count ? web.lines[line].box : nil)
    }
}
