import CPangoCairo
import SeeMoreSupport

/// One line of a layout as SeeMore places it, in points from the layout's top-left.
package struct LineBox: Equatable {
    /// Top and bottom of the line's box; the next line's box starts at `bottom`.
    package var top: Double
    package var bottom: Double
    var baseline: Double
    /// Where Pango itself put the baseline, to move Pango's coordinates onto this line.
    var pangoBaseline: Double
    /// The line's left edge (Pango's alignment of the line within the width).
    var x: Double

    /// The line's pitch: the distance from its top to the next line's top.
    var pitch: Double { bottom - top }
}

extension Layout {
    /// The lines placed one below the other, CSS-style: each line's box is the body font's line box
    /// (the strut: `lineHeight` around the body font's ascent and descent, leading split evenly above
    /// and below) grown only by runs in a larger font size (markup spans), whose boxes are computed the
    /// same way at their size. Fonts picked by fallback (emoji, CJK, Thai) never change a line's pitch,
    /// so a paragraph has an even pitch in every script. Pango still breaks the lines; only their
    /// vertical positions differ from Pango's own, whose line-spacing factor multiplies each line's own
    /// font height. Every run sits on its line's alphabetic baseline (`useAlphabeticBaselines`), so a
    /// line that starts in a fallback script places its other fonts as one that starts in the body
    /// font. Without a strut (a layout no style was applied to) Pango's positions are kept.
    package var lineBoxes: [LineBox] {
        useAlphabeticBaselines()
        if let boxes = cachedLineBoxes { return boxes }
        let boxes = placeLines()
        cachedLineBoxes = boxes
        return boxes
    }

    /// How far line `index` moves from where Pango put it, in points.
    func shift(ofLine index: Int) -> Double {
        let boxes = lineBoxes
        guard boxes.indices.contains(index) else { return 0 }
        return boxes[index].baseline - boxes[index].pangoBaseline
    }

    /// Calls `body` with each line in `range` (all lines by default) and its box.
    func forEachPlacedLine(in range: Range<Int>? = nil, _ body: (LineBox, UnsafeMutablePointer<PangoLayoutLine>) -> Void) {
        let boxes = lineBoxes
        let wanted = range ?? boxes.indices
        var node = pango_layout_get_lines_readonly(pointer)
        var index = 0
        while let current = node, index < boxes.count {
            if wanted.contains(index), let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                body(boxes[index], line)
            }
            index += 1
            node = current.pointee.next
        }
    }

    /// The ink of each line as placed, in points from the layout's top-left; nil for a line that draws
    /// nothing (empty, or only spaces).
    var lineInkRects: [Rect?] {
        useAlphabeticBaselines()
        var rects: [Rect?] = []
        guard let iterator = pango_layout_get_iter(pointer) else { return rects }
        defer { pango_layout_iter_free(iterator) }
        var index = 0
        repeat {
            var ink = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, nil)
            if ink.width > 0 && ink.height > 0 {
                rects.append(
                    Rect(
                        x: PangoUnits.toPoints(ink.x), y: PangoUnits.toPoints(ink.y) + shift(ofLine: index),
                        width: PangoUnits.toPoints(ink.width), height: PangoUnits.toPoints(ink.height)))
            } else {
                rects.append(nil)
            }
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return rects
    }

    private func placeLines() -> [LineBox] {
        var boxes: [LineBox] = []
        guard let iterator = pango_layout_get_iter(pointer) else { return boxes }
        defer { pango_layout_iter_free(iterator) }
        var top = 0.0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let pangoBaseline = PangoUnits.toPoints(pango_layout_iter_get_baseline(iterator))
            var above: Double
            var below: Double
            if let strut {
                (above, below) = lineHeight.box(size: strut.size, metrics: strut)
                if let line = pango_layout_iter_get_line_readonly(iterator) {
                    forEachRun(of: line) { run in
                        guard let font = run.pointee.item.pointee.analysis.font, let size = context.fontFacts.size(of: font),
                            size != strut.size || run.pointee.y_offset != 0
                        else { return }
                        let box = lineHeight.box(size: size, metrics: strut)
                        let rise = PangoUnits.toPoints(run.pointee.y_offset)
                        above = max(above, box.above + rise)
                        below = max(below, box.below - rise)
                    }
                }
            } else {
                var yTop: Int32 = 0
                var yBottom: Int32 = 0
                pango_layout_iter_get_line_yrange(iterator, &yTop, &yBottom)
                above = pangoBaseline - PangoUnits.toPoints(yTop)
                below = PangoUnits.toPoints(yBottom) - pangoBaseline
            }
            boxes.append(
                LineBox(
                    top: top, bottom: top + above + below, baseline: top + above, pangoBaseline: pangoBaseline,
                    x: PangoUnits.toPoints(logical.x)))
            top += above + below
        } while pango_layout_iter_next_line(iterator) != 0
        return boxes
    }
}

extension Layout {
    /// Each line's width without the spaces at its ends (which hang at a break and which a browser's
    /// character boxes leave out too), in points: the span of its other characters' logical boxes.
    package var visibleLineWidths: [Double] {
        let bytes = textBytes
        var widths: [Double] = []
        var node = pango_layout_get_lines_readonly(pointer)
        while let current = node {
            defer { node = current.pointee.next }
            guard let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) else { continue }
            var start = Int(line.pointee.start_index)
            var end = min(start + Int(line.pointee.length), bytes.count)
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start && isSpace(bytes[end - 1]) { end -= 1 }
            guard end > start else {
                widths.append(0)
                continue
            }
            var ranges: UnsafeMutablePointer<Int32>? = nil
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(start), Int32(end), &ranges, &count)
            defer { g_free(ranges) }
            var low = Int32.max
            var high = Int32.min
            for index in 0..<Int(count) {
                guard let ranges else { break }
                low = min(low, ranges[2 * index])
                high = max(high, ranges[2 * index + 1])
            }
            widths.append(high > low ? PangoUnits.toPoints(high - low) : 0)
        }
        return widths
    }
}
