/// Lays out a card in points: header, body cut by the layout engine, suffix where the template puts it.
struct CardPlanner {
    let engine: LayoutEngine
    let request: CardRequest
    let theme: CardTemplate.Theme
    /// The text reads right to left: the header and a link below sit at the right, the trailing edge.
    let rightToLeft: Bool

    private var template: CardTemplate { request.template }
    private var padding: CardTemplate.Insets { template.card.padding }
    private var width: Double { request.cardWidth }
    private var contentWidth: Double { width - padding.left - padding.right }
    private var suffixPaint: SuffixPaint {
        SuffixPaint(color: request.suffixColor ?? theme.suffix, underline: template.suffix.underline)
    }

    init(engine: LayoutEngine, request: CardRequest) throws {
        guard let theme = request.template.themes[request.theme] else {
            throw CardError.unknownTheme(
                request.theme, template: request.template.name, available: request.template.themes.keys.sorted())
        }
        guard request.cardWidth > 0, request.cardWidth <= TruncationRequest.maximumWidth else {
            throw CardError.invalidWidth(request.cardWidth)
        }
        let padding = request.template.card.padding
        guard request.cardWidth - padding.left - padding.right > 1 else {
            throw CardError.tooNarrow(width: request.cardWidth, padding: padding.left + padding.right)
        }
        self.engine = engine
        self.request = request
        self.theme = theme
        var probe = TruncationRequest(text: request.text, width: 100)
        probe.markup = request.markup
        self.rightToLeft = try engine.isRightToLeft(probe)
    }

    /// The body's layout request; `suffix` is what sits inline after the ellipsis.
    private func bodyRequest(suffix: String) -> TruncationRequest {
        var body = TruncationRequest(
            text: request.text, font: request.font ?? template.body.font, width: contentWidth,
            lines: request.lines ?? (template.kind == .input ? template.field.maxLines : template.body.lines),
            ellipsis: request.ellipsis ?? template.ellipsis, suffix: suffix, suffixFont: template.suffix.font,
            cutMode: template.body.cut)
        body.markup = request.markup
        body.lineHeight = template.body.lineHeight
        body.fullCountLimit = 0  // a card never shows the full line count
        return body
    }

    private var suffixText: String { request.suffix ?? template.suffix.text }

    func plan(_ state: CardState) throws -> CardPlan {
        var plan = CardPlan(width: width, height: 0)
        var y = padding.top
        if let header = template.header {
            y = try addHeader(header, at: y, to: &plan) + header.spacing
        }
        switch template.kind {
        case .card: y = try addBody(state, at: y, to: &plan)
        case .input: y = try addInput(state, at: y, to: &plan)
        }
        plan.height = (y + padding.bottom).rounded(.up)
        let body = bodyRequest(suffix: suffixText)
        for font in [body.font, body.suffixFont].compactMap({ $0 }) + headerFonts() {
            if let substitution = try engine.substitution(for: font), !plan.fontSubstitutions.contains(substitution) {
                plan.fontSubstitutions.append(substitution)
            }
        }
        return plan
    }

    private func headerFonts() -> [String] {
        guard let header = template.header else { return [] }
        return [header.font] + (header.handleFont.map { [$0] } ?? [])
    }

    /// The display name and handle on one line; returns the y below it.
    private func addHeader(_ header: CardTemplate.Header, at y: Double, to plan: inout CardPlan) throws -> Double {
        var request = TruncationRequest(text: header.displayName, font: header.font, width: contentWidth)
        request.suffixFont = header.handleFont ?? "Normal"
        let layout = try engine.paintLayout(
            request, text: header.displayName + " ", ending: ("", header.handle),
            paint: SuffixPaint(color: theme.secondaryText, underline: false)
        ).layout
        layout.setSingleLineEllipsized()
        if rightToLeft { layout.alignToRight() }
        plan.items.append(.text(layout, origin: Point(x: padding.left, y: y), color: theme.text, clip: nil))
        return y + layout.logicalSize.height
    }

    /// The body text in `state`, with the suffix where the template puts it; returns the y below it.
    private func addBody(_ state: CardState, at y: Double, to plan: inout CardPlan) throws -> Double {
        let placement = template.suffix.placement
        let inlineSuffix = placement == .inline ? suffixText : ""
        let body = bodyRequest(suffix: inlineSuffix)
        let cut = placement == .overlay ? try engine.clamp(body) : try engine.truncate(body)
        let origin = Point(x: padding.left, y: y)
        var bottom = y
        switch state {
        case .collapsed:
            let ending = cut.truncated && placement != .overlay ? (body.ellipsis, inlineSuffix) : nil
            let (layout, suffixBytes) = try engine.paintLayout(body, text: cut.kept, ending: ending, paint: suffixPaint)
            plan.items.append(.text(layout, origin: origin, color: theme.text, clip: nil))
            plan.truncated = cut.truncated
            plan.kept = cut.kept
            plan.lines = layout.lineTexts
            plan.suffixRect = suffixBytes.flatMap { layout.rect(ofBytes: $0, scalars: inlineSuffix.unicodeScalars) }?
                .offsetBy(x: origin.x, y: origin.y)
            bottom = y + layout.logicalSize.height
            if cut.truncated && placement == .below {
                bottom = try addLink(suffixText, below: bottom, to: &plan)
            }
            if cut.truncated && placement == .overlay {
                try addOverlay(over: layout, origin: origin, to: &plan)
            }
        case .expanded:
            let whole = try engine.expandedText(body)
            let lessInline = cut.truncated && placement == .inline ? template.expandedSuffix : nil
            let (layout, suffixBytes) = try engine.paintLayout(
                body, text: whole, ending: lessInline.map { ("", $0) }, paint: suffixPaint)
            plan.items.append(.text(layout, origin: origin, color: theme.text, clip: nil))
            plan.kept = whole
            plan.lines = layout.lineTexts
            plan.suffixRect = suffixBytes.flatMap { layout.rect(ofBytes: $0, scalars: (lessInline ?? "").unicodeScalars) }?
                .offsetBy(x: origin.x, y: origin.y)
            bottom = y + layout.logicalSize.height
            if cut.truncated && placement != .inline, let less = template.expandedSuffix {
                bottom = try addLink(less, below: bottom, to: &plan)
            }
        }
        return bottom
    }

