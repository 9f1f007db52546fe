import CPangoCairo

/// One line of a `Layout`, read in place: positions on it in points. Valid only while its layout
/// is not changed (Pango owns the line).
struct LayoutLine {
    private let line: UnsafeMutablePointer<PangoLayoutLine>
    /// The line and every run on it are right to left (else all are left to right).
    let isRightToLeft: Bool

    fileprivate init(_ line: UnsafeMutablePointer<PangoLayoutLine>, rightToLeft: Bool = false) {
        self.line = line
        isRightToLeft = rightToLeft
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

    /// The left end of the line's logical extents, in points.
    var logicalStart: Double {
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return Double(logical.x) / Double(PANGO_SCALE)
    }

    /// How far the character at byte `index` begins from the line's start, in points: from its left
    /// end on a left-to-right line, from its right end on a right-to-left one (the width of the text
    /// before it, on a line of one direction).
    func distance(toByte index: Int) -> Double {
        isRightToLeft ? logicalEnd - x(ofByte: index) : x(ofByte: index)
    }

    /// The width of the line from the character at byte `index` to its end (Pango's ellipsis from
    /// where it begins), in points.
    func width(fromByte index: Int) -> Double {
        isRightToLeft ? x(ofByte: index) - logicalStart : logicalEnd - x(ofByte: index)
    }
}

extension Layout {
    /// Line `index` (0-based) when it and every run on it go one way: all left to right (even bidi
    /// levels) or all right to left (odd levels: a Hebrew or Arabic line without digits or Latin);
    /// else nil.
    func oneDirectionLine(_ index: Int) -> LayoutLine? {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(index)) else { return nil }
        let rightToLeft = line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
        guard rightToLeft || line.pointee.resolved_dir == PANGO_DIRECTION_LTR.rawValue else { return nil }
        var node = line.pointee.runs
        while let current = node {
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                let item = run.pointee.item, (item.pointee.analysis.level % 2 != 0) != rightToLeft
            {
                return nil
            }
            node = current.pointee.next
        }
        return LayoutLine(line, rightToLeft: rightToLeft)
    }

    /// Line `index` (0-based) when it and every run on it are left to right (an even bidi level),
    /// else nil.
    func leftToRightLine(_ index: Int) -> LayoutLine? {
        oneDirectionLine(index).flatMap { $0.isRightToLeft ? nil : $0 }
    }
}
