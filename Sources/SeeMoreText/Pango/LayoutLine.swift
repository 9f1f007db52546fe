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
    /// Line `index` (0-based), whatever directions its runs go.
    func layoutLine(_ index: Int) -> LayoutLine? {
        pango_layout_get_line_readonly(pointer, Int32(index)).map { LayoutLine($0) }
    }

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
