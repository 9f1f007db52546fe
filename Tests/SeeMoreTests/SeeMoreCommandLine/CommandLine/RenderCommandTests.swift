import Foundation
@testable import SeeMoreCards
@testable import SeeMoreCommandLine
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// `seemore render` run as a binary.
@Suite struct RenderCommandTests {
    static let text = CardFixtures.longText

    @Test func render_writesBothPNGsAndTheirMetadata() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run([
            "render", "--text", Self.text, "--template", "x", "--width", "320", "--scale", "2", "--theme", "dark",
            "--out", folder.path, "--name", "post", "--json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["post.collapsed.png", "post.expanded.png", "post.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["template"] as? String == "x")
        #expect(object["scale"] as? Int == 2)
        #expect(object["theme"] as? String == "dark")
        #expect(object["width"] as? Int == 320)
        for state in ["collapsed", "expanded"] {
            let card = try #require(object[state] as? [String: Any])
            #expect(card["file"] as? String == "\(folder.path)/post.\(state).png")
            #expect(card["pixelWidth"] as? Int == 640)
            for key in ["pixelHeight", "truncated", "kept", "lineCount", "suffixRect", "hitRect"] {
                #expect(card[key] != nil, "\(state) lacks \(key)")
            }
            let png = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/post.\(state).png"))
            #expect(try PNGCodec.decode([UInt8](png)).height == card["pixelHeight"] as? Int)
        }
        let written = try String(contentsOfFile: "\(folder.path)/post.json", encoding: .utf8)
        #expect(written == output.stdout)
    }

