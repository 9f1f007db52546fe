/// Everything a card picture holds, placed in points, ready to paint.
struct CardPlan {
    /// What to paint, in order.
    enum Item {
        /// A layout with its top-left at `origin`; text without a color attribute gets `color`.
        case text(Layout, origin: Point, color: Color, clip: Rect?)
        /// A horizontal fade of the card background from `startAlpha` at `startX` to `endAlpha` at `endX`.
        case fade(Rect, startX: Double, startAlpha: Double, endX: Double, endAlpha: Double)
    }

    var width: Double
    /// Whole points, so the pixel height is exactly `height × scale` at every scale.
    var height: Double
    var items: [Item] = []
    var truncated = false
    var kept = ""
    var lines: [String] = []
    var suffixRect: Rect? = nil
    var fontSubstitutions: [FontSubstitution] = []

    /// Families used and glyphs missing across every text item.
    var fonts: [String] {
        var families: [String] = []
        for case .text(let layout, _, _, _) in items {
            for family in layout.familiesUsed where !families.contains(family) { families.append(family) }
        }
        return families
    }

    var fontFiles: [String] {
        var files: [String] = []
        for case .text(let layout, _, _, _) in items {
            for file in layout.fontFiles where !files.contains(file) { files.append(file) }
        }
        return files
    }

    var unknownGlyphs: Int {
        items.reduce(0) { total, item in
            guard case .text(let layout, _, _, _) = item else { return total }
            return total + layout.unknownGlyphCount
        }
    }
}

/// A point in card coordinates.
struct Point {
    var x: Double
    var y: Double
}

extension Rect {
    func offsetBy(x dx: Double, y dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
