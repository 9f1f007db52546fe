import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// A template that names its own font files (`fontFiles`, `hermeticFonts`, relative to its file):
/// `render`, `render --batch`, suites and any renderer draw it with them, never in other fonts.
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
        text = text.replacingOccurrences(
            of: "{\n  \"summary\"", with: "{\n  \"fontFiles\": \(fontFiles), \"hermeticFonts\": \(hermetic),\n  \"summary\"")
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
        #expect(
            hermetic.metadata["fonts"] as? [String] == ["SeeMore Test Sans"] && hermetic.metadata["unknownGlyphs"] as? Int == 2)
    }

    /// `render --batch` draws each line's template with that template's own files, on every thread.
    @Test func renderBatch_drawsATemplateWithItsOwnFontFiles() throws {
        let templates = try Self.templates(hermetic: false)
        let lines = [#"{"template": "brand", "text": "aaaa", "state": "collapsed"}"#, #"{"text": "aaaa", "state": "collapsed"}"#]
        let run = try BinaryRunner.run(
            [
                "render", "--batch", "-", "--jobs", "2", "--templates", templates, "--out",
                try BinaryRunner.temporaryFolder().path,
            ],
            stdin: Data((lines + lines).joined(separator: "\n").utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let fonts = run.stdout.split(separator: "\n").map {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["fonts"] as? [String]
        }
        #expect(fonts == [["SeeMore Test Sans"], ["DejaVu Sans"], ["SeeMore Test Sans"], ["DejaVu Sans"]], "\(run.stdout)")
    }

    @Test func aSuite_drawsItsTemplatesFontFiles() throws {
        let templates = try Self.templates(hermetic: true)
        // The suite beside its templates folder: a suite names one inside its repository.
        let path = (templates as NSString).deletingLastPathComponent + "/suite.json"
        try Data(
            """
            { "templates": "templates", "texts": { "t": "aaaa aaaa" },
              "matrices": [ { "templates": ["brand"], "texts": ["t"], "widths": [240] } ] }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let suite = try GoldenSuite.load(path: path)
        #expect(suite.fonts.hermetic && suite.fonts.files.count == 2)
        #expect(Set(suite.cases.map(\.font)) == ["SeeMore Test Sans 15"])
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        #expect(summary.results.count == 2 && summary.results.allSatisfy { $0.outcome == .missing })
        #expect(try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never)).failures.isEmpty)
    }

    @Test func aRendererWithoutTheTemplatesFonts_drawsItWithThem() throws {
        let template = try TemplateLoader.load(path: try Self.templates(hermetic: false) + "/brand.json")
        #expect(template.fonts.files.count == 2)
        let request = CardRequest(text: "aaaa", template: template)
        let own = try CardRenderer(fonts: template.fonts).draw(request, state: .collapsed)
        let system = try CardRenderer()
        #expect(system.fonts(for: request) == template.fonts)
        let drawn = try system.draw(request, state: .collapsed)
        #expect(drawn.image.pixels == own.image.pixels)
        #expect(drawn.metadata.fonts == ["SeeMore Test Sans"])
        // The same renderer still draws a card in the machine's fonts as before.
        let plain = CardRequest(text: "aaaa", template: try TemplateLoader.standard().load("inline-more"))
        #expect(system.fonts(for: plain) == .system)
        #expect(try system.draw(plain, state: .collapsed).metadata.fonts != ["SeeMore Test Sans"])
        // A hermetic suite draws its templates that are not hermetic with its own files alone.
        var hermetic = template.fonts
        hermetic.hermetic = true
        #expect(try CardRenderer(fonts: hermetic).fonts(for: request) == hermetic)
        // A request that names its fonts (a suite's case) gets exactly them.
        var exact = request
        exact.fonts = hermetic
        #expect(system.fonts(for: exact) == hermetic)
        #expect(
            try system.draw(exact, state: .collapsed).image.pixels
                == CardRenderer(fonts: hermetic).draw(request, state: .collapsed).image.pixels)
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
