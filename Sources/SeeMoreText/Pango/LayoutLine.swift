import CPangoCairo

/// One line of a `Layout`, read in place: positions on it in points. Valid only while its layout
/// is not changed (Pango owns the line).
struct LayoutLine {
    private let line: UnsafeMutablePointer<PangoLayoutLine>
    /// The line runs right to left (a line from `oneDirectionLine`: every run on it too).
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

    /// The width of each of the line's characters `range` of `text` (the layout's text from its
    /// start), in Pango units and the text's order, whatever direction each run goes: Pango's logical
    /// widths, a cluster's width shared among its characters. Nil when the line's runs do not hold
    /// them all (Pango's ellipsis stands in for the characters it hides).
    func characterWidths(_ range: Range<Int>, of text: IndexedText) -> [Int32]? {
        guard let layout = line.pointee.layout, let bytes = pango_layout_get_text(layout) else { return nil }
        var widths = [Int32](repeating: 0, count: range.count)
        var found = 0
        var runWidths: [Int32] = []
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item
            else { continue }
            let first = text.character(atByte: Int(item.pointee.offset))
            let count = Int(item.pointee.num_chars)
            let wanted = max(first, range.lowerBound)..<min(first + count, range.upperBound)
            guard !wanted.isEmpty else { continue }
            runWidths = [Int32](repeating: 0, count: count)
            runWidths.withUnsafeMutableBufferPointer { pango_glyph_item_get_logical_widths(run, bytes, $0.baseAddress) }
            for character in wanted { widths[character - range.lowerBound] = runWidths[character - first] }
            found += wanted.count
        }
        return found == range.count ? widths : nil
    }
}

extension Layout {
    /// Line `index` (0-based), whatever directions its runs go (`isRightToLeft` is the line's own).
    func layoutLine(_ index: Int) -> LayoutLine? {
        guard let line = pango_layout_get_line_readonly(pointer, Int32(index)) else { return nil }
        return LayoutLine(line, rightToLeft: line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue)
    }

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
