import SeeMoreSupport
import SeeMoreText

/// Lays out a card in points: header, body cut by the layout engine, suffix where the template puts it.
struct CardPlanner {
    package let engine: LayoutEngine
    let request: CardRequest
    /// Whether the expanded body's visible line widths are measured (`CardRenderer.measure`'s
    /// `lineWidths`); a picture never needs them.
    var measuresLineWidths = false
    let theme: CardTemplate.Theme
    /// The card's chrome is laid out right to left (the request's `layoutDirection`, else the text's
    /// direction): the avatar, the header and a link below sit at the right.
    let rightToLeft: Bool
    /// The text reads right to left (its first paragraph, as Pango resolves the body's direction).
    let textRightToLeft: Bool
    /// The body text as laid out around its entities: links shortened (`body.urls: short`), each
    /// entity isolated in a text that holds right-to-left characters (`ShownEntities`); nil shows the
    /// text as written (markup, or no entities).
    let shown: ShownEntities?
    /// The text's entities: given, or found by the template's rules, and marked.
    let entities: [TextEntity]

    var template: CardTemplate { request.template }
    /// The template's header line with the request's author in it; nil without one, or when the
    /// name goes inline before the text (`inlineName`).
    private var header: CardTemplate.Header? {
        guard var header = template.header, header.placement == .line else { return nil }
        if let name = request.author?.displayName { header.displayName = name }
        if let handle = request.author?.handle { header.handle = handle }
        return header
    }
    /// The display name drawn in bold before the text (`header.placement: inline`).
    private var inlineName: String? {
        guard let header = template.header, header.placement == .inline else { return nil }
        return request.author?.displayName ?? header.displayName
    }
    /// How many characters the inline name and its space put before the text.
    private var inlineShift: Int {
        guard let name = inlineName, !name.isEmpty else { return 0 }
        return name.unicodeScalars.count + 1
    }
    /// The template's avatar with the author's picture in it (beside a header line only).
    private var avatar: Avatar? {
        guard var avatar = template.avatar, header != nil else { return nil }
        if let picture = request.author?.avatar { avatar.image = picture }
        return avatar
    }
    private var padding: CardTemplate.Insets { template.card.padding }
    private var width: Double { request.cardWidth }
    /// How far an avatar beside the header pushes the header and the text in from the leading edge.
    private var indent: Double {
        guard let avatar, avatar.placement == .beside else { return 0 }
        return avatar.size + avatar.spacing
    }
    var contentWidth: Double { width - padding.left - padding.right - indent }
    /// The left edge of the header and the text (the avatar is at the right in right-to-left text).
    var contentLeft: Double { padding.left + (rightToLeft ? 0 : indent) }
    var linkPaint: TextPaint { TextPaint(color: theme.link ?? theme.suffix, underline: template.links.underline) }
    var suffixPaint: TextPaint {
        TextPaint(color: request.suffixColor ?? theme.suffix, underline: template.suffix.underline)
    }

