@testable import SeeMore

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

    init() throws {
        context = try TextContext(fontMap: try FontMap())
        layout = try Layout(context: context)
    }

    /// The answers for both cut modes.
    func answers(_ request: TruncationRequest) throws -> [CutMode: Answer] {
        let body = try FontDescription(request.font).withDefaultSize(points: 15)
        let suffixFont = try request.suffixFont.map { try FontDescription($0).merged(onto: body) } ?? body
        let scalars = Array(request.text.unicodeScalars)
        func trimmed(_ k: Int) -> Int {
            var end = k
            while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
            return end
        }
        func string(_ count: Int) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[0..<count])
            return String(result)
        }
        let end = trimmed(scalars.count)
        let whole = Answer(truncated: false, kept: end, suffixWraps: false)
        guard end > 0 else { return [.word: whole, .grapheme: whole] }

        // Rule 1, on the uncut text laid out whole.
        layout.setWidth(points: request.width)
        layout.setAttributes(nil)
        layout.setFont(body)
        let uncutText = string(end)
        layout.setText(Array(uncutText.utf8))
        let lineStartBytes = layout.lineByteRanges.map(\.lowerBound)
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
            let kept = Array(string(keptEnd).utf8)
            let ellipsis = Array(request.ellipsis.utf8)
            let suffix = Array(request.suffix.utf8)
            let attributes = try AttributeList()
            attributes.setFont(suffixFont, bytes: (kept.count + ellipsis.count)..<(kept.count + ellipsis.count + suffix.count))
            layout.setAttributes(attributes)
            layout.setFont(body)
            layout.setText(kept + ellipsis + suffix)
            let lines = layout.lineCount
            let markerLine = layout.line(ofByte: kept.count)
            lineCounts[keptEnd] = (lines, lines <= request.lines && markerLine == lines - 1)
        }
        let graphemeCandidates = (0...end).filter { cursor[$0] || $0 == 0 }
        let wordCandidates = graphemeCandidates.filter { $0 == 0 || lineBreak[$0] }

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
