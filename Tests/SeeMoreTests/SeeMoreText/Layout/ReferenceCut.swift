@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText

/// The cut rules applied literally: every candidate prefix laid out in full. For tests only;
/// quadratic in the text's length.
final class ReferenceCut {
    struct Answer: Equatable, CustomStringConvertible {
        var truncated: Bool
        /// Characters kept before the ellipsis.
        var kept: Int
        var suffixWraps: Bool

        var description: String { "truncated \(truncated), kept \(kept), suffixWraps \(suffixWraps)" }
    }

    private let context: TextContext
    private let layout: Layout
    private let measuring: Layout

    init() throws {
        (context, layout, measuring) = try TextStack.serialized {
            let context = try TextContext(fontMap: try FontMap())
            return (context, try Layout(context: context), try Layout(context: context))
        }
    }

    /// `KoreanLineBreak.words` and the entities: those (byte ranges) that fit a line when laid out alone.
    private func rangesKeptTogether(_ text: String, request: TruncationRequest, body: FontDescription, language: String?) throws
        -> [Range<Int>]
    {
        let bytes = Array(text.utf8)
        // Korean words (with `wordBreak` keep-hangul or keep-all under Pango's breaks) and entities
        // (unless `keepsEntitiesWhole` is off), each kept on one line when it fits one.
        let entities = request.keepsEntitiesOnOneLine ? Self.entityBytes(request) : []
        let korean = TextStyle.koreanWords(of: request, in: text)
        // An entity must fit with the text glued to it: up to the nearest line-break opportunities
        // around it (read off a layout of the whole text), its trailing white space left out.
        var starts: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(bytes.count)
        let whole = try AttributeList()
        if let language { whole.setLanguage(language, bytes: 0..<bytes.count) }
        measuring.setUnwrapped()
        measuring.setFont(body)
        measuring.setAttributes(whole)
        measuring.setText(bytes)
        let breaks = measuring.withLogAttributes { $0.map { $0.is_line_break != 0 } }
        let measured =
            korean.map { ($0, $0) }
            + entities.map { entity -> (Range<Int>, Range<Int>) in
                var lower = starts.firstIndex(of: entity.lowerBound) ?? 0
                var upper = starts.firstIndex(of: entity.upperBound) ?? starts.count - 1
                while lower > 0 && !breaks[lower] { lower -= 1 }
                while upper < starts.count - 1 && !breaks[upper] { upper += 1 }
                var end = starts[upper]
                while end > entity.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
                return (entity, starts[lower]..<end)
            }
        return try measured.filter { _, word in
            let attributes = try AttributeList()
            if let language { attributes.setLanguage(language, bytes: 0..<word.count) }
            Self.weigh(entities, request.entityWeight, within: word, on: attributes)
            measuring.setUnwrapped()
            measuring.setFont(body)
            measuring.setAttributes(attributes)
            measuring.setText(Array(bytes[word]))
            return measuring.logicalSize.width <= request.width
        }.map(\.0)
    }

    /// The byte ranges of the request's entities (given, or found in its text).
    private static func entityBytes(_ request: TruncationRequest) -> [Range<Int>] {
        TextStyle.located(request.entities ?? TextEntity.find(in: request.text), in: request.text).map(\.bytes)
    }

    /// Sets `weight` on the parts of `entities` inside `range`, on attributes of a layout whose text
    /// starts at `range.lowerBound`.
    private static func weigh(_ entities: [Range<Int>], _ weight: Int?, within range: Range<Int>, on attributes: AttributeList) {
        guard let weight else { return }
        for entity in entities where entity.overlaps(range) {
            let part = max(entity.lowerBound, range.lowerBound)..<min(entity.upperBound, range.upperBound)
            attributes.setWeight(weight, bytes: (part.lowerBound - range.lowerBound)..<(part.upperBound - range.lowerBound))
        }
    }

    /// Marks `words` (the platform's, `TextStyle.platformWords`) as Pango words, clipped to the first
    /// `count` bytes, and sets `spaceFont` on the runs of spaces there.
    private static func platform(
        _ words: [Range<Int>], spaceFont: String?, in bytes: [UInt8], within count: Int, on attributes: AttributeList
    ) {
        for word in words where word.lowerBound < count {
            attributes.setWord(bytes: word.lowerBound..<min(word.upperBound, count))
        }
        guard let spaceFont else { return }
        var offset = 0
        while offset < count {
            guard bytes[offset] == 0x20 else {
                offset += 1
                continue
            }
            var end = offset
            while end < count && bytes[end] == 0x20 { end += 1 }
            attributes.setFamily(spaceFont, bytes: offset..<end)
            offset = end
        }
    }

