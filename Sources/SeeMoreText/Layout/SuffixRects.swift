import SeeMoreSupport

/// Where a suffix is drawn: a rectangle per line it occupies, and the one rectangle that stands for it.
package struct SuffixRects: Equatable {
    /// One rectangle per line the suffix occupies, in line order (one unless the suffix wraps).
    package let perLine: [Rect]
    /// The union of `perLine` when that covers no body text; otherwise (a wrapped suffix whose union
    /// would reach over the text before it) the rectangle of its last line. nil without a suffix.
    package let rect: Rect?

    /// - Parameters:
    ///   - suffix: the suffix's bytes in the layout's text.
    ///   - body: the body text's bytes (the kept text) in the layout's text.
    init(layout: Layout, suffix: Range<Int>, body: Range<Int>) {
        perLine = layout.rects(perLineOf: suffix)
        guard let first = perLine.first else {
            rect = nil
            return
        }
        let union = perLine.dropFirst().reduce(first) { $0.union($1) }
        guard perLine.count > 1, !body.isEmpty else {
            rect = union
            return
        }
        rect = layout.rects(perLineOf: body).contains(where: { $0.overlaps(union) }) ? perLine.last : union
    }

    package init(perLine: [Rect], rect: Rect?) {
        self.perLine = perLine
        self.rect = rect
    }

    package func offsetBy(x: Double, y: Double) -> SuffixRects {
        SuffixRects(perLine: perLine.map { $0.offsetBy(x: x, y: y) }, rect: rect?.offsetBy(x: x, y: y))
    }
}

extension Rect {
    /// Whether the two share an area (touching edges do not count).
    func overlaps(_ other: Rect) -> Bool {
        let tolerance = 0.01
        return x + tolerance < other.x + other.width && other.x + tolerance < x + width
            && y + tolerance < other.y + other.height && other.y + tolerance < y + height
    }
}
