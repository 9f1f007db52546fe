import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// One table of limits: a width, a line limit and a scale past them are refused the same way by
/// `render`'s flags, the fields of `serve` and `render --batch`, suite matrices, templates and the
/// renderer itself.
@Suite struct CardLimitsTests {
    static let widthRule = "must be a number of points above 0 and at most 10000"

    @Test func aWidthPastTheLimit_isRefusedAlikeEverywhere() throws {
        let flag = try BinaryRunner.run([
            "render", "--text", "x", "--width", "20000", "--out", try BinaryRunner.temporaryFolder().path,
        ])
        #expect(flag.status == 64 && flag.stderr.contains("--width \(Self.widthRule), not '20000'"), "\(flag.stderr)")
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        #expect(throws: CardFields.Refusal(.badValue, message: "width \(Self.widthRule), not '20000'", field: "width")) {
            try CardFields(["text": "x", "width": "20000"], templates: templates, limits: CardFields.Limits())
        }
        let suite = try GoldenFixtures.suiteFile(
            GoldenFixtures.suiteJSON.replacingOccurrences(of: "[200, 300]", with: "[200, 20000]"))
        let matrix = try BinaryRunner.run(["check", "--suite", suite, "--templates", CardFixtures.templatesFolder])
        #expect(
            matrix.status == 65 && matrix.stderr.contains("matrices[0].widths[1]: width \(Self.widthRule)"), "\(matrix.stderr)")
        var request = CardRequest(text: "x", template: try CardFixtures.template("inline-more"))
        request.width = 20000
        #expect(throws: CardError.invalidWidth(20000)) { try CardRenderer().render(request, state: .collapsed) }
        #expect(CardError.invalidWidth(20000).description == "the card's width \(Self.widthRule), not 20000")
        let template = Data(
            ##"{"card": {"width": 20000}, "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000"}}}"##
                .utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(CardTemplate.self, from: template) }
        // The widest card is drawn: at @3x it is within Cairo's images.
        request.width = CardLimits.maximumWidth
        request.scale = 3
        #expect(try CardRenderer().render(request, state: .collapsed).metadata.pixelWidth == 30_000)
    }

    @Test func scalesAndLines_areRefusedAlikeEverywhere() throws {
        let out = try BinaryRunner.temporaryFolder().path
        let scale = try BinaryRunner.run(["render", "--text", "x", "--scale", "4", "--out", out])
        #expect(scale.status == 64 && scale.stderr.contains("--scale must be 1, 2 or 3, not '4'"), "\(scale.stderr)")
        let lines = try BinaryRunner.run(["render", "--text", "x", "--lines", "1001", "--out", out])
        #expect(
            lines.status == 64 && lines.stderr.contains("--lines must be a whole number from 1 to 1000, not '1001'"),
            "\(lines.stderr)")
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        #expect(throws: CardFields.Refusal(.badValue, message: "scale must be 1, 2 or 3, not '4'", field: "scale")) {
            try CardFields(["text": "x", "scale": "4"], templates: templates, limits: CardFields.Limits())
        }
        #expect(
            throws: CardFields.Refusal(
                .badValue, message: "lines must be a whole number from 1 to 1000, not '1001'", field: "lines")
        ) {
            try CardFields(["text": "x", "lines": "1001"], templates: templates, limits: CardFields.Limits())
        }
        let suite = try GoldenFixtures.suiteFile(
            GoldenFixtures.suiteJSON.replacingOccurrences(
                of: "\"widths\": [200, 300]", with: "\"widths\": [200], \"scales\": [1, 4]"))
        let matrix = try BinaryRunner.run(["check", "--suite", suite, "--templates", CardFixtures.templatesFolder])
        #expect(
            matrix.status == 65 && matrix.stderr.contains("matrices[0].scales[1]: scale must be 1, 2 or 3"), "\(matrix.stderr)")
        #expect(CardError.invalidScale(4).description == "the scale must be 1, 2 or 3, not 4")
    }
}

/// The pixel area of a card is capped before anything is painted: peak memory, not time, is the point.
@Suite struct CardPixelAreaTests {
    /// `render` of a card 10 000 pt wide at @3x with 400 lines (30 000 × 24 000 pixels, 2.9 GB as
    /// ARGB on main) is exit 65 naming the limit, and the process stays small.
    @Test func aHugeCard_isRefused_withFlatMemory() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let text = folder.appendingPathComponent("lines.txt")
        try Data(String(repeating: "line\n", count: 400).utf8).write(to: text)
        let script = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            print(run.stderr)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c", script, BinaryRunner.executable.path, "render", "--template", "inline-more", "--width", "10000", "--scale", "3",
            "--text-file", text.path, "--out", folder.path, "--templates", CardFixtures.templatesFolder,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let first = output.split(separator: "\n").first?.split(separator: " ") ?? []
        #expect(first.first == "65", "\(output)")
        let kilobytes = first.count > 1 ? Int(first[1]) ?? .max : .max
        #expect(kilobytes < 400_000, "peak RSS \(kilobytes) kB")
        #expect(output.contains("more than 33554432 pixels; ask for a smaller width, scale or text"), "\(output)")
    }
}