    /// Forbids breaks inside `words` (clipped to the first `count` bytes).
    private static func keep(_ words: [Range<Int>], within count: Int, on attributes: AttributeList) {
        for word in words where word.lowerBound < count {
            let part = word.lowerBound..<min(word.upperBound, count)
            if part.count > 1 { attributes.setAllowBreaks(false, bytes: part) }
        }
    }

    /// The answers for both cut modes.
    func answers(_ request: TruncationRequest) throws -> [CutMode: Answer] {
        try TextStack.serialized { try answersAlone(request) }
    }

    private func answersAlone(_ request: TruncationRequest) throws -> [CutMode: Answer] {
        let body = try FontDescription(request.font).withDefaultSize(points: 15)
        let suffixFont = try request.suffixFont.map { try FontDescription($0).merged(onto: body) } ?? body
        let scalars = Array(request.text.unicodeScalars)
        // Kept text ends without white space, and with `trimPunctuation` without the punctuation
        // `IndexedText.isTrimmedPunctuation` names (outside entities) before an ellipsis.
        let entityRanges = request.trimPunctuation ? (request.entities ?? TextEntity.find(in: request.text)).map(\.range) : []
        func trimmed(_ k: Int, punctuation: Bool = true) -> Int {
            var end = k
            while end > 0 {
                let scalar = scalars[end - 1]
                let trims =
                    scalar.properties.isWhitespace
                    || (punctuation && request.trimPunctuation && IndexedText.isTrimmedPunctuation(scalar)
                        && (scalar == "…" || !entityRanges.contains { $0.contains(end - 1) }))
                guard trims else { break }
                end -= 1
            }
            return end
        }
        func string(_ count: Int) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[0..<count])
            return String(result)
        }
        let end = trimmed(scalars.count, punctuation: false)
        let whole = Answer(truncated: false, kept: end, suffixWraps: false)
        guard end > 0 else { return [.word: whole, .grapheme: whole] }

        // Rule 1, on the uncut text laid out whole.
        layout.setWidth(points: request.width)
        let uncutText = string(end)
        // Languages as the engine assigns them (an input to the cut, not part of the search).
        let textLanguage = request.language?.rawValue ?? TextLanguage.guess(request.text)
        let endingLanguage = TextLanguage.guess(request.ellipsis + request.suffix) ?? textLanguage
        let noHyphens = try AttributeList()
        noHyphens.setInsertHyphens(false, bytes: 0..<uncutText.utf8.count)
        if let textLanguage { noHyphens.setLanguage(textLanguage, bytes: 0..<uncutText.utf8.count) }
        let keptTogether = try rangesKeptTogether(request.text, request: request, body: body, language: textLanguage)
        let platformWords = TextStyle.platformWords(of: request, in: request.text, language: textLanguage)
        let spaceFont = request.spacesInFirstFamily ? body.firstFamilyAlone : nil
        let textBytes = Array(request.text.utf8)
        Self.platform(platformWords, spaceFont: spaceFont, in: textBytes, within: uncutText.utf8.count, on: noHyphens)
        Self.keep(keptTogether, within: uncutText.utf8.count, on: noHyphens)
        let entityBytes = Self.entityBytes(request)
        Self.weigh(entityBytes, request.entityWeight, within: 0..<uncutText.utf8.count, on: noHyphens)
        layout.setAttributes(noHyphens)
        layout.setFont(body)
        layout.setText(Array(uncutText.utf8))
        let lineStartBytes = layout.lineByteRanges.map(\.lowerBound)
        // The direction Pango gives each character's paragraph in the uncut text.
        let rightToLeft: [Bool] = (0..<end).map { index in
            layout.lineIsRightToLeft(layout.line(ofByte: string(index).utf8.count))
        }
        guard lineStartBytes.count > request.lines else { return [.word: whole, .grapheme: whole] }
        let lineNStart = characterIndex(ofByte: lineStartBytes[request.lines - 1], in: uncutText)
        var cursor: [Bool] = []
        var lineBreak: [Bool] = []
        layout.withLogAttributes { attributes in
            for attribute in attributes {
                cursor.append(attribute.is_cursor_position != 0)
                lineBreak.append(attribute.is_line_break != 0)
            }
        }

        // Every candidate, laid out.
        var lineCounts: [Int: (lines: Int, fits: Bool)] = [:]
        for k in 0...end where cursor[k] || k == 0 {
            let keptEnd = trimmed(k)
            if lineCounts[keptEnd] != nil { continue }
            // collapsed(k) = kept(k) + M + I + ellipsis + suffix + PDI, M and I after the paragraph's
            // direction; without M, I and PDI (the ending an item of its own) in a left-to-right
            // paragraph where neither the kept part nor the ending needs bidi levels.
            let kept = Array(string(keptEnd).utf8)
            let rtl = rightToLeft[max(keptEnd - 1, 0)]
            var paragraphStart = keptEnd
            while paragraphStart > 0 && !["\n", "\r", "\u{2029}"].contains(scalars[paragraphStart - 1]) { paragraphStart -= 1 }
            let keptPart = Array(string(keptEnd).utf8.dropFirst(string(paragraphStart).utf8.count))
            let unmarked =
                !rtl && !StrongDirection.needsBidi(keptPart)
                && !StrongDirection.needsBidi((request.gap + request.ellipsis + request.suffix).utf8)
            let opening = unmarked ? [] : Array((rtl ? "\u{200F}\u{2067}" : "\u{200E}\u{2066}").utf8)
            // The request's gap first after kept text whose last visible character is not CJK.
            let last = string(keptEnd).unicodeScalars.last { $0.properties.generalCategory != .format }
            let gapped = !request.gap.isEmpty && last.map { !TruncationRequest.isCJK($0) } == true
            let ellipsis = Array(((gapped ? request.gap : "") + request.ellipsis).utf8)
            let suffix = Array(request.suffix.utf8)
            let pop = unmarked ? [] : Array("\u{2069}".utf8)
            let attributes = try AttributeList()
            let suffixStart = kept.count + opening.count + ellipsis.count
            attributes.setFont(suffixFont, bytes: suffixStart..<(suffixStart + suffix.count))
            let all = kept + opening + ellipsis + suffix + pop
            if unmarked && !kept.isEmpty && all.count > kept.count { attributes.startItem(bytes: kept.count..<all.count) }
            attributes.setInsertHyphens(false, bytes: 0..<all.count)
            if let textLanguage, !kept.isEmpty { attributes.setLanguage(textLanguage, bytes: 0..<kept.count) }
            Self.platform(platformWords, spaceFont: spaceFont, in: textBytes, within: kept.count, on: attributes)
            Self.keep(keptTogether, within: kept.count, on: attributes)
            Self.weigh(entityBytes, request.entityWeight, within: 0..<kept.count, on: attributes)
            if let endingLanguage { attributes.setLanguage(endingLanguage, bytes: kept.count..<all.count) }
            layout.setAttributes(attributes)
            layout.setFont(body)
            layout.setText(all)
            let lines = layout.lineCount
            let markerLine = layout.line(ofByte: kept.count + opening.count)
            lineCounts[keptEnd] = (lines, lines <= request.lines && markerLine == lines - 1)
        }
        let graphemeCandidates = (0...end).filter { cursor[$0] || $0 == 0 }
        // Rule 4: never inside a link, mention or hashtag.
        let entities = request.entities ?? TextEntity.find(in: request.text)
        var inside = [Bool](repeating: false, count: scalars.count + 1)
        for entity in entities where entity.range.count > 1 {
            for k in (entity.range.lowerBound + 1)..<min(entity.range.upperBound, scalars.count + 1) { inside[k] = true }
        }
        let wordCandidates = graphemeCandidates.filter { $0 == 0 || (lineBreak[$0] && !inside[$0]) }

        let grapheme: Answer
        if let k = graphemeCandidates.last(where: { lineCounts[trimmed($0)]!.fits }) {
            grapheme = Answer(truncated: true, kept: trimmed(k), suffixWraps: false)
        } else {
            let k = graphemeCandidates.last(where: { lineCounts[trimmed($0)]!.lines <= request.lines }) ?? 0
            grapheme = Answer(truncated: true, kept: trimmed(k), suffixWraps: true)
        }
        var word = grapheme
        if let k = wordCandidates.last(where: { lineCounts[trimmed($0)]!.fits }), k > lineNStart {
            word = Answer(truncated: true, kept: trimmed(k), suffixWraps: false)
        }
        return [.word: word, .grapheme: grapheme]
    }

    private func characterIndex(ofByte byte: Int, in text: String) -> Int {
        var offset = 0
        var index = 0
        for scalar in text.unicodeScalars {
            if offset >= byte { break }
            offset += String(scalar).utf8.count
            index += 1
        }
        return index
    }
}
