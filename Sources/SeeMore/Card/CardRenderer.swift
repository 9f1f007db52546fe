/// Renders cards as PNG pictures with their metadata.
///
/// A renderer owns a layout engine (a Pango font map and context), so keep it on one thread;
/// make one renderer per worker thread.
public final class CardRenderer {
    let engine: LayoutEngine

    public init() throws {
        engine = try LayoutEngine()
    }

    /// Renders one state of a card.
    /// - Throws: `CardError` (unknown theme, too narrow, too large, bad scale), `TruncationRequestError`
    ///   (bad markup, text too long to lay out whole), `CairoError` or `PNGCodec.CodecError`.
    public func render(_ request: CardRequest, state: CardState) throws -> RenderedCard {
        guard (1...3).contains(request.scale) else { throw CardError.invalidScale(request.scale) }
        let planner = try CardPlanner(engine: engine, request: request)
        let plan = try planner.plan(state)
        let painter = CardPainter(template: request.template, theme: planner.theme, scale: request.scale)
        let (png, pixelWidth, pixelHeight) = try painter.paint(plan)
        let metadata = CardMetadata(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, width: plan.width, height: plan.height,
            truncated: plan.truncated, kept: plan.kept, lineCount: plan.lines.count, lines: plan.lines,
            suffixRect: plan.suffixRect,
            hitRect: plan.suffixRect.map { CardMetadata.hitRect(around: $0, cardWidth: plan.width, cardHeight: plan.height) },
            fonts: plan.fonts, fontFallback: !plan.fontSubstitutions.isEmpty, fontSubstitutions: plan.fontSubstitutions,
            unknownGlyphs: plan.unknownGlyphs)
        return RenderedCard(state: state, png: png, metadata: metadata)
    }
}
