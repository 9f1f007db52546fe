import CPangoCairo

/// Where the links, mentions and hashtags of a text are, what they weigh, and which bytes of
/// the text a line break must not split them from.
extension TextStyle {
    /// Sets the entities' weight, where they overlap `range` (bytes of the plain text), on
    /// `attributes` of a layout whose text holds `range` from byte `offset` on.
    func weighEntities(in range: Range<Int>, on attributes: AttributeList, at offset: Int = 0) {
        guard let entityWeight else { return }
        for (_, entity) in entities where entity.overlaps(range) {
            let part = max(entity.lowerBound, range.lowerBound)..<min(entity.upperBound, range.upperBound)
            let shift = offset - range.lowerBound
            attributes.setWeight(entityWeight, bytes: (part.lowerBound + shift)..<(part.upperBound + shift))
        }
    }

    /// Whether character `index` of the plain text is in a link, mention or hashtag.
    func isInEntity(_ index: Int) -> Bool {
        let after = entitySpans.partitionPoint { $0.lowerBound <= index }  // the first span starting after index
        return after > 0 && entitySpans[after - 1].upperBound > index
    }

    /// Whether character boundary `k` lies strictly inside one of the entities (a cut there splits it).
    func splitsEntity(_ k: Int) -> Bool {
        let next = entitySpans.partitionPoint { $0.lowerBound < k }  // the first span starting at or after k
        return next > 0 && entitySpans[next - 1].upperBound > k
    }

    /// `ranges` in order, those that overlap or touch made one.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound < last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// `entities` (ranges in Unicode scalars of `text`) in order with their byte ranges, found in one
    /// pass; those that overlap one before them are left out.
    static func located(_ entities: [TextEntity], in text: String) -> [(entity: TextEntity, bytes: Range<Int>)] {
        guard !entities.isEmpty else { return [] }
        let sorted = entities.sorted { $0.range.lowerBound < $1.range.lowerBound }
        // The scalar indices asked for, in order, and their byte offsets, read in one walk of the text.
        var bounds = sorted.flatMap { [$0.range.lowerBound, $0.range.upperBound] }
        bounds.sort()
        var offsets = [Int](repeating: 0, count: bounds.count)
        var next = 0
        var scalar = 0
        var byte = 0
        var utf8 = text.utf8.makeIterator()
        // A negative index is no scalar's: placed at the end, as one past it is.
        while next < bounds.count && bounds[next] < 0 {
            offsets[next] = text.utf8.count
            next += 1
        }
        while next < bounds.count {
            while next < bounds.count && bounds[next] == scalar {
                offsets[next] = byte
                next += 1
            }
            // The next scalar's start: past its lead byte and its continuation bytes.
            guard next < bounds.count, let lead = utf8.next() else { break }
            let continuations = lead < 0xC0 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3
            for _ in 0..<continuations { _ = utf8.next() }
            byte += 1 + continuations
            scalar += 1
        }
        while next < bounds.count {  // at or past the end
            offsets[next] = byte
            next += 1
        }
        /// The byte offset of scalar index `bound` (one of `bounds`).
        func offset(_ bound: Int) -> Int { offsets[bounds.partitionPoint { $0 < bound }] }
        var located: [(entity: TextEntity, bytes: Range<Int>)] = []
        for entity in sorted {
            let lower = offset(entity.range.lowerBound)
            let upper = offset(entity.range.upperBound)
            guard lower < upper, located.last.map({ $0.bytes.upperBound <= lower }) ?? true else { continue }
            located.append((entity, lower..<upper))
        }
        return located
    }

    /// The most bytes `glued(_:)` looks at on either side; a longer glued run is measured as too wide.
    static let maximumGlue = 1_024

    /// `range` (bytes of the plain text) with the text glued to it on either side: up to the nearest
    /// line-break opportunities before and after it (Pango's, `pango_get_log_attrs`), without the
    /// white space at the end. Nil when there is none within `maximumGlue` bytes (no line fits that).
    func glued(_ range: Range<Int>) -> Range<Int>? {
        let bytes = plainBytes
        func scalarStart(_ offset: Int) -> Int {
            var offset = offset
            while offset > 0 && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        let window =
            scalarStart(
                max(0, range.lowerBound - Self.maximumGlue))..<scalarStart(min(bytes.count, range.upperBound + Self.maximumGlue))
        // A window that holds the whole text (every entity's, in a text of up to `maximumGlue` bytes)
        // is read once for them all.
        let (starts, attributes) =
            window == 0..<bytes.count ? wholeTextBreaks : Self.breaks(of: bytes, in: window, language: language.text)
        guard let first = starts.firstIndex(of: range.lowerBound), let last = starts.firstIndex(of: range.upperBound) else {
            return range
        }
        var lower = first
        while lower > 0 && attributes[lower].is_line_break == 0 { lower -= 1 }
        if lower == 0 && window.lowerBound > 0 { return nil }
        var upper = last
        while upper < starts.count - 1 && attributes[upper].is_line_break == 0 { upper += 1 }
        if upper == starts.count - 1 && window.upperBound < bytes.count { return nil }
        var end = starts[upper]
        while end > range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return starts[lower]..<max(end, range.upperBound)
    }

    /// Character starts in `window` (bytes of `bytes`), and the characters' break attributes in a
    /// text of that window alone (one more: the end), as Pango finds them in `language`.
    static func breaks(of bytes: [UInt8], in window: Range<Int>, language: String?) -> (
        starts: [Int], attributes: [PangoLogAttr]
    ) {
        var starts: [Int] = []
        for offset in window where bytes[offset] & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(window.upperBound)
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: starts.count)
        bytes[window].withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                attributes.withUnsafeMutableBufferPointer { out in
                    pango_get_log_attrs(
                        chars.baseAddress, Int32(chars.count), 0, pango_language_from_string(language), out.baseAddress,
                        Int32(out.count))
                }
            }
        }
        return (starts, attributes)
    }
}
