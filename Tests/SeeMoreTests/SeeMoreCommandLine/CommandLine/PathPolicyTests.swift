import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Names from pull requests never steer a write out of the output folder.
@Suite struct PathPolicyTests {
    @Test func safeNames_arePlainComponents() {
        for name in ["inline-more", "ja-neko", "a.b_c-1", String(repeating: "a", count: 128)] {
            #expect(PathPolicy.isSafeName(name), "\(name)")
        }
        for name in [
            "", ".", "..", ".hidden", "a/b", "../x", "a\\b", "a\nb", "a\u{0}b", "naïve", "a b",
            String(repeating: "a", count: 129),
        ] {
            #expect(!PathPolicy.isSafeName(name), "\(name.debugDescription)")
        }
    }

    @Test func relativePath_staysInsideTheRoot() {
        #expect(PathPolicy.relativePath("/r/a/b.png", root: "/r") == ["a", "b.png"])
        #expect(PathPolicy.relativePath("/r/a/../../etc/passwd", root: "/r") == nil)
        #expect(PathPolicy.relativePath("/r", root: "/r") == nil)
        // Every "/" separates, as for the kernel, even one a combining mark follows (one Character).
        #expect(PathPolicy.relativePath("/r/a/\u{301}b", root: "/r") == ["a", "\u{301}b"])
        #expect(PathPolicy.relativePath("/r/a/\u{301}../../..", root: "/r") == nil)
        #expect(PathPolicy.standardized("/r/./a//b/../c") == "/r/a/c")
        #expect(PathPolicy.relativePath("/rx/a", root: "/r") == nil)
    }

    /// A report shows a plain path below its folder without standardizing it; any path is shown
    /// as the general rule shows it (random paths of names, empty names, dots, marks after a "/").
    @Test func aPlainPathBelowTheBase_isShownAsAnyPathIs() {
        var generator = SplitMix(seed: 46)
        let pieces = ["a", "b.png", ".", "..", "...", "", "\u{301}x", ".x", "x."]
        let paths = PortablePaths(base: "/r/s")
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...4, using: &generator)
            let tail = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined(separator: "/")
            let head = ["/r/s", "/r/s/", "/r/sx", "/r", "/r/s/../s"].randomElement(using: &generator) ?? ""
            let path = head + (count > 0 ? "/" : "") + tail
            let standardized = PathPolicy.standardized(path)
            let general =
                standardized == paths.base
                ? "." : PathPolicy.relativePath(standardized, root: paths.base)?.joined(separator: "/") ?? standardized
            #expect(paths.shown(path) == general, "\(path.debugDescription)")
            if let plain = PathPolicy.plainRelativePath(path, root: "/r/s") {
                #expect(plain == PathPolicy.relativePath(path, root: "/r/s"), "\(path.debugDescription)")
            }
        }
    }

    static func template(named name: String?, theme: String = "light") -> String {
        let nameField = name.map { "\"name\": \($0), " } ?? ""
        return """
            { \(nameField)"themes": { "\(theme)": { "background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000",
              "secondaryText": "#000000", "suffix": "#000000" } } }
            """
    }

    @Test(arguments: [
        (template(named: "\"../../../../outside/pwned\""), "name: \"../../../../outside/pwned\" is not a plain name"),
        (template(named: "\"a\\u0000b\""), "name: \"a\\0b\" is not a plain name"),
        (template(named: nil, theme: "x/../../y"), "theme name \"x/../../y\" is not a plain name"),
    ])
    func hostileTemplateNames_areBadDataAndNothingIsWritten(json: String, message: String) throws {
        let folder = try BinaryRunner.temporaryFolder()
        let templatePath = folder.appendingPathComponent("evil.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: templatePath))
        let out = folder.appendingPathComponent("a/b/out").path
        let output = try BinaryRunner.run(["render", "--template", templatePath, "--text", "hi", "--out", out])
        #expect(output.status == 65)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(GoldenFixtures.files(under: folder.path).map(\.0) == ["evil.json"])
    }

    @Test(arguments: ["a\nb", "a\\b", "../x", ".x", "a/b"])
    func unsafeNameFlag_isAUsageError(name: String) throws {
        let folder = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run(["render", "--text", "hi", "--out", folder.path, "--name", name])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--name must be a plain file name"))
        #expect(GoldenFixtures.files(under: folder.path).isEmpty)
    }

    @Test func suiteTemplatesField_resolvesAgainstTheSuiteFolder() throws {
        let root = try BinaryRunner.temporaryFolder()
        let goldens = root.appendingPathComponent("golden-images")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CardFixtures.templatesFolder, toPath: root.appendingPathComponent("Templates").path)
        let suite = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"texts\": {", with: "\"templates\": \"../Templates\",\n\"texts\": {")
        try Data(suite.utf8).write(to: goldens.appendingPathComponent("suite.json"))
        // Relative to the working folder, as `--suite golden-images/suite.json` gives it.
        let output = try BinaryRunner.run(
            ["check", "--suite", "golden-images/suite.json", "--record", "missing", "--artifacts", root.path + "/artifacts"],
            workingDirectory: root)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")  // goldens recorded: fails until committed
        #expect(output.stdout.contains("16 goldens written"), "\(output.stdout)")
        // An absolute templates folder inside the repository is used as it is; one outside it is refused.
        func check(templates: String) throws -> BinaryRunner.Output {
            let absolute = GoldenFixtures.suiteJSON.replacingOccurrences(
                of: "\"texts\": {", with: "\"templates\": \"\(templates)\",\n\"texts\": {")
            try Data(absolute.utf8).write(to: goldens.appendingPathComponent("suite.json"))
            return try BinaryRunner.run(
                ["check", "--suite", "golden-images/suite.json", "--record", "never", "--artifacts", root.path + "/artifacts"],
                workingDirectory: root)
        }
        let again = try check(templates: root.path + "/Templates")
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let outside = try check(templates: CardFixtures.templatesFolder)
        #expect(outside.status == 65, "\(outside.stdout)\(outside.stderr)")
        #expect(
            outside.stderr.contains("templates: \(CardFixtures.templatesFolder) is outside the repository"), "\(outside.stderr)")
    }
}
