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
        var low = 0
        var high = entitySpans.count
        while low < high {  // the first span starting after index
            let middle = (low + high) / 2
            if entitySpans[middle].lowerBound <= index { low = middle + 1 } else { high = middle }
        }
        return low > 0 && entitySpans[low - 1].upperBound > index
    }

    /// Whether character boundary `k` lies strictly inside one of the entities (a cut there splits it).
    func splitsEntity(_ k: Int) -> Bool {
        var low = 0
        var high = entitySpans.count
        while low < high {  // the first span starting at or after k
            let middle = (low + high) / 2
            if entitySpans[middle].lowerBound < k { low = middle + 1 } else { high = middle }
        }
        return low > 0 && entitySpans[low - 1].upperBound > k
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
        var bounds = Set(sorted.flatMap { [$0.range.lowerBound, $0.range.upperBound] })
        var offsets: [Int: Int] = [:]
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if bounds.remove(index) != nil { offsets[index] = byte }
            if bounds.isEmpty { break }
            byte += UTF8.width(scalar)
        }
        for bound in bounds { offsets[bound] = byte }  // at or past the end
        var located: [(entity: TextEntity, bytes: Range<Int>)] = []
        for entity in sorted {
            guard let lower = offsets[entity.range.lowerBound], let upper = offsets[entity.range.upperBound], lower < upper,
                located.last.map({ $0.bytes.upperBound <= lower }) ?? true
            else { continue }
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