    init(engine: LayoutEngine, request: CardRequest) throws {
        guard let theme = request.template.themes[request.theme] else {
            throw CardError.unknownTheme(
                request.theme, template: request.template.name, available: request.template.themes.keys.sorted())
        }
        guard CardLimits.widthProblem(request.cardWidth) == nil else {
            throw CardError.invalidWidth(request.cardWidth)
        }
        let padding = request.template.card.padding
        let beside = request.template.avatar.map { $0.placement == .beside ? $0.size + $0.spacing : 0 } ?? 0
        guard request.cardWidth - padding.left - padding.right - beside > 1 else {
            throw CardError.tooNarrow(width: request.cardWidth, padding: padding.left + padding.right + beside)
        }
        self.engine = engine
        self.request = request
        self.theme = theme
        var probe = TruncationRequest(text: request.text, width: 100)
        probe.markup = request.markup
        probe.direction = request.direction ?? request.template.body.direction
        self.textRightToLeft = try engine.isRightToLeft(probe)
        self.rightToLeft = request.layoutDirection.map { $0 == .rtl } ?? textRightToLeft
        let body = request.template.body
        let links = request.template.links
        // The card finds the entities itself, by the template's rules (in a markup text's plain text).
        var entities =
            try request.entities
            ?? (links.detect
                ? TextEntity.find(in: request.markup ? engine.plainText(probe) : request.text, rules: links.rules) : [])
        if !request.markedEntities.isEmpty {
            entities = (entities + request.markedEntities).sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
        self.entities = entities
        if !request.markup {
            let shown = ShownEntities(request.text, entities: entities, urlLength: body.urls == .short ? body.urlLength : nil)
            self.shown = shown.isUnchanged ? nil : shown
        } else {
            shown = nil
        }
    }

    /// The body's layout request; `suffix` is what sits inline after the ellipsis.
    func bodyRequest(suffix: String) -> TruncationRequest {
        var text = shown?.text ?? request.text
        var markup = request.markup
        var entities = shown?.entities ?? self.entities
        if let name = inlineName, !name.isEmpty {
            // The name in bold, then the text: one paragraph, cut as one.
            text = "<b>" + Self.markupEscaped(name) + "</b> " + (markup ? text : Self.markupEscaped(text))
            markup = true
            let shift = inlineShift
            entities = entities.map {
                TextEntity(kind: $0.kind, range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift))
            }
        }
        var body = TruncationRequest(
            text: text, font: request.font ?? template.body.font, width: contentWidth,
            lines: request.lines ?? (template.kind == .input ? template.field.maxLines : template.body.lines),
            ellipsis: request.ellipsis ?? template.ellipsis, suffix: suffix, suffixFont: template.suffix.font,
            cutMode: template.body.cut)
        body.markup = markup
        body.gap = template.ending.gap
        body.trimPunctuation = template.ending.trimPunctuation
        body.lineHeight = template.body.lineHeight
        body.hyphens = template.body.hyphens
        body.direction = request.direction ?? template.body.direction
        // An inline name must not decide the paragraph's direction: the text's first one does.
        if inlineName != nil && body.direction == .auto { body.direction = textRightToLeft ? .rtl : .ltr }
        body.lineBreak = template.body.lineBreak
        body.wordBreak = template.body.wordBreak
        body.keepsEntitiesWhole = template.body.keepsEntitiesWhole
        body.spacesInFirstFamily = template.body.spacesInFirstFamily
        body.language = request.language ?? template.body.lang
        body.entities = entities
        body.entityWeight = template.links.weight
        body.fullCountLimit = 0  // a card never shows the full line count
        return body
    }

    /// `text` with Pango markup's special characters written as entities.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Paints `drawn` (the start of the body's plain text) as the body with its links colored, and
    /// records where they are, each with its whole text (a shortened link's as written).
    private func paintBody(
        _ body: TruncationRequest, drawn: String, ending: (ellipsis: String, suffix: String, isolated: Bool)?,
        origin: Point, to plan: inout CardPlan
    ) throws -> PaintedText {
        let painted = try engine.paintLayout(body, text: drawn, ending: ending, paint: suffixPaint, links: linkPaint)
        if ending != nil { plan.endingStarts[ObjectIdentifier(painted.layout)] = drawn.utf8.count }
        var written: [Int: String] = [:]
        var isolates = Set<Int>()
        if let shown {
            for (entity, whole) in zip(shown.entities, shown.wholeTexts) {
                written[entity.range.lowerBound + inlineShift] = whole
            }
            isolates = Set(shown.insertedBytes(in: drawn, offset: inlineShift).map(\.lowerBound))
        }
        plan.entities = painted.entities.map { entity in
            // Reported without its isolates: the characters of the metadata's `kept`, the ink's rects.
            let width = ShownEntities.isolateBytes
            var bytes = entity.bytes
            if isolates.contains(bytes.lowerBound) {
                bytes = (bytes.lowerBound + width)..<max(bytes.lowerBound + width, bytes.upperBound)
            }
            if bytes.count >= width, isolates.contains(bytes.upperBound - width) {
                bytes = bytes.lowerBound..<(bytes.upperBound - width)
            }
            let range = entity.range
            let shift = (
                lower: shown?.insertedCount(before: range.lowerBound, offset: inlineShift) ?? 0,
                upper: shown?.insertedCount(before: range.upperBound, offset: inlineShift) ?? 0
            )
            return CardEntity(
                kind: entity.kind, text: written[entity.range.lowerBound] ?? entity.text,
                range: (range.lowerBound - shift.lower)..<max(range.lowerBound - shift.lower, range.upperBound - shift.upper),
                rects: painted.layout.rects(perLineOf: bytes).map { $0.offsetBy(x: origin.x, y: origin.y) })
        }
        return painted
    }

    /// `laidOut` (the start of the body's plain text) as the metadata shows it: without the isolates
    /// the card put around entities.
    private func reported(_ laidOut: String) -> String {
        shown?.withoutInserted(laidOut, offset: inlineShift) ?? laidOut
    }

