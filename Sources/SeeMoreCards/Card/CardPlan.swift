import SeeMoreSupport
import SeeMoreImage
import SeeMoreText

/// Everything a card picture holds, placed in points, ready to paint.
struct CardPlan {
    /// What to paint, in order.
    enum Item {
        /// A layout with its top-left at `origin` (its lines in `lines`, or all), clipped to `clip`; text
        /// without a color attribute gets `color`.
        case text(Layout, origin: Point, color: Color, clip: Rect? = nil, lines: Range<Int>? = nil)
        /// The card background over `rect`, with an opacity that changes linearly between the stops
        /// (ordered by x; constant past the first and the last).
        case fade(Rect, stops: [FadeStop])
        /// An avatar: `image` scaled into `rect`, or `color` filling it, in the shape.
        case avatar(Rect, shape: Avatar.Shape, cornerRadius: Double, image: RGBAImage?, color: Color)
    }

    /// The background's opacity at one x of a fade.
    struct FadeStop: Equatable {
        var x: Double
        var alpha: Double
    }

    var width: Double
    /// Whole points, so the pixel height is exactly `height × scale` at every scale.
    var height: Double
    var items: [Item] = []
    var truncated = false
    var kept = ""
    var lines: [String] = []
    /// Where the suffix (or link) is drawn; nil when there is none.
    var suffix: SuffixRects? = nil
    var fontSubstitutions: [FontSubstitution] = []
    /// The body's line boxes as drawn (the lines' pitch, across the text's width), for overlays.
    var lineBoxes: [Rect] = []
    /// The expanded body's lines' widths without their end spaces (`Layout.visibleLineWidths`), when
    /// the planner measures them; else empty.
    var lineWidths: [Double] = []
    /// The header line's box (display name and handle), across the content's width; nil without one.
    var headerRect: Rect? = nil
    /// The avatar's square; nil without one.
    var avatarRect: Rect? = nil
    /// The links, mentions and hashtags of the body text shown.
    var entities: [CardEntity] = []
    /// Where the ending (ellipsis and inline suffix) starts in a text item's layout, by the layout:
    /// the kept text's last word and the ending are two words to `fontMixing`.
    var endingStarts: [ObjectIdentifier: Int] = [:]

    /// Families used and glyphs missing across every text item.
    var fonts: [String] {
        var families: [String] = []
        for case .text(let layout, _, _, _, _) in items {
            for family in layout.familiesUsed where !families.contains(family) { families.append(family) }
        }
        return families
    }

    /// Families drawn in a synthetic bold across the text items.
    var syntheticBold: [String] { families(\.syntheticBoldFamilies) }

    /// Families drawn in a synthetic oblique (slanted for an italic they have no face for).
    var syntheticOblique: [String] { families(\.syntheticObliqueFamilies) }

    private func families(_ of: KeyPath<Layout, [String]>) -> [String] {
        var families: [String] = []
        for case .text(let layout, _, _, _, _) in items {
            for family in layout[keyPath: of] where !families.contains(family) { families.append(family) }
        }
        return families
    }

    var fontFiles: [String] {
        var files: [String] = []
        for case .text(let layout, _, _, _, _) in items {
            for file in layout.fontFiles where !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// Fallback runs and words in more than one font across the text items, in the lines they draw.
    func fontMixing(requested: [String]) -> FontMixing {
        var mixing = FontMixing(text: [], runs: [], requested: [])
        for case .text(let layout, _, _, _, let lines) in items {
            let piece = FontMixing(
                text: layout.textBytes, runs: layout.fontRuns(inLines: lines), requested: requested,
                wordBreaks: endingStarts[ObjectIdentifier(layout)].map { [$0] } ?? [])
            mixing.fallbackRuns += piece.fallbackRuns
            for word in piece.mixedWords where !mixing.mixedWords.contains(word) { mixing.mixedWords.append(word) }
        }
        return mixing
    }

    var unknownGlyphs: Int {
        items.reduce(0) { total, item in
            guard case .text(let layout, _, _, _, _) = item else { return total }
            return total + layout.unknownGlyphCount
        }
    }
}

/// A point in card coordinates.
struct Point {
    var x: Double
    var y: Double
}
