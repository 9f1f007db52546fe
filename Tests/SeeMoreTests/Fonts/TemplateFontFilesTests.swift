import Foundation
import Testing

@testable import SeeMore

/// A template that names its own font files (`fontFiles`, `hermeticFonts`, relative to its file):
/// `render` and suites draw it with them; a renderer made without them refuses it rather than
/// drawing it in other fonts.
@Suite struct TemplateFontFilesTests {
    /// A templates folder with `brand.json` (inline-more in SeeMore Test Sans) and the test fonts in `fonts/`.
    static func templates(hermetic: Bool, fontFiles: String = "[\"fonts/\"]") throws -> String {
        let folder = try BinaryRunner.temporaryFolder().appendingPathComponent("templates").path
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        for file in ["SeeMoreTestSans-Regular.ttf", "SeeMoreTestSans-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: FontFilesTests.folder + "/" + file, toPath: folder + "/fonts/" + file)
        }
        var text = try String(contentsOfFile: CardFixtures.templatesFolder + "/inline-more.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"font\": \"DejaVu Sans 15\"", with: "\"font\": \"SeeMore Test Sans 15\"")
        text = text.replacingOccurrences(of: "{\n  \"summary\"", with: "{\n  \"fontFiles\": \(fontFiles), \"hermeticFonts\": \(hermetic),\n  \"summary\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/brand.json"))
        return folder
    }

    static func render(_ templates: String) throws -> (status: Int32, metadata: [String: Any], stderr: String) {
        let out = try BinaryRunner.temporaryFolder().path
        let run = try BinaryRunner.run([
            "render", "--template", "brand", "--templates", templates, "--state", "collapsed", "--width", "240", "--out", out,
            "--name", "c", "--json", "--text", "aaaa 日本",
        ])
        let metadata = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
        return (run.status, metadata, run.stderr)
    }

    @Test func render_drawsATemplateWithItsOwnFontFiles() throws {
        let layered = try Self.render(try Self.templates(hermetic: false))
        #expect(layered.status == 0, "\(layered.stderr)")
        #expect((layered.metadata["fonts"] as? [String])?.first == "SeeMore Test Sans", "\(layered.metadata)")
        #expect(layered.metadata["unknownGlyphs"] as? Int == 0)
        let hermetic = try Self.render(try Self.templates(hermetic: true))
        #expect(hermetic.metadata["fonts"] as? [String] == ["SeeMore Test Sans"] && hermetic.metadata["unknownGlyphs"] as? Int == 2)
    }

    @Test func aSuite_drawsItsTemplatesFontFiles() throws {
        let templates = try Self.templates(hermetic: true)
        let path = try GoldenFixtures.suiteFile(
            """
            { "templates": "\(templates)", "texts": { "t": "aaaa aaaa" },
              "matrices": [ { "templates": ["brand"], "texts": ["t"], "widths": [240] } ] }
            """)
        let suite = try GoldenSuite.load(path: path)
        #expect(suite.fonts.hermetic && suite.fonts.files.count == 2)
        #expect(Set(suite.cases.map(\.font)) == ["SeeMore Test Sans 15"])
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        #expect(summary.results.count == 2 && summary.results.allSatisfy { $0.outcome == .missing })
        #expect(try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never)).failures.isEmpty)
    }

    @Test func aRendererWithoutTheTemplatesFonts_refusesIt() throws {
        let template = try TemplateLoader.load(path: try Self.templates(hermetic: false) + "/brand.json")
        #expect(template.fonts.files.count == 2)
        let request = CardRequest(text: "aaaa", template: template)
        #expect(throws: CardError.fontsNotLoaded(template: "brand", files: template.fonts.files)) {
            try CardRenderer().draw(request, state: .collapsed)
        }
        #expect(throws: Never.self) { try CardRenderer(fonts: template.fonts).draw(request, state: .collapsed) }
        // A hermetic suite draws its templates that are not hermetic with its own files alone.
        var hermetic = template.fonts
        hermetic.hermetic = true
        #expect(throws: Never.self) { try CardRenderer(fonts: hermetic).draw(request, state: .collapsed) }
    }

    @Test(arguments: [
        ("[\"../elsewhere/\"]", "brand.json:2:16: fontFiles: ../elsewhere/: it is outside"),
        ("[]", "hermeticFonts: hermetic fonts need fontFiles"),
    ])
    func badFontFiles_areNamedAtTheirField(fontFiles: String, message: String) throws {
        let run = try Self.render(try Self.templates(hermetic: true, fontFiles: fontFiles))
        #expect(run.status == 65 && run.stderr.contains(message), "\(run.stderr)")
    }
}