    /// The lines of `painted` (of `drawn`, the start of the body's plain text) as drawn, without
    /// invisible marks and isolates.
    private func reportedLines(_ painted: PaintedText, drawn: String) -> [String] {
        painted.lines(alsoHiding: shown?.insertedBytes(in: drawn, offset: inlineShift) ?? [])
    }

    var suffixText: String { request.suffix ?? template.suffix.text }

    /// The collapsed body's layout request: the suffix in it when it goes inline after the ellipsis.
    var collapsedBody: TruncationRequest {
        bodyRequest(suffix: template.suffix.placement == .inline ? suffixText : "")
    }

    /// What the collapsed body ends in after a cut: the ellipsis and the inline suffix (empty when
    /// the suffix goes below), isolated; nothing over a fade (`overlay`) or when the text fits.
    func collapsedEnding(_ body: TruncationRequest, truncated: Bool) -> (
        ellipsis: String, suffix: String, isolated: Bool
    )? {
        truncated && template.suffix.placement != .overlay ? (body.ellipsis, body.suffix, true) : nil
    }

    /// `body` (`collapsedBody`) cut as the collapsed card cuts it, described from the cut's own
    /// layouts (no layout made to paint it), with the plain text it was cut from (links shortened, an
    /// inline name before it) and how many characters of it come before the text itself. Nil for a
    /// chat input, which scrolls rather than cuts.
    /// Over a fade the truncation's `kept` and `lines` are what a reader sees; `drawn` is the text drawn
    /// under the fade too (the layout's).
    func cut(_ body: TruncationRequest) throws -> (truncation: Truncation, plainText: String, prefix: Int, drawn: String)? {
        guard template.kind == .card else { return nil }
        guard template.suffix.placement == .overlay else {
            let truncation = try engine.truncate(body)
            return (truncation, try engine.plainText(body), inlineShift, truncation.kept)
        }
        var truncation = try engine.clamp(body)
        let drawn = truncation.kept
        // Over a fade, the text the card shows ends where the fade hides it (as `addBody` reports it).
        if truncation.truncated {
            let painted = try engine.paintLayout(body, text: truncation.kept, ending: nil, paint: suffixPaint, links: linkPaint)
            if let overlay = try overlay(over: painted.layout, origin: Point(x: 0, y: 0)),
                let seen = overlay.seenEnd(of: painted.layout, origin: Point(x: 0, y: 0))
            {
                truncation.kept = Self.trimmedTrailingSpace(String(decoding: truncation.kept.utf8.prefix(seen), as: UTF8.self))
                truncation.cutIndex = truncation.kept.unicodeScalars.count
                truncation.lines = painted.lines(alsoHiding: [seen..<drawn.utf8.count])
            }
        }
        return (truncation, try engine.plainText(body), inlineShift, drawn)
    }

    /// Where `cut`, the cut of `body` drawing `drawn` (its kept text, or over a fade all the text drawn
    /// under it), draws its collapsed text in fonts it did not ask for (the
    /// fallback runs, the words in more than one font), from one layout of it as the card paints it
    /// (its links styled; no search again).
    func fontMixing(of cut: Truncation, drawn: String, body: TruncationRequest, requested: [String]) throws -> FontMixing {
        let ending = collapsedEnding(body, truncated: cut.truncated)
        let painted = try engine.paintLayout(body, text: drawn, ending: ending, paint: suffixPaint, links: linkPaint)
        // The fonts of its items: the layout's attributes are set, its lines never needed.
        return FontMixing(
            text: painted.layout.textBytes, runs: painted.layout.itemFontRuns(), requested: requested,
            wordBreaks: ending != nil ? [drawn.utf8.count] : [])
    }

