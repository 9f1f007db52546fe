import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// A matrix without `fonts` draws each case in its template's own font, so changing the template's
/// font fails those cases; a matrix with `fonts` says in the report that they replace the template's.
@Suite struct TemplateFontTests {
    static func suite(fonts: String?) throws -> (path: String, templates: String) {
        let path = try GoldenFixtures.suiteFile(
            """
            {
              "templates": "templates",
              "texts": { "t": "We shipped the new onboarding flow today! Huge thanks to everyone who tested it." },
              "matrices": [ { "templates": ["inline-more"], "texts": ["t"], \(fonts.map { "\"fonts\": \($0)," } ?? "") "widths": [240] } ]
            }
            """)
        let templates = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("templates").path
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CardFixtures.templatesFolder + "/inline-more.json", toPath: templates + "/inline-more.json")
        return (path, templates)
    }

    static func check(_ path: String, record: String) throws -> BinaryRunner.Output {
        try BinaryRunner.run([
            "check", "--suite", path, "--record", record, "--artifacts", try BinaryRunner.temporaryFolder().path,
        ])
    }

    @Test func withoutFonts_theTemplatesFontIsUsed_andItsChangeFails() throws {
        let (path, templates) = try Self.suite(fonts: nil)
        let suite = try GoldenSuite.load(path: path)
        #expect(suite.cases.map(\.font) == ["DejaVu Sans 15", "DejaVu Sans 15"])
        #expect(suite.cases.first?.name == "inline-more/t/DejaVuSans-15@240.light.collapsed")
        #expect(try Self.check(path, record: "missing").status == 1)
        #expect(try Self.check(path, record: "never").status == 0)
        // The team's template moves to a serif: every case of it fails.
        let file = templates + "/inline-more.json"
        let serif = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "DejaVu Sans 15", with: "DejaVu Serif 15")
        try Data(serif.utf8).write(to: URL(fileURLWithPath: file))
        let changed = try Self.check(path, record: "never")
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(changed.stdout.contains("NEW inline-more/t/DejaVuSerif-15@240.light.collapsed"), "\(changed.stdout)")
        #expect(changed.stdout.contains("MISSING"), "the old goldens are no case's any more: \(changed.stdout)")
    }

    @Test func suiteFonts_sayTheyReplaceTheTemplates() throws {
        let (path, _) = try Self.suite(fonts: "[\"DejaVu Serif 15\"]")
        let artifacts = try BinaryRunner.temporaryFolder().path
        _ = try BinaryRunner.run(["check", "--suite", path, "--record", "missing", "--artifacts", artifacts])
        let report = try String(contentsOfFile: artifacts + "/report.json", encoding: .utf8)
        #expect(report.contains("inline-more · DejaVu Serif 15 (font from the suite; the template's: DejaVu Sans 15) · 240 pt"))
        // A suite font equal to the template's needs no note.
        let (same, _) = try Self.suite(fonts: "[\"DejaVu Sans 15\"]")
        _ = try BinaryRunner.run(["check", "--suite", same, "--record", "missing", "--artifacts", artifacts])
        #expect(
            try String(contentsOfFile: artifacts + "/report.json", encoding: .utf8).contains(
                "\"inline-more · DejaVu Sans 15 · 240 pt\""))
    }
}
