/// A text as a card lays it out around its links, mentions and hashtags: links shortened as feeds
/// show them (`URLDisplay.short`), and, in a text that holds right-to-left characters, each entity
/// isolated — a link left to right (LRI…PDI), a mention or hashtag in the direction of its own first
/// letter (FSI…PDI) — so that inside Arabic or Hebrew "@seemore" keeps its "@" before the name and a
/// short link its "…" after the path, as X's apps show them. The cut measures the text with the
/// isolates in it (they are zero-width and break like combining marks, UAX #14 class CM), and each
/// entity's range covers its isolates, so a cut that keeps an entity whole keeps them too.
package struct ShownEntities {
    /// The text as laid out.
    package let text: String
    /// The entities, their ranges in `text` (Unicode scalars), each covering its isolates.
    package let entities: [TextEntity]
    /// Each entity's whole text as written (a shortened link's full address), in `entities`' order.
    package let wholeTexts: [String]
    /// The Unicode scalars of `text` that were inserted (the isolates), ascending.
    package let inserted: [Int]

    static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    static let popIsolate: Unicode.Scalar = "\u{2069}"

    /// - Parameters:
    ///   - entities: the entities of `text` (ranges in its Unicode scalars); those overlapping an
    ///     earlier one are shown as written.
    ///   - urlLength: shortens the links to at most this many characters (`URLDisplay.shortened`); nil
    ///     shows them as written.
    ///   - isolating: isolates each entity; nil decides by the text (when it holds a character that
    ///     takes bidi levels: a right-to-left letter, an Arabic number or a directional control).
    package init(_ text: String, entities: [TextEntity], urlLength: Int?, isolating: Bool? = nil) {
        let isolating = isolating ?? StrongDirection.needsBidi(text.utf8)
        // The text's bytes and where each scalar starts in them: the result is built as bytes, with
        // its length in scalars counted along.
        let bytes = Array(text.utf8)
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count + 1)
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(bytes.count)
        let scalarCount = starts.count - 1
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var resultCount = 0
        func append(scalars range: Range<Int>) {
            result.append(contentsOf: bytes[starts[range.lowerBound]..<starts[range.upperBound]])
            resultCount += range.count
        }
        func append(_ scalar: Unicode.Scalar) {
            result.append(contentsOf: String(scalar).utf8)
            resultCount += 1
        }
        var moved: [TextEntity] = []
        var wholes: [String] = []
        var inserted: [Int] = []
        var copied = 0
        for entity in entities.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where entity.range.lowerBound >= copied && entity.range.upperBound <= scalarCount && !entity.range.isEmpty {
            append(scalars: copied..<entity.range.lowerBound)
            let whole = String(decoding: bytes[starts[entity.range.lowerBound]..<starts[entity.range.upperBound]], as: UTF8.self)
            let start = resultCount
            if isolating {
                inserted.append(resultCount)
                append(entity.kind == .url ? Self.leftToRightIsolate : Self.firstStrongIsolate)
            }
            if entity.kind == .url, let urlLength {
                for scalar in URLDisplay.shortened(whole, length: urlLength).unicodeScalars { append(scalar) }
            } else {
                append(scalars: entity.range)
            }
            if isolating {
                inserted.append(resultCount)
                append(Self.popIsolate)
            }
            moved.append(TextEntity(kind: entity.kind, range: start..<resultCount))
            wholes.append(whole)
            copied = entity.range.upperBound
        }
        append(scalars: copied..<scalarCount)
        self.text = String(decoding: result, as: UTF8.self)
        self.entities = moved
        self.wholeTexts = wholes
        self.inserted = inserted
    }

    /// Whether the text is laid out as written: no entity (so no link to shorten), nothing isolated.
    package var isUnchanged: Bool { inserted.isEmpty && entities.isEmpty }

    /// The UTF-8 length of each inserted isolate (U+2066, U+2068, U+2069).
    package static let isolateBytes = 3

    /// How many inserted scalars come before scalar `index` of `text` (shifted by `offset`, the
    /// characters put before `text` in the layout).
    package func insertedCount(before index: Int, offset: Int = 0) -> Int {
        inserted.partitionPoint { $0 + offset < index }
    }

    /// `laidOut` (a prefix of the layout's text, whose first `offset` characters come before `text`)
    /// without the inserted isolates.
    package func withoutInserted(_ laidOut: String, offset: Int = 0) -> String {
        guard !inserted.isEmpty else { return laidOut }
        var kept = String.UnicodeScalarView()
        var next = 0
        for (index, scalar) in laidOut.unicodeScalars.enumerated() {
            if next < inserted.count, inserted[next] + offset == index {
                next += 1
                continue
            }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// The UTF-8 byte ranges of the inserted isolates within `laidOut` (as `withoutInserted`).
    package func insertedBytes(in laidOut: String, offset: Int = 0) -> [Range<Int>] {
        guard !inserted.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var byte = 0
        var next = 0
        for (index, scalar) in laidOut.unicodeScalars.enumerated() {
            while next < inserted.count, inserted[next] + offset < index { next += 1 }
            let width = UTF8.width(scalar)
            if next < inserted.count, inserted[next] + offset == index { ranges.append(byte..<(byte + width)) }
            byte += width
        }
        return ranges
    }
}