    func plan(_ state: CardState) throws -> CardPlan {
        var plan = CardPlan(width: width, height: 0)
        var y = padding.top
        var avatarBottom = 0.0
        if let header {
            if let avatar {
                let x = rightToLeft ? width - padding.right - avatar.size : padding.left
                try addAvatar(avatar, header: header, rect: Rect(x: x, y: y, width: avatar.size, height: avatar.size), to: &plan)
                if avatar.placement == .above { y += avatar.size + avatar.spacing } else { avatarBottom = y + avatar.size }
            }
            y = try addHeader(header, at: y, to: &plan) + header.spacing
        }
        switch template.kind {
        case .card: y = try addBody(state, at: y, to: &plan)
        case .input: y = try addInput(state, at: y, to: &plan)
        }
        plan.height = (max(y, avatarBottom) + padding.bottom).rounded(.up)
        let body = bodyRequest(suffix: suffixText)
        // Each font looked up in the language of the text it sets, as its layouts loaded it.
        var fonts = [body.font, body.suffixFont].compactMap { $0 }.map {
            ($0, body.language?.rawValue ?? TextLanguage.guess(body.text))
        }
        if let header {
            let language = TextLanguage.guess(header.displayName)
            fonts += ([header.font] + (header.handleFont.map { [$0] } ?? [])).map { ($0, language) }
        }
        for (font, language) in fonts {
            if let substitution = try engine.substitution(for: font, language: language),
                !plan.fontSubstitutions.contains(substitution)
            {
                plan.fontSubstitutions.append(substitution)
            }
        }
        return plan
    }

