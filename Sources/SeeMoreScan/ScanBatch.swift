import SeeMoreCards
import SeeMoreSupport
import SeeMoreText

/// Texts sent to a scan's worker process and the cases it answers, as records (`WorkerJob.scanTexts`):
/// every field listed once for writing and reading.
package enum ScanBatch {
    /// The message of a batch of texts.
    package static func message(_ texts: [CorpusText]) -> [UInt8] {
        var record = RecordWriter()
        var fields = texts
        code(&fields, &record)
        return record.bytes
    }

    /// The texts of a message; nil for bytes `message` did not make.
    package static func texts(_ message: [UInt8]) -> [CorpusText]? {
        var reader = RecordReader(message[...])
        var texts: [CorpusText] = []
        guard (try? code(&texts, &reader)) != nil, reader.isAtEnd else { return nil }
        return texts
    }

    /// The answer of a batch: each text's cases, in order.
    package static func answer(_ cases: [ScanCase]) -> [UInt8] {
        var record = RecordWriter()
        var fields = cases
        code(&fields, &record)
        return record.bytes
    }

    /// The cases of an answer; nil for bytes `answer` did not make.
    package static func cases(_ answer: [UInt8]) -> [ScanCase]? {
        var reader = RecordReader(answer[...])
        var cases: [ScanCase] = []
        guard (try? code(&cases, &reader)) != nil, reader.isAtEnd else { return nil }
        return cases
    }

    private static func code<Coder: RecordCoder>(_ texts: inout [CorpusText], _ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&texts, blank: CorpusText(id: "", text: "", line: 0)) { coder, text throws(Coder.Failure) in
            try coder.code(&text.id)
            try coder.code(&text.text)
            try coder.code(&text.language, blank: .undetermined) { coder, tag throws(Coder.Failure) in try coder.code(&tag) }
            try coder.code(&text.line)
        }
    }

    private static func code<Coder: RecordCoder>(_ cases: inout [ScanCase], _ coder: inout Coder) throws(Coder.Failure) {
        let blank = ScanCase(id: "", line: 0, cell: .init(template: "", width: 0))
        try coder.code(&cases, blank: blank) { coder, scan throws(Coder.Failure) in
            try coder.code(&scan.id)
            try coder.code(&scan.line)
            try coder.code(&scan.template)
            try coder.code(&scan.locale)
            try coder.code(&scan.font)
            try coder.code(&scan.width)
            try coder.code(&scan.truncated)
            try coder.code(&scan.characters)
            try coder.code(&scan.kept)
            try coder.code(&scan.lines)
            try coder.code(&scan.suffixWraps)
            try coder.code(&scan.characterCut)
            try coder.code(&scan.unknownGlyphs)
            try coder.code(&scan.fonts)
            try coder.code(&scan.fallbackRuns, blank: FallbackRun(text: "", start: 0, length: 0, font: "", requested: "")) {
                coder, run throws(Coder.Failure) in
                try coder.code(&run.text)
                try coder.code(&run.start)
                try coder.code(&run.length)
                try coder.code(&run.font)
                try coder.code(&run.requested)
            }
            try coder.code(&scan.lints, blank: CutLint(kind: .kinsoku, detail: "")) { coder, lint throws(Coder.Failure) in
                try coder.code(&lint.kind)
                try coder.code(&lint.detail)
                try coder.code(&lint.severity)
            }
            try coder.code(&scan.error)
        }
    }
}