    /// A link on its own line below the text ("Show more"); returns the y below it.
    private func addLink(_ text: String, below y: Double, to plan: inout CardPlan) throws -> Double {
        let top = y + template.suffix.spacing
        let (layout, suffixBytes) = try engine.paintLayout(
            bodyRequest(suffix: text), text: "", ending: ("", text), paint: suffixPaint)
        if rightToLeft { layout.alignToRight() }
        plan.items.append(.text(layout, origin: Point(x: padding.left, y: top), color: suffixPaint.color, clip: nil))
        plan.suffixRect = suffixBytes.flatMap { layout.rect(ofBytes: $0, scalars: text.unicodeScalars) }?
            .offsetBy(x: padding.left, y: top)
        return top + layout.logicalSize.height
    }

    /// The suffix over the bottom-trailing corner of the clamped text, on a fade of the background.
    private func addOverlay(over body: Layout, origin: Point, to plan: inout CardPlan) throws {
        let lines = body.lineExtents
        guard let last = lines.last else { return }
        let (suffix, suffixBytes) = try engine.paintLayout(
            bodyRequest(suffix: suffixText), text: "", ending: ("", suffixText), paint: suffixPaint)
        guard let suffixBytes, let local = suffix.rect(ofBytes: suffixBytes, scalars: suffixText.unicodeScalars),
            let suffixBaseline = suffix.lineExtents.first?.baseline
        else { return }
        let rightToLeft = body.lineIsRightToLeft(lines.count - 1)
        let suffixWidth = local.width
        let x = rightToLeft ? origin.x : origin.x + contentWidth - suffixWidth
        let y = origin.y + last.baseline - suffixBaseline
        let rect = local.offsetBy(x: x - local.x, y: y)
        let top = min(origin.y + last.top, rect.y)
        let bottom = max(origin.y + last.bottom, rect.y + rect.height)
        let fade = template.suffix.fadeWidth
        if rightToLeft {
            let end = x + suffixWidth + fade
            plan.items.append(
                .fade(
                    Rect(x: origin.x, y: top, width: end - origin.x, height: bottom - top),
                    startX: x + suffixWidth, startAlpha: 1, endX: end, endAlpha: 0.8))
        } else {
            let start = x - fade
            let right = origin.x + contentWidth
            plan.items.append(
                .fade(
                    Rect(x: start, y: top, width: right - start, height: bottom - top),
                    startX: start, startAlpha: 0.8, endX: x, endAlpha: 1))
        }
        plan.items.append(.text(suffix, origin: Point(x: x - local.x, y: y), color: suffixPaint.color, clip: nil))
        plan.suffixRect = rect
    }

    /// A chat input: the whole text (or the placeholder), at most `maxLines` lines tall when collapsed,
    /// scrolled to its end; returns the y below it.
    private func addInput(_ state: CardState, at y: Double, to plan: inout CardPlan) throws -> Double {
        let body = bodyRequest(suffix: "")
        let whole = try engine.expandedText(body)
        let isEmpty = whole.isEmpty
        var text = whole
        var color = theme.text
        var request = body
        if isEmpty {
            text = template.field.placeholder
            color = theme.placeholder ?? theme.secondaryText
            request.text = text
            request.markup = false
        }
        let (layout, _) = try engine.paintLayout(request, text: text, ending: nil, paint: nil)
        let extents = layout.lineExtents
        let lineCount = max(extents.count, 1)
        let limit = state == .collapsed ? body.lines : lineCount
        let visible = min(lineCount, limit)
        let first = lineCount - visible
        let top = extents.isEmpty ? 0 : extents[first].top
        let bottom = extents.isEmpty ? layout.logicalSize.height : extents[lineCount - 1].bottom
        let clip = Rect(x: 0, y: y, width: width, height: bottom - top)
        plan.items.append(.text(layout, origin: Point(x: padding.left, y: y - top), color: color, clip: clip))
        plan.truncated = visible < lineCount
        plan.kept = whole
        plan.lines = isEmpty ? [] : Array(layout.lineTexts.suffix(visible))
        return y + bottom - top
    }
}