    /// The avatar in `rect`: its picture, or the display name's initials centered on the theme's
    /// avatar color, in the header's font at 40% of the avatar's size.
    private func addAvatar(_ avatar: Avatar, header: CardTemplate.Header, rect: Rect, to plan: inout CardPlan) throws {
        let background = theme.avatar ?? theme.suffix
        plan.items.append(
            .avatar(rect, shape: avatar.shape, cornerRadius: avatar.cornerRadius, image: avatar.image, color: background))
        plan.avatarRect = rect
        let initials = Avatar.initials(of: header.displayName)
        guard avatar.image == nil, !initials.isEmpty else { return }
        let font = try FontDescription("Bold \(JSONValue.format(avatar.size * 0.4))").merged(
            onto: try FontDescription(header.font))
        let request = TruncationRequest(text: initials, font: font.string, width: TruncationRequest.maximumWidth)
        let layout = try engine.paintLayout(request, text: initials, ending: nil, paint: nil).layout
        // As wide as the initials: right-to-left ones would go to the right end of the request's width.
        layout.setUnwrapped()
        let size = layout.logicalSize
        let box = layout.lineBoxes.first.map { $0.bottom - $0.top } ?? size.height
        let origin = Point(x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - box) / 2)
        plan.items.append(.text(layout, origin: origin, color: theme.avatarText ?? theme.background))
    }

    /// Each line's box of `layout` drawn at `origin`, `width` wide.
    static func boxes(of layout: Layout, origin: Point, width: Double, lines: Range<Int>? = nil) -> [Rect] {
        let extents = layout.lineExtents
        let shown = lines.map { Array(extents[$0.clamped(to: 0..<extents.count)]) } ?? extents
        return shown.map { Rect(x: origin.x, y: origin.y + $0.top, width: width, height: $0.bottom - $0.top) }
    }

    /// The body text in `state`, with the suffix where the template puts it; returns the y below it.
    private func addBody(_ state: CardState, at y: Double, to plan: inout CardPlan) throws -> Double {
        let placement = template.suffix.placement
        let body = collapsedBody
        let cut = try engine.kept(body, clamped: placement == .overlay)
        let origin = Point(x: contentLeft, y: y)
        var bottom = y
        switch state {
        case .collapsed:
            let ending = collapsedEnding(body, truncated: cut.truncated)
            let painted = try paintBody(body, drawn: cut.kept, ending: ending, origin: origin, to: &plan)
            plan.items.append(.text(painted.layout, origin: origin, color: theme.text))
            plan.lineBoxes = Self.boxes(of: painted.layout, origin: origin, width: contentWidth)
            plan.truncated = cut.truncated
            plan.kept = reported(cut.kept)
            plan.lines = reportedLines(painted, drawn: cut.kept)
            plan.suffix = painted.suffixRects(keptBytes: cut.kept.utf8.count)?.offsetBy(x: origin.x, y: origin.y)
            bottom = y + painted.layout.logicalSize.height
            if cut.truncated && placement == .below {
                bottom = try addLink(suffixText, below: bottom, to: &plan)
            }
            if cut.truncated && placement == .overlay, let overlay = try overlay(over: painted.layout, origin: origin) {
                add(overlay, to: &plan)
                // What the fade and the label cover is not reported as shown.
                if let seen = overlay.seenEnd(of: painted.layout, origin: origin) {
                    let drawn = cut.kept.utf8.count
                    plan.kept = reported(Self.trimmedTrailingSpace(String(decoding: cut.kept.utf8.prefix(seen), as: UTF8.self)))
                    plan.lines = painted.lines(
                        alsoHiding: (shown?.insertedBytes(in: cut.kept, offset: inlineShift) ?? []) + [seen..<drawn])
                }
            }
        case .expanded:
            let whole = try engine.expandedText(body)
            let lessInline = cut.truncated && placement == .inline ? template.expandedSuffix : nil
            let painted = try paintBody(
                body, drawn: whole, ending: lessInline.map { ("", $0, true) }, origin: origin, to: &plan)
            plan.items.append(.text(painted.layout, origin: origin, color: theme.text))
            plan.lineBoxes = Self.boxes(of: painted.layout, origin: origin, width: contentWidth)
            if measuresLineWidths { plan.lineWidths = painted.layout.visibleLineWidths }
            plan.kept = reported(whole)
            plan.lines = reportedLines(painted, drawn: whole)
            plan.suffix = painted.suffixRects(keptBytes: whole.utf8.count)?.offsetBy(x: origin.x, y: origin.y)
            bottom = y + painted.layout.logicalSize.height
            if cut.truncated && placement != .inline, let less = template.expandedSuffix {
                bottom = try addLink(less, below: bottom, to: &plan)
            }
        }
        return bottom
    }

    /// A link on its own line below the text ("Show more"); returns the y below it.
    private func addLink(_ text: String, below y: Double, to plan: inout CardPlan) throws -> Double {
        let top = y + template.suffix.spacing
        let painted = try engine.paintLayout(bodyRequest(suffix: text), text: "", ending: ("", text, false), paint: suffixPaint)
        if rightToLeft { painted.layout.alignToRight() }
        plan.items.append(.text(painted.layout, origin: Point(x: contentLeft, y: top), color: suffixPaint.color))
        plan.suffix = painted.suffixRects(keptBytes: 0)?.offsetBy(x: contentLeft, y: top)
        return top + painted.layout.logicalSize.height
    }

    /// A chat input: the whole text as a text view holds it (trailing line breaks make it taller, as the
    /// caret's line counts) or the placeholder when it is empty, at most `maxLines` lines tall when
    /// collapsed and then scrolled to its end; returns the y below it.
    private func addInput(_ state: CardState, at y: Double, to plan: inout CardPlan) throws -> Double {
        let body = bodyRequest(suffix: "")
        let whole = try engine.expandedText(body, trimmed: false)
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
        // The placeholder laid out alone; the text with its links, mentions and hashtags styled.
        let layout: Layout
        var entities: [CardEntity] = []
        if isEmpty {
            layout = try engine.paintLayout(request, text: text, ending: nil, paint: nil).layout
        } else {
            var unscrolled = CardPlan(width: width, height: 0)
            layout = try paintBody(request, drawn: text, ending: nil, origin: Point(x: 0, y: 0), to: &unscrolled).layout
            entities = unscrolled.entities
        }
        let extents = layout.lineExtents
        let lineCount = max(extents.count, 1)
        let limit = state == .collapsed ? body.lines : lineCount
        let visible = min(lineCount, limit)
        let first = lineCount - visible
        let top = extents.isEmpty ? 0 : extents[first].top
        // Tap targets on the lines shown, where they are drawn.
        let origin = Point(x: padding.left, y: y - top)
        plan.entities = entities.compactMap { entity in
            var entity = entity
            entity.rects = entity.rects.filter { $0.y + $0.height > top }.map { $0.offsetBy(x: origin.x, y: origin.y) }
            return entity.rects.isEmpty ? nil : entity
        }
        let bottom = extents.isEmpty ? layout.logicalSize.height : extents[lineCount - 1].bottom
        // Lines scrolled out are not drawn; the visible ones keep all their ink (marks above the first
        // line, descenders below the last) inside the field's border.
        let border = template.card.borderWidth
        let fieldBottom = y + bottom - top + padding.bottom
        let interior = Rect(x: border, y: border, width: width - 2 * border, height: max(0, fieldBottom - 2 * border))
        plan.items.append(.text(layout, origin: origin, color: color, clip: interior, lines: first..<lineCount))
        plan.lineBoxes = Self.boxes(
            of: layout, origin: origin, width: width - padding.left - padding.right,
            lines: first..<lineCount)
        plan.truncated = visible < lineCount
        plan.kept = reported(whole)
        plan.lines =
            isEmpty
            ? [] : Array(layout.lineTexts(hiding: shown?.insertedBytes(in: whole, offset: inlineShift) ?? []).suffix(visible))
        return y + bottom - top
    }
}
