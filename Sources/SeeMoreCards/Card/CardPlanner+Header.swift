import SeeMoreSupport
import SeeMoreText

/// The header line of a card: the display name and the handle, shortened as X shortens them.
extension CardPlanner {
    /// The display name and handle on one line; returns the y below it.
    ///
    /// As X draws a post's header when it is too long for the card: the name is shortened first (to
    /// four em at the least), then the handle (to the same, or left out), and what follows the
    /// handle's first " · " (the time) is always kept; each shortened part ends in "…" at its own end.
    /// In a right-to-left card the line is mirrored, as iOS and Android draw a header in a
    /// right-to-left interface: the name at the trailing (right) edge, the handle and each " · " part
    /// to its left, each part isolated (FSI…PDI) so that "@seemo…" keeps its order and its "…".
    func addHeader(_ header: CardTemplate.Header, at y: Double, to plan: inout CardPlan) throws -> Double {
        let handleFont = header.handleFont ?? header.font
        var parts = header.handle.components(separatedBy: " · ")
        let handle = parts.isEmpty ? "" : parts.removeFirst()
        let trail = parts.isEmpty ? "" : " · " + parts.joined(separator: " · ")
        let fitted = try fittedHeader(
            name: header.displayName, handle: handle, trail: trail, font: header.font, handleFont: handleFont)
        var request = TruncationRequest(text: fitted.name, font: header.font, width: contentWidth)
        request.suffixFont = header.handleFont ?? "Normal"
        if rightToLeft { request.direction = .rtl }
        func shown(_ part: String) -> String { rightToLeft ? "\u{2068}" + part + "\u{2069}" : part }
        let name = shown(fitted.name) + " "
        // The handle and the parts after it; without the handle the time still follows a " · ".
        let rest =
            (fitted.handle.isEmpty && !parts.isEmpty ? "· " : "")
            + ([fitted.handle].filter { !$0.isEmpty } + parts).map(shown).joined(separator: " · ")
        let layout = try engine.paintLayout(
            request, text: name, ending: ("", rest, false),
            paint: TextPaint(color: theme.secondaryText, underline: false)
        ).layout
        layout.limitLines(perParagraph: 1)  // one line at most, whatever the parts' widths came to
        if rightToLeft { layout.alignToRight() }
        plan.items.append(.text(layout, origin: Point(x: contentLeft, y: y), color: theme.text))
        plan.headerRect = Rect(x: contentLeft, y: y, width: contentWidth, height: layout.logicalSize.height)
        return y + layout.logicalSize.height
    }

    /// The name and handle as the header shows them within the content's width: each whole, or cut at
    /// a grapheme and ending in "…", or the handle left out (empty).
    private func fittedHeader(
        name: String, handle: String, trail: String, font: String, handleFont: String
    ) throws -> (name: String, handle: String) {
        func width(_ text: String, _ font: String) throws -> Double {
            guard !text.isEmpty else { return 0 }
            let request = TruncationRequest(text: text, font: font, width: 100_000)
            return try engine.paintLayout(request, text: text, ending: nil, paint: nil).layout.logicalSize.width
        }
        func shortened(_ text: String, _ font: String, to room: Double) throws -> String {
            var request = TruncationRequest(
                text: text, font: font, width: max(1, room), lines: 1, ellipsis: "…", suffix: "", cutMode: .grapheme)
            request.fullCountLimit = 0
            let cut = try engine.truncate(request)
            return cut.truncated ? cut.kept + "…" : text
        }
        // Most headers fit: one layout of the whole line (in the name's font, a little wider than drawn
        // when the handle's is lighter) says so before the parts are measured.
        if try width(name + " " + handle + trail, font) <= contentWidth { return (name, handle) }
        let space = try width("a a", font) - width("aa", font)
        let (nameWidth, handleWidth, trailWidth) = (
            try width(name, font), try width(handle, handleFont), try width(trail, handleFont)
        )
        let handleRoom = handle.isEmpty ? 0 : space + handleWidth
        guard nameWidth + handleRoom + trailWidth > contentWidth else { return (name, handle) }
        let minimum = 4 * (try width("M", font))
        // The name first, down to its minimum; then the handle, down to its own, or left out.
        let nameRoom = max(contentWidth - handleRoom - trailWidth, min(nameWidth, minimum))
        let shownName = nameWidth <= nameRoom ? name : try shortened(name, font, to: nameRoom)
        guard !handle.isEmpty else { return (shownName, "") }
        let left = contentWidth - min(nameWidth, nameRoom) - space - trailWidth
        if handleWidth <= left { return (shownName, handle) }
        if left < min(handleWidth, minimum) { return (shownName, "") }
        return (shownName, try shortened(handle, handleFont, to: left))
    }
}
