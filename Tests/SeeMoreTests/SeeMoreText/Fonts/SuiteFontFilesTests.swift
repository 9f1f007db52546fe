import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// A suite with its own font files (`fontFiles`, `hermeticFonts`): its goldens are drawn with them,
/// its fingerprint names them as part of the design, and hermetic goldens do not depend on the
/// machine's fonts at all.
@Suite struct SuiteFontFilesTests {
    static func suite(hermetic: Bool, fontFiles: String = "[\"fonts/\"]") throws -> (path: String, folder: String) {
        let json = """
            {
              "fontFiles": \(fontFiles),
              "hermeticFonts": \(hermetic),
              "texts": { "launch": "We shipped the new flow today! Thanks to everyone who tested it — 日本 ✓" },
              "matrices": [
                { "templates": ["inline-more", "x"], "texts": ["launch"], "fonts": ["SeeMore Test Sans 15"], "widths": [240, 320] }
              ]
            }
            """
        let path = try GoldenFixtures.suiteFile(json)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        for file in ["SeeMoreTestSans-Regular.ttf", "SeeMoreTestSans-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: FontFilesTests.folder + "/" + file, toPath: folder + "/fonts/" + file)
        }
        return (path, folder)
    }

    /// fontconfig with no font folder: every installed font hidden.
    static func hiddenFonts() throws -> [String: String] {
        let scratch = try BinaryRunner.temporaryFolder().path
        try Data("<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(scratch)/cache</cachedir></fontconfig>\n".utf8)
            .write(to: URL(fileURLWithPath: scratch + "/fonts.conf"))
        return ["FONTCONFIG_FILE": scratch + "/fonts.conf"]
    }

    static func check(_ suite: String, record: String, environment: [String: String] = [:]) throws -> BinaryRunner.Output {
        let artifacts = try BinaryRunner.temporaryFolder().path
        return try BinaryRunner.run(
            [
                "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--record", record, "--artifacts",
                artifacts,
            ],
            environment: environment)
    }

