import Foundation
import SeeMore
import SeeMoreTesting
import Testing
import XCTest

/// Examples of `assertCardSnapshot`; their goldens are in `__Goldens__/CardSnapshotTests/`.
@Suite struct CardSnapshotTests {
    static let post =
        "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds and filed bugs at two in the morning."

    @Test func inlineMoreCard() {
        assertCardSnapshot(Self.post, template: "inline-more", width: 320)
    }

    @Test func japaneseReadMoreTail() {
        assertCardSnapshot(
            "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
            template: "read-more-tail", width: 300, states: [.collapsed])
    }

    /// `lang` picks the font a Han text falls back to: the same characters drawn as Japanese
    /// (IPAGothic) and as Traditional Chinese (Noto Sans CJK TC) are two different pictures.
    @Test func language_picksTheHanFont() throws {
        let text = "直角の骨、誤解を避ける。"
        assertCardSnapshot(text, width: 240, lang: "ja", states: [.collapsed], named: "ja")
        assertCardSnapshot(text, width: 240, lang: "zh-Hant", states: [.collapsed], named: "zh-Hant")
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "__Goldens__/CardSnapshotTests")
        let japanese = try Data(contentsOf: folder.appendingPathComponent("language_picksTheHanFont.ja.collapsed.png"))
        let chinese = try Data(contentsOf: folder.appendingPathComponent("language_picksTheHanFont.zh-Hant.collapsed.png"))
        #expect(japanese != chinese)
    }

    /// A font from the repository, alone: the card is drawn in Tests/Fonts' box glyphs, 日本 as tofu.
    @Test func fontFiles_fromTheRepository() {
        assertCardSnapshot(
            "Drawn from the repository's own font file: 日本", width: 240, font: "SeeMore Test Sans 15",
            states: [.collapsed], named: "hermetic", fontFiles: ["../Fonts"], hermeticFonts: true)
    }

    @Test func changedText_failsWithoutRecording() throws {
        // The golden "guarded" holds `post`; another text must fail and must not replace it.
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/CardSnapshotTests/changedText_failsWithoutRecording.guarded.collapsed.png")
        let before = try Data(contentsOf: golden)
        withKnownIssue {
            assertCardSnapshot("A different text entirely.", width: 320, states: [.collapsed], named: "guarded", record: .never)
        }
        #expect(try Data(contentsOf: golden) == before)
        // Its actual and diff images are in this package's .build, not a folder other projects share.
        if ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] == nil {
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let artifacts = package.appendingPathComponent(".build/seemore-snapshots/CardSnapshotTests").path
            for kind in ["actual", "diff"] {
                let file = artifacts + "/changedText_failsWithoutRecording.guarded.collapsed.\(kind).png"
                #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            }
        }
        assertCardSnapshot(Self.post, width: 320, states: [.collapsed], named: "guarded", record: .never)
    }

    /// The golden "guarded" with the suffix's color changed: it fails, unless the suffix is ignored.
    @Test func ignoredSuffix_hidesItsColor() throws {
        let templates = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-ignore-\(getpid())")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: templates) }
        let original = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Templates/inline-more.json")
        let json = try String(contentsOf: original, encoding: .utf8)
        let recolored = json.replacingOccurrences(of: "#0095F6", with: "#D0342C")
        try #require(recolored != json)
        try recolored.write(to: templates.appendingPathComponent("inline-more.json"), atomically: true, encoding: .utf8)
        withKnownIssue {
            assertCardSnapshot(
                Self.post, width: 320, states: [.collapsed], named: "guarded", record: .never, templatesFolder: templates.path)
        }
        assertCardSnapshot(
            Self.post, width: 320, states: [.collapsed], named: "guarded", record: .never, ignore: [.part(.suffix)],
            templatesFolder: templates.path)
    }

    /// A malformed `lang` fails the assertion in the library's words, naming the value.
    @Test func aMalformedLanguage_failsNamingIt() {
        withKnownIssue {
            assertCardSnapshot(Self.post, lang: "ja_JP", states: [.collapsed], named: "bad-lang", record: .never)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("lang must be a BCP 47 language tag such as ja, zh-Hans or pt-BR, not 'ja_JP'")
            }
        }
    }

    @Test func missingGolden_failsAndNeverMode_writesNothing() {
        withKnownIssue {
            assertCardSnapshot(Self.post, states: [.collapsed], named: "never-recorded", record: .never)
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(
                "__Goldens__/CardSnapshotTests/missingGolden_failsAndNeverMode_writesNothing.never-recorded.collapsed.png")
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Goldens__/CardSnapshotTests")

    /// Two unnamed snapshots in one test are numbered, each with its own golden; named ones are not.
    /// A pseudo-locale is a golden of its own, its name carrying it.
    @Test func pseudoLocales_areGoldensOfTheirOwn() throws {
        assertCardSnapshot(Self.post, template: "x", width: 320, pseudo: .expanded, states: [.collapsed])
        assertCardSnapshot(Self.post, template: "x", width: 320, pseudo: .bidi, states: [.collapsed])
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/CardSnapshotTests").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("pseudoLocales") }.sorted()
        #expect(
            names == [
                "pseudoLocales_areGoldensOfTheirOwn.1.expanded.collapsed.layout.txt",
                "pseudoLocales_areGoldensOfTheirOwn.1.expanded.collapsed.png",
                "pseudoLocales_areGoldensOfTheirOwn.2.bidi.collapsed.layout.txt",
                "pseudoLocales_areGoldensOfTheirOwn.2.bidi.collapsed.png",
            ])
    }

    /// A text size is a golden of its own, its name carrying it.
    @Test func textSizes_areGoldensOfTheirOwn() {
        assertCardSnapshot(Self.post, template: "x", width: 320, textSize: .ios(.ax3), states: [.collapsed])
        assertCardSnapshot(Self.post, template: "x", width: 320, textSize: .android(2), states: [.collapsed])
    }

    /// An app locale is a golden of its own, its name carrying it: the template's strings from the
    /// team's catalogs, an Arabic app's chrome mirrored.
    @Test func locales_areGoldensOfTheirOwn() {
        let brand = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/brand")
            .standardized.path
        for locale in ["de", "ar"] {
            assertCardSnapshot(
                Self.post, template: brand + "/templates/acme-post.json", width: 320, locale: locale,
                catalogs: ["../../examples/brand/strings"], states: [.collapsed], fontFiles: ["../../examples/brand/fonts"],
                hermeticFonts: true)
        }
        for stem in ["1.de", "2.ar"] {
            let path = Self.goldens.appendingPathComponent("locales_areGoldensOfTheirOwn.\(stem).collapsed.png").path
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
    }

    @Test func severalSnapshots_areNumbered() {
        assertCardSnapshot("Short.", width: 200, states: [.collapsed])
        assertCardSnapshot(Self.post, width: 200, states: [.collapsed])
        assertCardSnapshot("Dark.", width: 200, theme: "dark", states: [.collapsed], named: "dark")
        assertCardSnapshot(Self.post, width: 200, states: [.collapsed])
        for stem in ["1", "2", "dark", "3"] {
            let path = Self.goldens.appendingPathComponent("severalSnapshots_areNumbered.\(stem).collapsed.png").path
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
    }

    /// Each argument of a parameterized test has its own goldens, named after it.
    @Test(arguments: ["light", "dark"], ["We shipped it.", "吾輩は猫である。"])
    func parameterized_oneGoldenPerArgument(theme: String, text: String) {
        assertCardSnapshot(text, template: "x", width: 240, theme: theme, states: [.collapsed])
    }

    @Test func parameterizedGoldens_areNamedAfterTheArguments() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)
            .filter { $0.hasPrefix("parameterized_oneGoldenPerArgument.") && $0.hasSuffix(".png") }.sorted()
        #expect(files.count == 4, "\(files)")
        #expect(
            files.contains(
                "parameterized_oneGoldenPerArgument.dark_We_shipped_it.-\(ContentHash.fnv1a64("dark_We shipped it.".utf8).prefix(8)).1.collapsed.png"
            ))
        #expect(files.filter { $0.hasPrefix("parameterized_oneGoldenPerArgument.light_") }.count == 2)
    }
}

/// The same assertion from XCTest.
final class CardSnapshotXCTests: XCTestCase {
    func testPostCard() {
        assertCardSnapshot(CardSnapshotTests.post, template: "x", width: 343, theme: "dark")
    }
}
