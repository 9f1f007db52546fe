import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct TemplateLoaderTests {
    @Test(arguments: CardFixtures.templateNames)
    func shippedTemplates_loadWithBothThemes(name: String) throws {
        let template = try CardFixtures.template(name)
        #expect(template.name == name)
        #expect(Set(template.themes.keys) == ["light", "dark"])
        #expect(!template.summary.isEmpty)
    }

    @Test func shippedTemplates_areTheFiveStyles() throws {
        let names = TemplateLoader(folders: [CardFixtures.templatesFolder]).available()
        #expect(names == CardFixtures.templateNames.sorted())
        #expect(try CardFixtures.template("chat-input").kind == .input)
        #expect(try CardFixtures.template("x").suffix.placement == .below)
        #expect(try CardFixtures.template("fade-overlay").suffix.placement == .overlay)
        #expect(try CardFixtures.template("read-more-tail").ellipsis == "")
        #expect(try CardFixtures.template("fade-overlay").suffix.underline)
    }

    @Test func unknownName_listsTheAvailableTemplates() throws {
        let loader = TemplateLoader(folders: [CardFixtures.templatesFolder])
        #expect(
            throws: TemplateError.unknown(name: "nope", available: CardFixtures.templateNames.sorted(), folders: loader.folders)
        ) {
            try loader.load("nope")
        }
    }

    static func decodeError(_ json: String) -> String? {
        do {
            _ = try TemplateLoader.decode(Data(json.utf8), path: "t.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let minimalThemes = """
        "themes": { "light": { "background": "#FFFFFF", "border": "#000000", "text": "#000000",
          "secondaryText": "#555555", "suffix": "#0000FF" } }
        """

    @Test func lineHeight_takesAMultipleOrPoints() throws {
        for (value, expected) in [("1.25", LineHeight.multiple(1.25)), ("\"20pt\"", .points(20)), ("0", .natural)] {
            let json = "{ \"body\": { \"lineHeight\": \(value) }, \(Self.minimalThemes) }"
            let template = try JSONDocument.decode(CardTemplate.self, from: Data(json.utf8))
            #expect(template.body.lineHeight == expected)
        }
    }

    @Test func minimalTemplate_getsEveryDefault() throws {
        let template = try TemplateLoader.decode(Data("{\(Self.minimalThemes)}".utf8), path: "t.json")
        #expect(template.card.width == 343)
        #expect(template.body.lines == 3)
        #expect(template.body.cut == .word)
        #expect(template.ellipsis == "… ")
        #expect(template.suffix.text == "See more")
        #expect(template.suffix.placement == .inline)
        #expect(template.kind == .card)
        #expect(template.field.maxLines == 5)
    }

    @Test(arguments: [
        ("{\n  \"body\": { \"lines\": 3,, }\n}", "t.json:2:24: expected a field name in double quotes"),
        ("{ \"body\": { \"lines\": \"three\" }, THEMES }", "t.json:1:22: body.lines: expected a whole number"),
        ("{\n  \"body\": {\n    \"lines\": \"three\"\n  },\n  THEMES\n}", "t.json:3:14: body.lines: expected a whole number"),
        ("{\n  \"body\": { \"lines\": 0 },\n  THEMES\n}", "t.json:2:22: body.lines: must be from 1 to 1000, not 0"),
        (
            "{\n  \"card\": { \"width\": 1e300 },\n  THEMES\n}",
            "t.json:2:22: card.width: must be above 0 and at most 10000, not 1e+300"
        ),
        ("{\n  \"body\": { \"lineHeight\": 1e40 },\n  THEMES\n}", "t.json:2:27: body.lineHeight: must be from 0 to 10"),
        (
            "{\n  \"body\": { \"lineHeight\": \"20px\" },\n  THEMES\n}",
            "t.json:2:27: body.lineHeight: \"20px\" is not a line height; write a multiple of the font size (1.25) or points (\"20pt\")"
        ),
        (
            "{\n  \"body\": { \"lang\": \"ja_JP\" },\n  THEMES\n}",
            "t.json:2:21: body.lang: \"ja_JP\" is not a BCP 47 language tag"
        ),
        ("{\n  \"body\": { \"lines\": 1e999 },\n  THEMES\n}", "t.json:2:22: the number 1e999 is out of range"),
        (
            "{\n  \"body\": { \"lines\": 9223372036854775808 },\n  THEMES\n}",
            "t.json:2:22: the whole number 9223372036854775808 is too large to be represented exactly"
        ),
        ("{\n  \"body\": { \"lines\": 1.5 },\n  THEMES\n}", "t.json:2:22: body.lines: must be a whole number, not 1.5"),
        (
            "{\n  \"body\": { \"korean\": \"jamo\" },\n  THEMES\n}",
            "t.json:2:23: body.korean: \"jamo\" is not one of \"words\", \"syllables\""
        ),
        (
            "{\n  \"body\": { \"lineBreak\": \"css\" },\n  THEMES\n}",
            "t.json:2:26: body.lineBreak: \"css\" is not one of \"auto\", \"loose\", \"normal\", \"strict\", \"anywhere\""
        ),
        (
            "{\n  \"body\": { \"platform\": \"macos\" },\n  THEMES\n}",
            "t.json:2:25: body.platform: \"macos\" is not one of \"web\", \"ios\", \"android\""
        ),
        (
            "{\n  \"body\": { \"korean\": \"words\", \"wordBreak\": \"normal\" },\n  THEMES\n}",
            "t.json:2:23: body.korean: \"korean\" is the former name of \"wordBreak\": give only one"
        ),
        (
            "{\n  \"suffix\": { \"fade\": { \"startOpacity\": 2 } },\n  THEMES\n}",
            "t.json:2:41: suffix.fade.startOpacity: must be from 0 to 1, not 2"
        ),
        (
            "{\n  \"body\": { \"lnes\": 2 },\n  THEMES\n}",
            "t.json:2:21: body.lnes: unknown field; known fields are font, lineHeight, lines, cut"
        ),
        (
            "{\n  \"suffix\": { \"placement\": \"side\" },\n  THEMES\n}",
            "t.json:2:28: suffix.placement: \"side\" is not one of \"inline\", \"below\", \"overlay\""
        ),
        ("{\n  \"body\": {}\n}", "t.json:1:1: themes: missing required field"),
    ])
    func brokenTemplates_namePositionAndField(json: String, expected: String) {
        let message = Self.decodeError(json.replacingOccurrences(of: "THEMES", with: Self.minimalThemes))
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    /// `platform` sets the line breaking of the platform, fields beside it win, and `korean` is the
    /// former `wordBreak`.
    @Test func platform_setsLineBreaking_andFieldsBesideItWin() throws {
        func body(_ fields: String) throws -> CardTemplate.Body {
            try TemplateLoader.decode(Data("{ \"body\": { \(fields) }, \(Self.minimalThemes) }".utf8), path: "t.json").body
        }
        let plain = try body("\"lines\": 3")
        #expect(
            plain.lineBreak == nil && plain.wordBreak == .keepHangul && plain.keepsEntitiesWhole && !plain.spacesInFirstFamily)
        let web = try body("\"platform\": \"web\"")
        #expect(web.lineBreak == .auto && web.wordBreak == .normal && !web.keepsEntitiesWhole && web.spacesInFirstFamily)
        let ios = try body("\"platform\": \"ios\"")
        #expect(ios.lineBreak == .auto && ios.wordBreak == .keepHangul && !ios.spacesInFirstFamily)
        let strictWeb = try body("\"platform\": \"web\", \"lineBreak\": \"strict\", \"wordBreak\": \"keep-all\"")
        #expect(strictWeb.lineBreak == .strict && strictWeb.wordBreak == .keepAll)
        #expect(try body("\"korean\": \"syllables\"").wordBreak == .normal)
        #expect(try body("\"korean\": \"words\"").wordBreak == .keepHangul)
    }

    @Test func badColor_namesTheFieldAndTheValue() {
        let json = """
            {
              "themes": { "dark": { "background": "#000000", "border": "#222", "text": "#FFFFFF",
                "secondaryText": "#AAAAAA", "suffix": "#0000FF" } }
            }
            """
        #expect(Self.decodeError(json) == "t.json:2:60: themes.dark.border: \"#222\" is not a color; write #RRGGBB or #RRGGBBAA")
    }

    @Test func colors_parseBothForms() {
        #expect(Color(hex: "#1D9BF0") == Color(red: 0x1D / 255.0, green: 0x9B / 255.0, blue: 0xF0 / 255.0))
        #expect(Color(hex: "#1d9bf080")?.alpha == 0x80 / 255.0)
        #expect(Color(hex: "1D9BF0") == nil)
        #expect(Color(hex: "#1D9BFG") == nil)
        #expect(Color(hex: "#1D9BF0")?.description == "#1D9BF0")
    }
}

@Suite struct JSONParserTests {
    @Test(arguments: [
        ("[1, 2,]", 1, 7), ("{\"a\" 1}", 1, 6), ("\n\n  tru", 3, 3), ("\"abc", 1, 5), ("[01]", 1, 3),
        ("{\"a\":1,\"a\":2}", 1, 12),
    ])
    func syntaxErrors_haveTheirPosition(text: String, line: Int, column: Int) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch let error as JSONSyntaxError {
            #expect(error.line == line && error.column == column, "\(text): \(error)")
        } catch {}
    }

    @Test func validJSON_agreesWithFoundation() throws {
        let text = #"{"a": [1, -2.5e3, true, null, "x\u00e9\ud83d\ude00\n"], "b": {"c": {}}}"#
        let node = try JSONParser.parse(text)
        guard case .object(let members) = node.value, case .array(let values) = members[0].node.value,
            case .string(let string) = values[4].value, case .number(let number) = values[1].value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(string == "xé😀\n")
        #expect(number == -2500)
        #expect(members.map(\.key) == ["a", "b"])
    }

    /// One order everywhere: the explicit folder, then the project's ./Templates, then the built-in
    /// ones; a name in two places uses the first, and the command says which files it saw.
    @Test func lookupOrder_explicitThenProjectThenBuiltIn_andShadowingIsNoted() throws {
        let project = try BinaryRunner.temporaryFolder()
        let own = project.appendingPathComponent("Templates")
        let explicit = project.appendingPathComponent("explicit")
        for (folder, suffix) in [(own, "Project more"), (explicit, "Explicit more")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text = try String(contentsOfFile: CardFixtures.templatesFolder + "/inline-more.json", encoding: .utf8)
                .replacingOccurrences(of: "\"text\": \"More\"", with: "\"text\": \"\(suffix)\"")
            try Data(text.utf8).write(to: folder.appendingPathComponent("inline-more.json"))
        }
        func render(_ extra: [String]) throws -> (suffix: String, stderr: String) {
            let out = try BinaryRunner.temporaryFolder().path
            let run = try BinaryRunner.run(
                [
                    "render", "--template", "inline-more", "--width", "200", "--state", "collapsed", "--out", out, "--name", "c",
                    "--json",
                    "--text", "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds.",
                ] + extra,
                workingDirectory: project)
            #expect(run.status == 0, "\(run.stderr)")
            let lines =
                (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
                .flatMap { $0["collapsed"] as? [String: Any] }?["lines"] as? [String]
            return (lines?.last ?? "", run.stderr)
        }
        let projects = try render([])
        #expect(projects.suffix.hasSuffix("Project more"), "\(projects.suffix)")
        #expect(projects.stderr.contains("Note: template 'inline-more' is \(own.path)/inline-more.json; "), "\(projects.stderr)")
        #expect(projects.stderr.contains("differs and is not used (earlier folders come first)"))
        let explicits = try render(["--templates", explicit.path])
        #expect(explicits.suffix.hasSuffix("Explicit more"), "\(explicits.suffix)")
        #expect(
            explicits.stderr.contains("\(explicit.path)/inline-more.json; \(own.path)/inline-more.json"), "\(explicits.stderr)")
        // A name only the built-in folder has is still found, and noted by nobody.
        let x = try BinaryRunner.run(
            ["render", "--template", "x", "--text", "Hi", "--out", try BinaryRunner.temporaryFolder().path],
            workingDirectory: project)
        #expect(x.status == 0 && !x.stderr.contains("Note:"), "\(x.stderr)")
        // A copy byte for byte the built-in one (a clone's Templates/ beside an installed seemore)
        // changes nothing: no note.
        try FileManager.default.copyItem(atPath: CardFixtures.templatesFolder + "/x.json", toPath: own.path + "/x.json")
        let same = try BinaryRunner.run(
            ["render", "--template", "x", "--text", "Hi", "--out", try BinaryRunner.temporaryFolder().path],
            workingDirectory: project)
        #expect(same.status == 0 && !same.stderr.contains("Note:"), "\(same.stderr)")
    }
}

/// Several templates shadowed the same way are one note, not one line each.
struct TemplateShadowingNotesTests {
    @Test func severalShadowedTemplates_areOneNote() throws {
        let first = try BinaryRunner.temporaryFolder().path
        for name in ["inline-more", "x", "feed"] {
            let text = try String(contentsOfFile: CardFixtures.templatesFolder + "/\(name).json", encoding: .utf8)
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: first + "/\(name).json"))
        }
        let loader = TemplateLoader(folders: [first, CardFixtures.templatesFolder])
        let notes = loader.shadowingNotes(for: ["feed", "inline-more", "x", "post"])
        #expect(
            notes.count == 1 && notes[0].contains("template 'feed'") && notes[0].hasSuffix("so do inline-more, x"), "\(notes)")
    }
}
