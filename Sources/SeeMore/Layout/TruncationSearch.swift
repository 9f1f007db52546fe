/// One search for the cut of one request (see `LayoutEngine.truncate`).
final class TruncationSearch {
    private let request: TruncationRequest
    private let fonts: ResolvedFonts
    private let layout: Layout
    private let text: IndexedText
    /// Characters in the text once trailing white space is removed.
    private let end: Int
    private let ellipsisBytes: [UInt8]
    private let suffixBytes: [UInt8]
    /// Collapsed layouts already measured, by the end of their kept text.
    private var measured: [Int: Collapsed] = [:]
    private var fullLineCountIsExact = true
    /// What the shared layout holds now, so the final layout is not made twice.
    private var content: Content? = nil

    private enum Content: Equatable {
        case collapsed(keptEnd: Int)
        case uncut(end: Int)
    }

    /// How `kept(k) + ellipsis + suffix` lays out.
    struct Collapsed {
        let keptEnd: Int
        let lineCount: Int
        /// 0-based line on which the ellipsis (or, without one, the suffix) starts.
        let markerLine: Int
    }

    init(request: TruncationRequest, fonts: ResolvedFonts, layout: Layout) throws {
        self.request = request
        self.fonts = fonts
        self.layout = layout
        text = IndexedText(request.text)
        end = text.trimmedEnd(text.count)
        ellipsisBytes = Array(request.ellipsis.utf8)
        suffixBytes = Array(request.suffix.utf8)
        layout.setWidth(points: request.width)
    }

    func run() throws -> Truncation {
        let limit = request.lines
        guard end > 0 else { return try result(cut: nil) }
        content = nil
        let uncut = UncutLayout(text: text, end: end, lines: limit, width: request.width, layout: layout, font: fonts.body)
        if uncut.isWhole { content = .uncut(end: end) }
        if uncut.isWhole && uncut.lineStarts.count <= limit {
            return try result(cut: nil, fullLineCount: uncut.lineStarts.count)
        }
        let fullLineCount = uncut.isWhole || !request.countsAllLines ? uncut.lineStarts.count : countAllLines()
        fullLineCountIsExact = uncut.isWhole || request.countsAllLines
        let bound = searchBound(uncut)
        let graphemes = (0...bound).reversed().filter { uncut.isCursorPosition[$0] || $0 == 0 }

        func graphemeCut() throws -> Cut {
            if let k = try graphemes.first(where: { try fits($0) }) {
                return Cut(k: k, suffixWraps: false)
            }
            // Rule 5: ellipsis and suffix cannot share a line with anything; let the suffix wrap.
            let k = try graphemes.first(where: { try collapsed($0).lineCount <= limit }) ?? 0
            return Cut(k: k, suffixWraps: true)
        }

        switch request.cutMode {
        case .grapheme:
            return try result(cut: try graphemeCut(), fullLineCount: fullLineCount)
        case .word:
            let words = graphemes.filter { $0 == 0 || uncut.isLineBreak[$0] }
            let lastLineStart = uncut.start(ofLine: limit) ?? 0
            if let k = try words.first(where: { try fits($0) }), k > lastLineStart {
                return try result(cut: Cut(k: k, suffixWraps: false), fullLineCount: fullLineCount)
            }
            return try result(cut: try graphemeCut(), fullLineCount: fullLineCount)
        }
    }

    private struct Cut {
        let k: Int
        let suffixWraps: Bool
    }

    /// The largest k that can fit: past the first line-break opportunity of line N+1 (or past line N+1)
    /// the kept text holds a word that did not fit on line N, so N lines cannot hold it.
    private func searchBound(_ uncut: UncutLayout) -> Int {
        let limit = request.lines
        guard let nextLineStart = uncut.start(ofLine: limit + 1) else { return end }
        let lineAfterNext = uncut.start(ofLine: limit + 2) ?? end
        var bound = nextLineStart + 1
        while bound < lineAfterNext && !uncut.isLineBreak[bound] {
            bound += 1
        }
        return min(bound, lineAfterNext)
    }