    /// `--pseudo` draws the text and the card's strings pseudo-localized; another value is a usage error.
    @Test func pseudo_drawsTheTextAndTheSuffixPseudoLocalized() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run([
            "render", "--text", Self.text, "--template", "x", "--pseudo", "expanded", "--state", "collapsed", "--out",
            folder.path, "--name", "post", "--json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let card = try #require(object["collapsed"] as? [String: Any])
        let kept = try #require(card["kept"] as? String)
        #expect(kept.hasPrefix("[") && kept.contains("é"), "\(kept)")
        #expect(kept.hasPrefix(String(PseudoLocale.expanded.apply(to: Self.text).prefix(10))))
        let bad = try BinaryRunner.run(["render", "--text", "Hi", "--pseudo", "en-XA", "--out", folder.path])
        #expect(bad.status == 64 && bad.stderr.contains("--pseudo"), "\(bad.stderr)")
    }

    /// `--locale` with `--catalog` draws the template's strings in that locale, and a batch line's
    /// `locale` does too (in the workers); `--catalog` alone is a usage error, a missing catalog 66.
    @Test func locale_drawsTheCatalogsStrings() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let brand = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../../examples/brand"
        )
        .standardized.path
        let common = ["--template", brand + "/templates/acme-post.json", "--catalog", brand + "/strings", "--out", folder.path]
        let output = try BinaryRunner.run(
            ["render", "--text", Self.text, "--locale", "ar", "--state", "collapsed", "--json"] + common)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("اقرأ المزيد") && output.stdout.contains("\"language\": \"ar\""), "\(output.stdout)")
        let batch = try BinaryRunner.temporaryFile(
            Array(
                #"{"text": "\#(Self.text)", "template": "acme-post", "locale": "de", "name": "de", "state": "collapsed"}"#.utf8),
            name: "batch.jsonl")
        let lines = try BinaryRunner.run(
            [
                "render", "--batch", batch.path, "--templates", brand + "/templates", "--catalog", brand + "/strings", "--out",
                folder.path,
            ])
        #expect(lines.status == 0 && lines.stdout.contains("Mehr lesen"), "\(lines.stdout)\(lines.stderr)")
        let alone = try BinaryRunner.run(["render", "--text", "Hi", "--catalog", brand + "/strings", "--out", folder.path])
        #expect(alone.status == 64 && alone.stderr.contains("--locale"), "\(alone.stderr)")
        let missing = try BinaryRunner.run([
            "render", "--text", "Hi", "--locale", "de", "--catalog", "nowhere.po", "--out", folder.path,
        ])
        #expect(missing.status == 66 && missing.stderr.contains("nowhere.po"), "\(missing.stderr)")
    }

    @Test func defaultName_isTheTemplateAndAHashOfTheText() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run(["render", "--text", "hello", "--out", folder.path, "--state", "collapsed"])
        #expect(output.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0.hasPrefix("inline-more-") })
        #expect(files.contains { $0.hasSuffix(".collapsed.png") })
        #expect(
            RenderCommand.defaultName(template: "x", text: "hello") == RenderCommand.defaultName(template: "x", text: "hello"))
        #expect(
            RenderCommand.defaultName(template: "x", text: "hello") != RenderCommand.defaultName(template: "x", text: "hullo"))
    }

    @Test func templatesAreFound_fromAnotherWorkingDirectory() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run(
            ["render", "--text", "hi", "--template", "chat-input", "--out", folder.path], workingDirectory: folder)
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test(arguments: [
        (
            ["render", "--text", "x", "--template", "nope"], 64,
            "unknown template 'nope'; available: caption, chat-input, fade-overlay, feed, feed-ja, inline-more, post, read-more-tail, x"
        ),
        (["render", "--text", "x", "--suffix-color", "blue"], 64, "--suffix-color must be #RRGGBB or #RRGGBBAA, not 'blue'"),
        (["render", "--text", "x", "--name", "../escape"], 64, "--name must be a plain file name"),
        (["render", "--text", "x", "--name", "a/b"], 64, "--name must be a plain file name"),
        (["render", "--text", "x", "--scale", "4"], 64, "--scale must be 1, 2 or 3"),
        (["render", "--text", "x", "--theme", "sepia"], 64, "template 'inline-more' has no theme 'sepia'; themes: dark, light"),
        (["render", "--text", "x", "--state", "half"], 64, "--state must be one of collapsed, expanded, both, not 'half'"),
        (["render", "--text", "x", "--width", "20"], 64, "leaves no room for text"),
        (["render", "--markup", "--text", "<b>bold</i>"], 65, "invalid markup: Error on line 1 char"),
    ])
    func badInput_isNamedWithItsExitCode(arguments: [String], status: Int32, message: String) throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run(arguments + ["--out", folder.path])
        #expect(output.status == status)
        #expect(output.stderr.hasPrefix("Error: "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is written")
    }

    @Test func brokenTemplateFile_isExit65WithFileLineAndColumn() throws {
        let file = try BinaryRunner.temporaryFile(
            Array("{\n  \"body\": { \"lines\": -1 },\n  \"themes\": {}\n}".utf8), name: "broken.json")
        let output = try BinaryRunner.run(["render", "--text", "x", "--template", file.path])
        #expect(output.status == 65)
        #expect(output.stderr == "Error: \(file.path):2:22: body.lines: must be from 1 to 1000, not -1\n")
    }

    @Test func unwritableOutputFolder_isExit73WithItsPath() throws {
        let blocker = try BinaryRunner.temporaryFile([1], name: "not-a-folder")
        let output = try BinaryRunner.run(["render", "--text", "x", "--out", blocker.path + "/cards"])
        #expect(output.status == 73)
        #expect(output.stderr.hasPrefix("Error: cannot write \(blocker.path)/cards"))
    }

    @Test func readOnlyOutputFolder_leavesNoPartialFiles() throws {
        guard getuid() != 0 else { return }  // root writes anywhere; the folder test above covers exit 73
        let folder = try BinaryRunner.temporaryFolder()
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        let output = try BinaryRunner.run(["render", "--text", "x", "--out", folder.path])
        #expect(output.status == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func help_exitsZero() throws {
        let output = try BinaryRunner.run(["render", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Usage: seemore render"))
    }
}

@Suite struct PreviewCommandTests {
    /// A contact sheet a template, each at most about two screens tall (one of them all was 16 867 px),
    /// and a page that names and shows them all.
    @Test func preview_rendersTheDemoAContactSheetATemplateAndTheirIndex() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run(["preview", "--out", folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Contact sheets: \(folder.path)/index.html"))
        let pngs = GoldenFixtures.files(under: folder.path).filter { $0.0.hasSuffix(".png") }
        let templates = CardFixtures.templateNames
        #expect(pngs.count == templates.count * DemoText.all.count * 3 * 2 * 2 + templates.count)
        let page = try String(contentsOfFile: folder.path + "/index.html", encoding: .utf8)
        for name in templates {
            let sheet = try PNGCodec.decode([UInt8](try #require(pngs.first { $0.0 == "contact-sheets/\(name).png" }).1))
            #expect(sheet.width > 1000 && sheet.height > 1000 && sheet.height < 3000, "\(name): \(sheet.width)×\(sheet.height)")
            #expect(page.contains("<img src=\"contact-sheets/\(name).png\""), "\(name)")
            #expect(page.contains("<a href=\"#\(name)\">\(name)</a>"), "\(name)")
        }
    }
}