    /// Recorded on this machine, then checked and recorded again with every installed font hidden:
    /// the goldens are byte for byte the same and the fingerprint sees no change of the machine.
    @Test func hermeticGoldens_dependOnlyOnTheRepository() throws {
        let (path, folder) = try Self.suite(hermetic: true)
        let first = try Self.check(path, record: "missing")
        #expect(first.status == 1 && first.stdout.contains("8 cases: 0 passed, 8 failed"), "\(first.stdout)\(first.stderr)")
        let goldens = GoldenFixtures.files(under: folder).filter { $0.0.hasSuffix(".png") && !$0.0.hasPrefix("fonts/") }
        #expect(goldens.count == 8)
        let fingerprint = try #require(EnvironmentFingerprint.read(folder + "/ENVIRONMENT.json"))
        #expect(fingerprint.fonts.isEmpty && fingerprint.fallbacks.isEmpty, "no installed font plays a part: \(fingerprint)")
        #expect(fingerprint.fontFiles.keys.sorted() == ["fonts/SeeMoreTestSans-Bold.ttf", "fonts/SeeMoreTestSans-Regular.ttf"])
        let hidden = try Self.hiddenFonts()
        let again = try Self.check(path, record: "never", environment: hidden)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("Environment: unchanged"), "\(again.stdout)")
        _ = try Self.check(path, record: "all", environment: hidden)
        let rerecorded = GoldenFixtures.files(under: folder).filter { $0.0.hasSuffix(".png") && !$0.0.hasPrefix("fonts/") }
        #expect(rerecorded.map(\.0) == goldens.map(\.0) && rerecorded.map(\.1) == goldens.map(\.1))
    }

    /// Without `hermeticFonts` the suite's files come first and the machine's fonts draw the rest; a
    /// changed font file is a change of the design, not of the machine.
    @Test func aChangedFontFile_isADesignChange() throws {
        let (path, folder) = try Self.suite(hermetic: false)
        _ = try Self.check(path, record: "missing")
        let fingerprint = try #require(EnvironmentFingerprint.read(folder + "/ENVIRONMENT.json"))
        #expect(!fingerprint.fonts.isEmpty, "日本 and ✓ come from installed fonts")
        #expect(fingerprint.fonts.keys.allSatisfy { !$0.hasPrefix(folder) }, "the suite's files are not the machine's")
        #expect(try Self.check(path, record: "never").status == 0)
        // The Regular file's bytes replaced by the Bold ones: every card changes, and it is the design.
        try FileManager.default.removeItem(atPath: folder + "/fonts/SeeMoreTestSans-Regular.ttf")
        try FileManager.default.copyItem(
            atPath: FontFilesTests.folder + "/SeeMoreTestSans-Bold.ttf", toPath: folder + "/fonts/SeeMoreTestSans-Regular.ttf")
        let changed = try Self.check(path, record: "never")
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("Environment: unchanged"), "\(changed.stdout)")
        #expect(changed.stdout.contains("font file fonts/SeeMoreTestSans-Regular.ttf changed"), "\(changed.stdout)")
        // One cause, one change group that names it, whatever the cards' changes look like.
        #expect(changed.stdout.contains("1 change group:\n"), "\(changed.stdout)")
        #expect(
            changed.stdout.contains(#/  [0-9a-f]{8}  [0-9]+ cases  font file fonts/SeeMoreTestSans-Regular\.ttf changed\n/#),
            "\(changed.stdout)")
    }

    /// `examples/brand`, the README's own-design example: Inter from its fonts/ folder, hermetic, its
    /// template's font (the matrix names none), with subsets of Noto Color Emoji, Noto Sans CJK JP and Noto
    /// Sans Arabic for its emoji, Japanese and Arabic texts and strings. Its goldens pass with every
    /// installed font hidden.
    @Test func theBrandExample_passesWithTheMachinesFontsHidden() throws {
        let suite = FontFilesTests.folder + "/../../examples/brand/suite.json"
        let loaded = try GoldenSuite.load(path: suite)
        #expect(
            loaded.fonts.hermetic
                && loaded.fonts.files.map { URL(fileURLWithPath: $0).lastPathComponent }
                    == [
                        "Inter-Regular.otf", "Inter-SemiBold.otf", "NotoColorEmoji-Subset.ttf", "NotoSansArabic-Bold-Subset.ttf",
                        "NotoSansArabic-Regular-Subset.ttf", "NotoSansCJKjp-Bold-Subset.otf", "NotoSansCJKjp-Regular-Subset.otf",
                    ]
        )
        #expect(Set(loaded.cases.map(\.font)) == ["Inter 15"])
        let artifacts = try BinaryRunner.temporaryFolder().path
        let run = try BinaryRunner.run(
            ["check", "--suite", suite, "--record", "never", "--artifacts", artifacts], environment: try Self.hiddenFonts())
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("70 cases: 70 passed, 0 failed") && run.stdout.contains("Environment: unchanged"), "\(run.stdout)"
        )
    }

    @Test(arguments: [
        ("[\"../fonts/\"]", "fontFiles: ../fonts/: it is outside"),
        ("[\"nothing.ttf\"]", "fontFiles: nothing.ttf: there is no such file or folder"),
    ])
    func fontFilesOutsideTheSuite_orMissing_areRefused(fontFiles: String, message: String) throws {
        let (path, _) = try Self.suite(hermetic: true, fontFiles: fontFiles)
        let run = try Self.check(path, record: "never")
        #expect(run.status == 65 && run.stderr.contains(message), "\(run.stderr)")
    }

    /// A family the hermetic suite does not hold is refused at load, naming it.
    @Test func aFontNotAmongTheFiles_isRefused() throws {
        let (path, _) = try Self.suite(hermetic: true)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "SeeMore Test Sans 15", with: "DejaVu Sans 15")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.check(path, record: "never")
        #expect(
            run.status == 65 && run.stderr.contains("font 'DejaVu Sans 15' is not among the suite's font files"), "\(run.stderr)")
    }
}