    /// Rule 2: the collapsed text takes at most N lines and its ellipsis and suffix start on the last one.
    private func fits(_ k: Int) throws -> Bool {
        let layout = try collapsed(k)
        return layout.lineCount <= request.lines && layout.markerLine == layout.lineCount - 1
    }

    private func collapsed(_ k: Int) throws -> Collapsed {
        let keptEnd = text.trimmedEnd(k)
        if let known = measured[keptEnd] { return known }
        try layOutCollapsed(keptEnd: keptEnd)
        let markerLine = layout.line(ofByte: text.byteOffsets[keptEnd])
        let result = Collapsed(keptEnd: keptEnd, lineCount: layout.lineCount, markerLine: markerLine)
        measured[keptEnd] = result
        return result
    }

    /// Sets the shared layout to `kept + ellipsis + suffix`, the suffix in its own font.
    private func layOutCollapsed(keptEnd: Int) throws {
        guard content != .collapsed(keptEnd: keptEnd) else { return }
        content = .collapsed(keptEnd: keptEnd)
        let keptBytes = text.prefixBytes(keptEnd)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keptBytes.count + ellipsisBytes.count + suffixBytes.count)
        bytes.append(contentsOf: keptBytes)
        bytes.append(contentsOf: ellipsisBytes)
        bytes.append(contentsOf: suffixBytes)
        let attributes = try AttributeList()
        let suffixStart = keptBytes.count + ellipsisBytes.count
        attributes.setFont(fonts.suffix, bytes: suffixStart..<(suffixStart + suffixBytes.count))
        layout.setFont(fonts.body)
        layout.setAttributes(attributes)
        layout.setText(bytes)
    }

    private func countAllLines() -> Int {
        content = nil
        return UncutLayout.countLines(text: text, end: end, layout: layout, font: fonts.body)
    }

    /// Describes the final layout: the collapsed text for a cut, or the whole trimmed text.
    private func result(cut: Cut?, fullLineCount: Int = 0) throws -> Truncation {
        let keptEnd: Int
        var suffixBytesRange: Range<Int>? = nil
        if let cut {
            keptEnd = text.trimmedEnd(cut.k)
            try layOutCollapsed(keptEnd: keptEnd)
            let suffixStart = text.byteOffsets[keptEnd] + ellipsisBytes.count
            if !suffixBytes.isEmpty { suffixBytesRange = suffixStart..<(suffixStart + suffixBytes.count) }
        } else {
            keptEnd = end
            if content != .uncut(end: end) {
                layout.setAttributes(nil)
                layout.setFont(fonts.body)
                layout.setText(text.prefixBytes(end))
            }
        }
        let visible = end == 0 && cut == nil ? [] : visibleLines(keptEnd: keptEnd, truncated: cut != nil)
        return Truncation(
            truncated: cut != nil,
            kept: text.string(0..<keptEnd),
            lineCount: visible.count,
            fullLineCount: end == 0 ? 0 : (cut == nil ? visible.count : fullLineCount),
            fullLineCountIsExact: fullLineCountIsExact,
            lines: visible,
            suffixRect: suffixBytesRange.map(suffixRect),
            suffixWraps: cut?.suffixWraps ?? false,
            unknownGlyphs: layout.unknownGlyphCount,
            fonts: layout.familiesUsed,
            fontFallback: !fonts.substitutions.isEmpty,
            fontSubstitutions: fonts.substitutions,
            cutIndex: keptEnd)
    }

    /// The text of each line of the current layout.
    private func visibleLines(keptEnd: Int, truncated: Bool) -> [String] {
        var bytes = Array(text.prefixBytes(keptEnd))
        if truncated {
            bytes += ellipsisBytes + suffixBytes
        }
        return layout.lineByteRanges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Union of the logical rectangles of the suffix's characters in the current layout.
    private func suffixRect(_ bytes: Range<Int>) -> Rect {
        var rect: Rect? = nil
        var index = bytes.lowerBound
        for scalar in request.suffix.unicodeScalars {
            let grapheme = layout.graphemeRect(atByte: index)
            rect = rect.map { $0.union(grapheme) } ?? grapheme
            index += UTF8.width(scalar)
        }
        return rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }
}
