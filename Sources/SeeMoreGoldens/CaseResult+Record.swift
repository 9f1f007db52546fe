import SeeMoreImage
import SeeMoreSupport

/// A case's result as a record, for the workers of `check --jobs` and the run's `ResultSpool`: every
/// field, listed once for writing and reading, so a result read back equals the one written.
extension CaseResult {
    /// A result to read a record into.
    private static var blank: CaseResult { CaseResult(name: "", outcome: .passed, message: "", goldenPath: "", group: "") }

    func write(to record: inout RecordWriter) {
        var fields = self
        fields.code(&record)
    }

    /// - Throws: `RecordReader.Damaged` for bytes no `write` made.
    init(from record: inout RecordReader) throws {
        self = Self.blank
        try code(&record)
    }

    private mutating func code<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&name)
        try coder.code(&outcome)
        try coder.code(&message)
        try coder.code(&goldenPath)
        try coder.code(&recordedPath)
        try coder.code(&artifacts)
        try coder.code(&differentPixels)
        try coder.code(&totalPixels)
        try coder.code(&layoutDiff, blank: LayoutDiff(rows: [])) { coder, diff throws(Coder.Failure) in
            try coder.code(&diff.rows, blank: LayoutDiff.Row(kind: .same, golden: nil, actual: nil)) {
                coder, row throws(Coder.Failure) in
                try coder.code(&row.kind)
                // Each side in turn, without key paths (a report reads every result back).
                func code(_ side: inout [LayoutDiff.Span]?) throws(Coder.Failure) {
                    try coder.code(&side, blank: []) { coder, spans throws(Coder.Failure) in
                        try coder.code(&spans, blank: LayoutDiff.Span(text: "", changed: false)) {
                            coder, span throws(Coder.Failure) in
                            try coder.code(&span.text)
                            try coder.code(&span.changed)
                        }
                    }
                }
                try code(&row.golden)
                try code(&row.actual)
            }
        }
        // Contrast notes as written, never blended or measured again.
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let blankNote = ContrastNote(role: "", blendedForeground: clear, background: clear, ratio: 0, points: 0, bold: false)
        try coder.code(&contrast, blank: blankNote) { coder, note throws(Coder.Failure) in
            try coder.code(&note.role)
            func code(_ color: inout Color) throws(Coder.Failure) {
                try coder.code(&color.red)
                try coder.code(&color.green)
                try coder.code(&color.blue)
                try coder.code(&color.alpha)
            }
            try code(&note.foreground)
            try code(&note.background)
            try coder.code(&note.ratio)
            try coder.code(&note.points)
            try coder.code(&note.bold)
        }
        try coder.code(&group)
        try coder.code(&actualHash)
        try coder.code(&writeError)
        try coder.code(&mixedFonts)
        try coder.code(&fontFiles)
        try coder.code(&seconds)
        try coder.code(&tolerance, blank: Tolerance()) { coder, tolerance throws(Coder.Failure) in
            try coder.code(&tolerance.threshold)
            try coder.code(&tolerance.maxDiffPixels)
            try coder.code(&tolerance.maxDiffRatio)
            try coder.code(&tolerance.deltaE, blank: 0) { coder, value throws(Coder.Failure) in try coder.code(&value) }
        }
        try coder.code(&goldenKey)
        try coder.code(&skipped)
        try coder.code(&drawnBecause)
        try coder.code(&signature, blank: ChangeSignature(key: "")) { coder, signature throws(Coder.Failure) in
            try coder.code(&signature.key)
            try coder.code(&signature.template)
            try coder.code(&signature.cutShift)
            try coder.code(&signature.cutUnit)
        }
    }
}
