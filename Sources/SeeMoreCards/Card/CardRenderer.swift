import SeeMoreImage
import SeeMoreText

/// Renders cards as PNG pictures with their metadata.
///
/// A renderer owns layout engines (a Pango font map and context each), so keep it on one thread;
/// make one renderer per worker thread.
///
/// It draws with the fonts it was made with; a card whose template names font files beyond them, or
/// whose request names its own fonts (a suite's), is drawn by an engine made for those fonts when
/// first needed and kept for the next such card (a few at most, the least recently used given up).
public final class CardRenderer {
    package let engine: LayoutEngine
    private var others: [(fonts: FontFiles, engine: LayoutEngine)] = []
    /// The families cards asked for (`requestedFamilies`), by their font descriptions: a scan asks for
    /// the same template's thousands of times.
    private var requested: [String: [String]] = [:]

    /// How many engines for other fonts a renderer keeps.
    static let otherEnginesKept = 4

    /// A renderer that draws with `fonts`: the machine's, or a design's own files.
    /// - Throws: `FontFilesError` for a file that holds no font; `PangoError` when Pango fails.
    public init(fonts: FontFiles = .system) throws {
        engine = try LayoutEngine(fonts: fonts)
    }

    /// The fonts it draws with unless a card asks for others.
    package var fonts: FontFiles { engine.fonts }

    /// The fonts `request` is drawn with: exactly its own when it names them; else these, with its
    /// template's files added when these lack them (hermetic when either is).
    package func fonts(for request: CardRequest) -> FontFiles {
        if let exact = request.fonts { return exact }
        return fonts.covers(request.template.fonts) ? fonts : fonts.merged(with: request.template.fonts)
    }

    /// Forgets what its engines measured of the words they cut (`LayoutEngine.forgetMeasuredWords`).
    package func forgetMeasuredWords() {
        engine.forgetMeasuredWords()
        for other in others { other.engine.forgetMeasuredWords() }
    }

    /// The engine that draws with `fonts`, made on first use.
    private func engine(for fonts: FontFiles) throws -> LayoutEngine {
        if fonts == engine.fonts { return engine }
        if let index = others.firstIndex(where: { $0.fonts == fonts }) {
            let kept = others.remove(at: index)
            others.append(kept)
            return kept.engine
        }
        let made = try LayoutEngine(fonts: fonts)
        if others.count == Self.otherEnginesKept { others.removeFirst() }
        others.append((fonts, made))
        return made
    }

    /// Draws one state of a card without encoding it.
    /// - Throws: as `render`, and `FontFilesError` when a template's own font files cannot be loaded.
    public func draw(_ request: CardRequest, state: CardState) throws -> (image: RGBAImage, metadata: CardMetadata) {
        try TextStack.serialized { try drawAlone(request, state: state) }
    }

    /// Renders one state of a card.
    /// - Throws: `CardError` (unknown theme, too narrow, too large, bad scale), `TruncationRequestError`
    ///   (bad markup, text too long to lay out whole), `CairoError` or `PNGCodec.CodecError`.
    public func render(_ request: CardRequest, state: CardState) throws -> RenderedCard {
        let (image, metadata) = try draw(request, state: state)
        return RenderedCard(state: state, png: try PNGCodec.encode(image, scale: Double(request.scale)), metadata: metadata)
    }

    /// What one state of a card shows, laid out but not painted: the facts a scan of a corpus reads
    /// for every text (`seemore scan`), at a fraction of a picture's cost. The pixel size is the one
    /// `draw` would give.
    /// - Throws: as `draw`.
    public func measure(_ request: CardRequest, state: CardState = .collapsed) throws -> CardMetadata {
        try measure(request, state: state, lineWidths: false)
    }

    /// `measure`, with the expanded body's visible line widths (`CardMetadata.lineWidths`) when
    /// `lineWidths`: what a comparison with a browser reads, and no picture or scan needs.
    package func measure(_ request: CardRequest, state: CardState, lineWidths: Bool) throws -> CardMetadata {
        try TextStack.serialized {
            guard CardLimits.scaleProblem(request.scale) == nil else { throw CardError.invalidScale(request.scale) }
            var planner = try CardPlanner(engine: try engine(for: fonts(for: request)), request: request)
            planner.measuresLineWidths = lineWidths
            let plan = try planner.plan(state)
            let scale = Double(request.scale)
            return Self.metadata(
                of: plan, planner: planner, request: request, requested: requestedFamilies(request),
                pixels: (Int((plan.width * scale).rounded(.up)), Int((plan.height * scale).rounded(.up))))
        }
    }

