import SeeMoreSupport
import SeeMoreText

/// The suffix over the bottom-trailing corner of the clamped text, on a fade of the background
/// (`placement: overlay`), and what of the text a reader still sees through it.
extension CardPlanner {
    /// Where the label and the fade go over a clamped body.
    struct Overlay {
        /// The label's layout, drawn at `labelOrigin`.
        var label: Layout
        var labelOrigin: Point
        /// The label's rectangle on the card.
        var rect: Rect
        /// The faded background's rectangle and its opacity along x.
        var fadeRect: Rect
        var stops: [CardPlan.FadeStop]
        var rightToLeft: Bool

        /// Opacity above which the background hides the text under it: the fade's own start
        /// (`startOpacity`, 0.8 by default), where the text is no longer read but only sensed.
        static let hidingOpacity = 0.8

        /// The x where the fade starts to hide the text (its opacity passes `hidingOpacity`).
        var hidingEdge: Double {
            // Along the reading direction the stops go from transparent to opaque.
            let ordered = rightToLeft ? stops.reversed() : stops
            var previous = ordered.first ?? CardPlan.FadeStop(x: rect.x, alpha: 1)
            for stop in ordered {
                if stop.alpha > Self.hidingOpacity {
                    guard previous.alpha < stop.alpha, previous.alpha <= Self.hidingOpacity else { return stop.x }
                    let share = (Self.hidingOpacity - previous.alpha) / (stop.alpha - previous.alpha)
                    return previous.x + (stop.x - previous.x) * share
                }
                previous = stop
            }
            return rightToLeft ? rect.x + rect.width : rect.x
        }

        /// The byte of `body` (drawn at `origin`) where the text a reader sees ends: the first
        /// grapheme of the last line whose middle lies past `hidingEdge`; nil when every one is seen.
        func seenEnd(of body: Layout, origin: Point) -> Int? {
            let edge = hidingEdge
            let last = body.lineExtents.count - 1
            for grapheme in body.graphemes(inLine: last) {
                let middle = origin.x + grapheme.rect.x + grapheme.rect.width / 2
                if rightToLeft ? middle < edge : middle > edge { return grapheme.bytes.lowerBound }
            }
            return nil
        }
    }

    /// The label and fade over the last line of `body`, a layout of the clamped text at `origin`; nil
    /// when there is no line or no label.
    func overlay(over body: Layout, origin: Point) throws -> Overlay? {
        let lines = body.lineExtents
        guard let last = lines.last else { return nil }
        let rightToLeft = body.lineIsRightToLeft(lines.count - 1)
        var request = bodyRequest(suffix: suffixText)
        // The label reads in the direction of the line it covers: after right-to-left text the ".."
        // of " ..더보기" comes next to the faded text it follows, "더보기" at the outer edge.
        if rightToLeft { request.direction = .rtl }
        let painted = try engine.paintLayout(request, text: "", ending: ("", suffixText, false), paint: suffixPaint)
        let suffix = painted.layout
        guard let suffixBytes = painted.suffixBytes, let local = suffix.rect(ofBytes: suffixBytes),
            let suffixBaseline = suffix.lineExtents.first?.baseline
        else { return nil }
        let suffixWidth = local.width
        let x = rightToLeft ? origin.x : origin.x + contentWidth - suffixWidth
        let y = origin.y + last.baseline - suffixBaseline
        let rect = local.offsetBy(x: x - local.x, y: y)
        let top = min(origin.y + last.top, rect.y)
        let bottom = max(origin.y + last.bottom, rect.y + rect.height)
        let fade = template.suffix.fadeWidth
        let ramp = template.suffix.fade
        // Transparent → startOpacity over leadIn, startOpacity → opaque over the fade, opaque under the label.
        let stops: [CardPlan.FadeStop]
        if rightToLeft {
            let labelEnd = x + suffixWidth
            stops = [
                .init(x: labelEnd, alpha: 1), .init(x: labelEnd + fade, alpha: ramp.startOpacity),
                .init(x: labelEnd + fade + ramp.leadIn, alpha: 0),
            ]
        } else {
            stops = [
                .init(x: x - fade - ramp.leadIn, alpha: 0), .init(x: x - fade, alpha: ramp.startOpacity),
                .init(x: x, alpha: 1),
            ]
        }
        let left = rightToLeft ? origin.x : stops[0].x
        let right = rightToLeft ? stops[2].x : origin.x + contentWidth
        return Overlay(
            label: suffix, labelOrigin: Point(x: x - local.x, y: y), rect: rect,
            fadeRect: Rect(x: left, y: top, width: right - left, height: bottom - top), stops: stops, rightToLeft: rightToLeft)
    }

    /// Paints `overlay`: the fade, then the label. The entities' rects end where the fade starts to
    /// hide them; one wholly hidden is neither seen nor tapped, and not reported.
    func add(_ overlay: Overlay, to plan: inout CardPlan) {
        plan.items.append(.fade(overlay.fadeRect, stops: overlay.stops))
        plan.items.append(.text(overlay.label, origin: overlay.labelOrigin, color: suffixPaint.color))
        plan.suffix = SuffixRects(perLine: [overlay.rect], rect: overlay.rect)
        let edge = overlay.hidingEdge
        let line = overlay.fadeRect
        plan.entities = plan.entities.compactMap { entity in
            var entity = entity
            entity.rects = entity.rects.compactMap { part in
                guard part.y < line.y + line.height, line.y < part.y + part.height else { return part }
                let left = overlay.rightToLeft ? max(part.x, edge) : part.x
                let right = overlay.rightToLeft ? part.x + part.width : min(part.x + part.width, edge)
                return right > left ? Rect(x: left, y: part.y, width: right - left, height: part.height) : nil
            }
            return entity.rects.isEmpty ? nil : entity
        }
    }

    /// `text` without the white space at its end.
    static func trimmedTrailingSpace(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
