import SeeMoreSupport
import SeeMoreImage

/// A case's result as a record (`RecordWriter`), for the workers of `check --jobs` and the run's
/// `ResultSpool`: every field, so a result read back equals the one written.
extension CaseResult {
    func write(to record: inout RecordWriter) {
        record.string(name)
        record.string(outcome.rawValue)
        record.string(message)
        record.string(goldenPath)
        record.optional(recordedPath) { $0.string($1) }
        record.array(artifacts.sorted { $0.key < $1.key }) {
            $0.string($1.key)
            $0.string($1.value)
        }
        record.optional(differentPixels) { $0.integer($1) }
        record.optional(totalPixels) { $0.integer($1) }
        record.optional(layoutDiff) { record, diff in
            record.array(diff.rows) { record, row in
                record.string(row.kind.rawValue)
                for spans in [row.golden, row.actual] {
                    record.optional(spans) { record, spans in
                        record.array(spans) {
                            $0.string($1.text)
                            $0.bool($1.changed)
                        }
                    }
                }
            }
        }
        record.array(contrast) { record, note in
            record.string(note.role)
            for color in [note.foreground, note.background] {
                for channel in [color.red, color.green, color.blue, color.alpha] { record.double(channel) }
            }
            record.double(note.ratio)
            record.double(note.points)
            record.bool(note.bold)
        }
        record.string(group)
        record.optional(actualHash) { $0.string($1) }
        record.optional(writeError) { $0.string($1) }
        record.array(mixedFonts) { $0.string($1) }
    }

    /// - Throws: `RecordReader.Damaged` for bytes no `write` made.
    /// The fewest bytes a contrast note takes: its role (a length, maybe 0), two colors of four
    /// doubles, the ratio and the size (doubles), the bold flag.
    static let contrastNoteMinimumBytes = 1 + 2 * 4 * 8 + 8 + 8 + 1

    init(from record: inout RecordReader) throws {
        let name = try record.string()
        guard let outcome = GoldenOutcome(rawValue: try record.string()) else { throw RecordReader.Damaged() }
        let message = try record.string()
        self.init(name: name, outcome: outcome, message: message, goldenPath: try record.string(), group: "")
        recordedPath = try record.optional { try $0.string() }
        var artifacts: [String: String] = [:]
        for _ in 0..<(try record.count(minimumBytes: 2)) {
            let kind = try record.string()
            artifacts[kind] = try record.string()
        }
        self.artifacts = artifacts
        differentPixels = try record.optional { try $0.integer() }
        totalPixels = try record.optional { try $0.integer() }
        layoutDiff = try record.optional { record in
            LayoutDiff(
                rows: try record.array(minimumBytes: 3) { record in
                    guard let kind = LayoutDiff.Row.Kind(rawValue: try record.string()) else { throw RecordReader.Damaged() }
                    func spans(_ record: inout RecordReader) throws -> [LayoutDiff.Span]? {
                        try record.optional { record in
                            try record.array(minimumBytes: 2) { LayoutDiff.Span(text: try $0.string(), changed: try $0.bool()) }
                        }
                    }
                    let golden = try spans(&record)
                    return LayoutDiff.Row(kind: kind, golden: golden, actual: try spans(&record))
                })
        }
        contrast = try record.array(minimumBytes: Self.contrastNoteMinimumBytes) { record in
            let role = try record.string()
            var colors: [Color] = []
            for _ in 0..<2 {
                colors.append(
                    Color(
                        red: try record.double(), green: try record.double(), blue: try record.double(),
                        alpha: try record.double()))
            }
            // As written, not blended or measured again.
            return ContrastNote(
                role: role, blendedForeground: colors[0], background: colors[1], ratio: try record.double(),
                points: try record.double(), bold: try record.bool())
        }
        group = try record.string()
        actualHash = try record.optional { try $0.string() }
        writeError = try record.optional { try $0.string() }
        mixedFonts = try record.array(minimumBytes: 1) { try $0.string() }
    }
}
