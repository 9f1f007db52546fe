import CPangoCairo

/// One line of a `Layout`, read in place: positions on it in points. Valid only while its layout
/// is not changed (Pango owns the line).
struct LayoutLine {
    private let line: UnsafeMutablePointer<PangoLayoutLine>

    fileprivate init(_ line: UnsafeMutablePointer<PangoLayoutLine>) {
        self.line = line
    }

    /// The leading edge of the character at byte `index` of the layout's text, in points from the
    /// line's start.
    func x(ofByte index: Int) -> Double {
        var x: Int32 = 0
        pango_layout_line_index_to_x(line, Int32(index), 0, &x)
        return Double(x) / Double(PANGO_SCALE)
    }

    /// The right end of the line's logical extents, in points.
    var logicalEnd: Double {
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return Double(logical.x + logical.width) / Double(PANGO_SCALE)
    }
}

extension Layout {
    /// Line `index` (0-based) when it and every run on it are left to right (an even bidi level),
    /// else nil.
    func leftToRightLine(_ index: Int) -> LayoutLine? {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(index)),
            line.pointee.resolved_dir == PANGO_DIRECTION_LTR.rawValue
        else { return nil }
        var node = line.pointee.runs
        while let current = node {
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                let item = run.pointee.item, item.pointee.analysis.level % 2 != 0
            {
                return nil
            }
            node = current.pointee.next
        }
        return LayoutLine(line)
    }
}
