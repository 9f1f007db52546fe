import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// A design's font files are drawn as the machine draws them: hermetic fonts keep the machine's
/// bitmap scaling (on main Noto Color Emoji's 109-pixel strike was drawn as it is, about seven times
/// too large at 15 pt), and outside hermetic mode a design's file wins over an installed font of its
/// family (on main the installed one was drawn and recorded).
@Suite struct HermeticDrawingTests {
    /// The machine's DejaVu Sans and Noto Color Emoji, copied into a folder of font files.
    static func emojiFonts() throws -> [String] {
        let folder = try BinaryRunner.temporaryFolder().path
        var files: [String] = []
        for family in ["DejaVu Sans", "Noto Color Emoji"] {
            let source = try Self.installedFile(family)
            let target = folder + "/" + (source as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: source, toPath: target)
            files.append(target)
        }
        return files
    }

    /// The file fontconfig matches for `family` on this machine.
    static func installedFile(_ family: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{file}", family]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return path
    }

    static let emojiTexts = [
        "Third 🎉 hello, a single emoji between words that wrap at this width",
        "Shipping today 👩🏽‍💻 with the team: a ZWJ sequence with a skin tone",
        "Tokyo 🇯🇵 and Paris 🇫🇷 flags, then thumbs 👍🏿 👍🏻 in two tones",
        "Family 👨‍👩‍👧 and a party 🎉🎉 at the end of a longer line of text 🎂",
    ]

    @Test(arguments: emojiTexts) func emoji_areDrawnAsWithTheMachinesFonts(text: String) throws {
        let hermetic = try CardRenderer(fonts: FontFiles(files: try Self.emojiFonts(), hermetic: true))
        let machine = try CardRenderer()
        var request = CardRequest(text: text, template: try CardFixtures.template("inline-more"))
        request.width = 240
        request.scale = 2
        request.font = "DejaVu Sans 15"
        for state in CardState.allCases {
            let drawn = try hermetic.render(request, state: state)
            let expected = try machine.render(request, state: state)
            #expect(drawn.metadata.lines == expected.metadata.lines, "\(state): \(drawn.metadata.lines)")
            #expect(drawn.metadata.lineBoxes == expected.metadata.lineBoxes, "\(state)")
            #expect(drawn.metadata.fonts.contains("Noto Color Emoji"))
            #expect(drawn.png == expected.png, "\(state): the same pixels as with the machine's fonts")
            // Every row of ink lies within the text's line boxes (at most a pixel outside).
            let image = try PNGCodec.decode(drawn.png)
            let boxes = drawn.metadata.lineBoxes
            let top = Int(((boxes.first?.y ?? 0) * 2).rounded(.down)) - 1
            let bottom = Int((((boxes.last?.y ?? 0) + (boxes.last?.height ?? 0)) * 2).rounded(.up)) + 1
            let left = Int(((boxes.first?.x ?? 0) * 2).rounded(.down))
            let background = image[left, max(0, top - 6)]  // in the padding above the text
            let right = Int((((boxes.first?.x ?? 0) + (boxes.first?.width ?? 0)) * 2).rounded(.up))
            // Inside the card's border (the 2-pixel frame at @2x is no ink of the text).
            for y in 4..<(image.height - 4) where y < top || y > bottom {
                for x in left..<min(right, image.width) {
                    #expect(image[x, y] == background, "\(state): ink at \(x),\(y) outside the line boxes \(top)–\(bottom)")
                    if image[x, y] != background { return }
                }
            }
        }
    }

