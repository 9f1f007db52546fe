import SeeMoreScan
import SeeMoreSupport
import SeeMoreWeb

/// One text in one cell made ready for both engines by SeeMore (in a worker process, with a time and
/// memory budget, `ComparePreparer`): SeeMore's lines and their widths, the browser's request for the
/// same drawn text, and what tells a difference's kind. Sent from worker to parent as a record
/// (`CompareBatch`).
package struct PreparedText: Equatable, Sendable {
    /// Why SeeMore cannot lay the text out in this cell (or a chat input's "no cut"); nil when it can.
    package var error: String? = nil
    /// The expanded card's body lines, and each one's width without its end spaces.
    package var ours: [String] = []
    package var ourWidths: [Double] = []
    package var textWidth = 0.0
    /// The browser's request; nil with an error.
    package var web: WebLines.Request? = nil
    /// The drawn text's links, and its characters SeeMore drew in a fallback font, in scalars.
    package var links: [Range<Int>] = []
    package var fallback: [Int] = []

    package init() {}

    /// What tells why SeeMore's lines and the browser's `web` differ; nil when they do not.
    func evidence(web: [WebLines.Line]) -> DifferenceKind.Evidence? {
        let item = WebComparison.Case(
            id: "", cell: ScanStatistics.Key(template: "", font: "", width: 0), ours: ours, web: web.map(\.text))
        guard let line = item.firstDifference else { return nil }
        var evidence = DifferenceKind.Evidence(
            ours: ours, web: item.web, ourWidths: ourWidths, webWidths: web.map(\.box.width), textWidth: textWidth, line: line)
        evidence.links = links
        evidence.fallback = Set(fallback)
        return evidence
    }
}

/// Texts sent to a comparison's worker and the prepared texts it answers, as records
/// (`WorkerJob.compareTexts`): the texts as a scan's (`ScanBatch.message`), the answer every text's
/// prepared cells in matrix order.
package enum CompareBatch {
    /// The answer of a batch: for each text, one prepared text per cell.
    package static func answer(_ prepared: [[PreparedText]]) -> [UInt8] {
        var record = RecordWriter()
        var fields = prepared
        code(&fields, &record)
        return record.bytes
    }

    /// The prepared texts of an answer; nil for bytes `answer` did not make.
    package static func prepared(_ answer: [UInt8]) -> [[PreparedText]]? {
        var reader = RecordReader(answer[...])
        var prepared: [[PreparedText]] = []
        guard (try? code(&prepared, &reader)) != nil, reader.isAtEnd else { return nil }
        return prepared
    }

    private static func code<Coder: RecordCoder>(_ texts: inout [[PreparedText]], _ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&texts, blank: []) { coder, cells throws(Coder.Failure) in
            try coder.code(&cells, blank: PreparedText()) { coder, text throws(Coder.Failure) in
                try coder.code(&text.error)
                try coder.code(&text.ours)
                try coder.code(&text.ourWidths, blank: 0) { coder, width throws(Coder.Failure) in try coder.code(&width) }
                try coder.code(&text.textWidth)
                try coder.code(&text.web, blank: WebLines.Request(text: "", family: "", size: 0, lineHeight: 0, width: 0)) {
                    coder, request throws(Coder.Failure) in
                    try coder.code(&request.text)
                    try coder.code(&request.family)
                    try coder.code(&request.size)
                    try coder.code(&request.lineHeight)
                    try coder.code(&request.width)
                    try coder.code(&request.language)
                    try coder.code(&request.style)
                    try coder.code(&request.spans, blank: WebLines.Span(range: 0..<0, style: "")) {
                        coder, span throws(Coder.Failure) in
                        try code(&span.range, &coder)
                        try coder.code(&span.style)
                    }
                }
                try coder.code(&text.links, blank: 0..<0) { coder, range throws(Coder.Failure) in try code(&range, &coder) }
                try coder.code(&text.fallback, blank: 0) { coder, index throws(Coder.Failure) in try coder.code(&index) }
            }
        }
    }

    /// A range as its two bounds; a read upper bound below the lower is read as empty.
    private static func code<Coder: RecordCoder>(_ range: inout Range<Int>, _ coder: inout Coder) throws(Coder.Failure) {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        try coder.code(&lower)
        try coder.code(&upper)
        range = lower..<max(lower, upper)
    }
}