    /// How the collapsed card cuts its text, read off the cut's own layouts: as `measure` finds it,
    /// faster, for a scan of a corpus. The fallback runs and the words drawn in two fonts are found
    /// (from a layout as the card paints it) only when the text is drawn in two fonts or in one it
    /// did not ask for. Nil for a chat input.
    /// - Throws: as `draw`.
    public func cut(_ request: CardRequest) throws -> CardCut? {
        try TextStack.serialized {
            let planner = try CardPlanner(engine: try engine(for: fonts(for: request)), request: request)
            let body = planner.collapsedBody
            guard let (truncation, plainText, prefix, drawn) = try planner.cut(body) else { return nil }
            var cut = CardCut(truncation: truncation, plainText: plainText, prefix: prefix)
            let requested = requestedFamilies(request)
            let asked = Set(requested.map { $0.lowercased() })
            // A word can mix fonts only where there are two; a run is the fallback's only in a font not asked for.
            if truncation.fonts.count > 1 || truncation.fonts.contains(where: { !asked.contains($0.lowercased()) }) {
                let mixing = try planner.fontMixing(of: truncation, drawn: drawn, body: body, requested: requested)
                cut.mixedFonts = mixing.mixedWords
                cut.fallbackRuns = mixing.fallbackRuns
            }
            return cut
        }
    }

    private func drawAlone(_ request: CardRequest, state: CardState) throws -> (image: RGBAImage, metadata: CardMetadata) {
        guard CardLimits.scaleProblem(request.scale) == nil else { throw CardError.invalidScale(request.scale) }
        let engine = try engine(for: fonts(for: request))
        let planner = try CardPlanner(engine: engine, request: request)
        let plan = try planner.plan(state)
        let painter = CardPainter(template: request.template, theme: planner.theme, scale: request.scale)
        let image = try painter.paint(plan)
        let metadata = Self.metadata(
            of: plan, planner: planner, request: request, requested: requestedFamilies(request),
            pixels: (image.width, image.height))
        return (image, metadata)
    }

    private static func metadata(
        of plan: CardPlan, planner: CardPlanner, request: CardRequest, requested: [String], pixels: (width: Int, height: Int)
    ) -> CardMetadata {
        let metadata = CardMetadata(
            pixelWidth: pixels.width, pixelHeight: pixels.height, width: plan.width, height: plan.height,
            truncated: plan.truncated, kept: plan.kept, lineCount: plan.lines.count, lines: plan.lines,
            suffixRect: plan.suffix?.rect, suffixRects: plan.suffix?.perLine ?? [],
            hitRect: plan.suffix?.rect.map {
                CardMetadata.hitRect(
                    around: $0, cardWidth: plan.width, cardHeight: plan.height, rightToLeft: planner.textRightToLeft,
                    avoiding: plan.entities.flatMap(\.rects))
            },
            fonts: plan.fonts, fontFallback: !plan.fontSubstitutions.isEmpty, fontSubstitutions: plan.fontSubstitutions,
            unknownGlyphs: plan.unknownGlyphs, fontFiles: plan.fontFiles)
        var withBoxes = metadata
        withBoxes.lineBoxes = plan.lineBoxes
        withBoxes.lineWidths = plan.lineWidths
        withBoxes.headerRect = plan.headerRect
        withBoxes.avatarRect = plan.avatarRect
        let mixing = plan.fontMixing(requested: requested)
        withBoxes.fallbackRuns = mixing.fallbackRuns
        withBoxes.mixedFonts = mixing.mixedWords
        withBoxes.entities = plan.entities
        withBoxes.syntheticBold = plan.syntheticBold
        withBoxes.syntheticOblique = plan.syntheticOblique
        let body = planner.collapsedBody
        withBoxes.language = try? planner.engine.shapingLanguage(of: body)
        withBoxes.languageGuessed = body.language == nil
        withBoxes.textWidth = planner.contentWidth
        return withBoxes
    }

    /// The families a card asks for, body first (`requestedFamilies(of:)`); each set of descriptions is
    /// parsed once (at most 64 sets kept).
    private func requestedFamilies(_ request: CardRequest) -> [String] {
        let descriptions = Self.fontDescriptions(of: request)
        let key = descriptions.joined(separator: "\u{0}")
        if let known = requested[key] { return known }
        let families = Self.requestedFamilies(of: descriptions)
        if requested.count >= 64 { requested.removeAll() }
        requested[key] = families
        return families
    }

    /// A card's font descriptions: its body's, its suffix's and its header's, body first.
    private static func fontDescriptions(of request: CardRequest) -> [String] {
        let template = request.template
        var descriptions = [request.font ?? template.body.font]
        if let suffix = template.suffix.font { descriptions.append(suffix) }
        if let header = template.header { descriptions += [header.font] + [header.handleFont].compactMap { $0 } }
        return descriptions
    }

    /// The families `descriptions` name (a description may list several), in order, each once.
    private static func requestedFamilies(of descriptions: [String]) -> [String] {
        var families: [String] = []
        for description in descriptions {
            guard let family = (try? FontDescription(description))?.family else { continue }
            for name in family.split(separator: ",").map({ $0.trimmingWhitespace() })
            where !name.isEmpty && !families.contains(name) {
                families.append(name)
            }
        }
        return families
    }
}