    /// A face asked for in a bold or italic it has no file for is emboldened or slanted in hermetic
    /// mode as by the machine's rules (on main it was drawn upright and regular).
    @Test(arguments: ["IPAGothic Bold 15", "IPAGothic Italic 15", "IPAGothic Bold Italic 15"])
    func syntheticStyles_areDrawnAsByTheMachine(font: String) throws {
        let file = try Self.installedFile("IPAGothic")
        let hermetic = try CardRenderer(fonts: FontFiles(files: [file], hermetic: true))
        var request = CardRequest(text: "吾輩は猫である。名前はまだ無い in bold and italic", template: try CardFixtures.template("inline-more"))
        request.font = font
        request.scale = 2
        let drawn = try hermetic.render(request, state: .expanded)
        let expected = try CardRenderer().render(request, state: .expanded)
        #expect(drawn.png == expected.png, "\(font)")
        #expect(drawn.metadata.syntheticBold == expected.metadata.syntheticBold, "\(drawn.metadata.syntheticBold)")
    }

    /// DejaVu Serif with every advance width 10% wider: a file of a family that is also installed.
    static func widenedSerif(into folder: String, by extra: UInt16 = 200) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.installedFile("DejaVu Serif"))))
        func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: bytes[record..<(record + 4)], as: UTF8.self)] = u32(record + 8)
        }
        let hhea = try #require(tables["hhea"]), hmtx = try #require(tables["hmtx"])
        for glyph in 0..<u16(hhea + 34) {
            let offset = hmtx + 4 * glyph
            let advance = UInt16(u16(offset)) &+ extra
            bytes[offset] = UInt8(advance >> 8)
            bytes[offset + 1] = UInt8(advance & 0xFF)
        }
        let path = folder + "/DejaVuSerif.ttf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDesignsFile_winsOverAnInstalledFontOfItsFamily() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        let file = try Self.widenedSerif(into: folder)
        var request = CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more"))
        request.font = "DejaVu Serif 15"
        let machine = try CardRenderer().render(request, state: .collapsed)
        let design = try CardRenderer(fonts: FontFiles(files: [file])).render(request, state: .collapsed)
        #expect(design.metadata.fontFiles.first == file, "\(design.metadata.fontFiles)")
        #expect(design.metadata.lines != machine.metadata.lines, "the wider file cuts the text elsewhere")
        // Other families still come from the machine.
        request.text = "日本語のテキスト and DejaVu Serif"
        let mixed = try CardRenderer(fonts: FontFiles(files: [file])).render(request, state: .collapsed)
        #expect(mixed.metadata.fontFiles.contains(file) && mixed.metadata.fontFiles.count > 1, "\(mixed.metadata.fontFiles)")
    }

    /// A suite's font file of an installed family: recorded in ENVIRONMENT.json as drawn, and a change of
    /// its metrics fails every case that uses it (on main the check passed).
    @Test func aSuitesFontFile_ofAnInstalledFamily_failsItsCasesWhenItChanges() throws {
        let json = """
            {
              "fontFiles": ["fonts/DejaVuSerif.ttf"],
              "texts": { "launch": "We shipped the new flow today! Thanks to everyone who tested it and sent notes." },
              "matrices": [ { "templates": ["inline-more"], "texts": ["launch"], "fonts": ["DejaVu Serif 15"], "widths": [240, 320] } ]
            }
            """
        let path = try GoldenFixtures.suiteFile(json)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        _ = try Self.widenedSerif(into: folder + "/fonts", by: 100)
        let recorded = try SuiteFontFilesTests.check(path, record: "missing")
        #expect(recorded.status == 1, "\(recorded.stdout)\(recorded.stderr)")
        let fingerprint = try String(contentsOfFile: folder + "/ENVIRONMENT.json", encoding: .utf8)
        #expect(fingerprint.contains("fonts/DejaVuSerif.ttf"), "\(fingerprint)")
        #expect(!fingerprint.contains("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), "\(fingerprint)")
        #expect(try SuiteFontFilesTests.check(path, record: "never").status == 0)
        _ = try Self.widenedSerif(into: folder + "/fonts", by: 160)
        let changed = try SuiteFontFilesTests.check(path, record: "never")
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(changed.stdout.contains("4 cases: 0 passed, 4 failed"), "\(changed.stdout)")
    }
}
