import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// A design's own font files (`Tests/Fonts`: "SeeMore Test Sans", whose glyphs are boxes of known
/// widths and which no machine has installed), on top of the installed fonts or alone (hermetic).
@Suite struct FontFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fonts")
        .standardized.path
    static let regular = folder + "/SeeMoreTestSans-Regular.ttf"
    static let bold = folder + "/SeeMoreTestSans-Bold.ttf"

    static func cut(_ text: String, font: String = "SeeMore Test Sans 10", width: Double = 100, lines: Int = 3, fonts: FontFiles)
        throws -> Truncation
    {
        var request = TruncationRequest(text: text)
        request.font = font
        request.width = width
        request.lines = lines
        return try LayoutEngine(fonts: fonts).truncate(request)
    }

    @Test func folders_standForTheirFontFiles_andPathsAreChecked() throws {
        #expect(try FontFiles.expand([Self.folder], relativeTo: "/") == [Self.bold, Self.regular])
        #expect(
            try FontFiles.expand(["SeeMoreTestSans-Regular.ttf", "."], relativeTo: Self.folder) == [Self.regular, Self.bold])
        let scratch = try BinaryRunner.temporaryFolder().path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: scratch + "/notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: scratch + "/linked.ttf", withDestinationPath: Self.regular)
        try FileManager.default.createDirectory(atPath: scratch + "/empty", withIntermediateDirectories: true)
        func problem(_ entry: String, root: String? = nil) -> FontFilesError? {
            do {
                _ = try FontFiles.expand([entry], relativeTo: scratch, root: root)
                return nil
            } catch {
                return error as? FontFilesError
            }
        }
        #expect(problem("missing.ttf")?.isMissing == true)
        #expect(problem("notes.txt")?.reason == "a font file's name ends in .ttf, .otf or .ttc")
        #expect(problem("empty")?.reason == "the folder holds no .ttf, .otf or .ttc file")
        // From a stranger's suite or template: inside its folder, and never through a link.
        #expect(problem("../x.ttf", root: scratch)?.reason.hasPrefix("it is outside") == true)
        #expect(problem(Self.regular, root: scratch)?.reason.hasPrefix("it is outside") == true)
        #expect(problem("linked.ttf", root: scratch)?.reason.hasSuffix("linked.ttf is a symbolic link") == true)
        #expect(problem("linked.ttf") == nil, "a path on the command line is the user's own")
    }

    /// The family resolves to the file, with its exact widths: 'a' is 600 units of 1000 (6 pt at
    /// 10 pt), the space 300, so "aaaa aaaa aaaa " fits 100 pt and a fourth word does not. Without
    /// the files the family is not installed: the font came from the repository.
    @Test func aFontFile_drawsItsFamily_withItsWidths() throws {
        let files = FontFiles(files: [Self.regular, Self.bold])
        let cut = try Self.cut("aaaa aaaa aaaa aaaa aaaa", lines: 2, fonts: files)
        #expect(cut.lines == ["aaaa aaaa aaaa ", "aaaa aaaa"])
        #expect(cut.fonts == ["SeeMore Test Sans"] && cut.fontSubstitutions.isEmpty)
        // Bold is 700 units: "aaaaa aaaaa" and a third word take 112 pt, past the width.
        #expect(try Self.cut("aaaaa aaaaa aaaaa", fonts: files).lineCount == 1)
        #expect(try Self.cut("aaaaa aaaaa aaaaa", font: "SeeMore Test Sans Bold 10", fonts: files).lineCount == 2)
        let installed = try Self.cut("aaaa", fonts: .system)
        #expect(installed.fontSubstitutions.map(\.requested) == ["SeeMore Test Sans"], "\(installed.fontSubstitutions)")
    }

    /// Hermetic: the files are all there is. A character none of them has is a box, counted; on top
    /// of the installed fonts it falls back to one of them.
    @Test func hermeticFonts_areTheOnlyFonts() throws {
        let text = "aaaa 日本"
        let hermetic = try Self.cut(text, fonts: FontFiles(files: [Self.regular], hermetic: true))
        #expect(hermetic.fonts == ["SeeMore Test Sans"] && hermetic.unknownGlyphs == 2, "\(hermetic)")
        let layered = try Self.cut(text, fonts: FontFiles(files: [Self.regular]))
        #expect(
            layered.fonts.first == "SeeMore Test Sans" && layered.fonts.count == 2 && layered.unknownGlyphs == 0, "\(layered)")
        // Even a family the machine has is not drawn: every family resolves among the files.
        let asked = try Self.cut("aaaa", font: "DejaVu Sans 10", fonts: FontFiles(files: [Self.regular], hermetic: true))
        #expect(asked.fonts == ["SeeMore Test Sans"])
    }

    @Test func aFileWithoutAFont_isNamed() throws {
        let file = try BinaryRunner.temporaryFile(Array("not a font at all".utf8), name: "Broken.ttf").path
        let reason = "its bytes are not a TrueType or OpenType font or collection"
        #expect(throws: FontFilesError(entry: file, reason: reason)) {
            try LayoutEngine(fonts: FontFiles(files: [file]))
        }
        let run = try BinaryRunner.run(["layout", "--text", "x", "--font-files", file])
        #expect(run.status == 65 && run.stderr.contains("Broken.ttf: \(reason)"), "\(run.stderr)")
        let missing = try BinaryRunner.run(["layout", "--text", "x", "--font-files", "/nonexistent/fonts"])
        #expect(
            missing.status == 66 && missing.stderr.contains("--font-files: /nonexistent/fonts: there is no such file or folder"))
        let alone = try BinaryRunner.run(["render", "--text", "x", "--hermetic-fonts"])
        #expect(alone.status == 64 && alone.stderr.contains("--hermetic-fonts needs --font-files"), "\(alone.stderr)")
    }

    /// A hermetic card depends on the repository's bytes alone: drawn again with every installed font
    /// hidden from fontconfig (`FONTCONFIG_FILE`: a configuration without a font folder), it is byte
    /// for byte the same. Hiding them does change a card that is not hermetic, so the comparison could fail.
    @Test func aHermeticCard_isTheSame_withTheMachinesFontsHidden() throws {
        let scratch = try BinaryRunner.temporaryFolder().path
        let hiddenFonts = try SuiteFontFilesTests.hiddenFonts()
        func render(_ name: String, hermetic: Bool, hidden: Bool) throws -> Data {
            let run = try BinaryRunner.run(
                [
                    "render", "--template", "inline-more", "--width", "240", "--font", "SeeMore Test Sans 15", "--scale", "2",
                    "--state", "collapsed", "--out", scratch, "--name", name, "--font-files", Self.folder,
                    "--text", "Shipped — 日本 ✓",
                ] + (hermetic ? ["--hermetic-fonts"] : []),
                environment: hidden ? hiddenFonts : [:])
            #expect(run.status == 0, "\(run.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: scratch + "/" + name + ".collapsed.png"))
        }
        let machine = try render("hermetic-machine", hermetic: true, hidden: false)
        let hidden = try render("hermetic-hidden", hermetic: true, hidden: true)
        #expect(machine == hidden, "a hermetic card changed with the machine's fonts")
        let layered = try render("layered-machine", hermetic: false, hidden: false)
        let layeredHidden = try render("layered-hidden", hermetic: false, hidden: true)
        #expect(layered != layeredHidden, "hiding the installed fonts changed nothing: the comparison proves nothing")
    }
}
