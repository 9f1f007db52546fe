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
        let flag = try BinaryRunner.run(["render", "--text", "x", "--width", "20000", "--out", try BinaryRunner.temporaryFolder().path])
        #expect(flag.status == 64 && flag.stderr.contains("--width \(Self.widthRule), not '20000'"), "\(flag.stderr)")
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        #expect(throws: CardFields.Refusal(status: 400, message: "width \(Self.widthRule), not '20000'", field: "width")) {
            try CardFields(["text": "x", "width": "20000"], templates: templates, limits: CardFields.Limits())
        }
        let suite = try GoldenFixtures.suiteFile(GoldenFixtures.suiteJSON.replacingOccurrences(of: "[200, 300]", with: "[200, 20000]"))
        let matrix = try BinaryRunner.run(["check", "--suite", suite, "--templates", CardFixtures.templatesFolder])
        #expect(matrix.status == 65 && matrix.stderr.contains("matrices[0].widths[1]: width \(Self.widthRule)"), "\(matrix.stderr)")
        var request = CardRequest(text: "x", template: try CardFixtures.template("inline-more"))
        request.width = 20000
        #expect(throws: CardError.invalidWidth(20000)) { try CardRenderer().render(request, state: .collapsed) }
        #expect(CardError.invalidWidth(20000).description == "the card's width \(Self.widthRule), not 20000")
        let template = Data(##"{"card": {"width": 20000}, "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000"}}}"##.utf8)
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
        #expect(lines.status == 64 && lines.stderr.contains("--lines must be a whole number from 1 to 1000, not '1001'"), "\(lines.stderr)")
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        #expect(throws: CardFields.Refusal(status: 400, message: "scale must be 1, 2 or 3, not '4'", field: "scale")) {
            try CardFields(["text": "x", "scale": "4"], templates: templates, limits: CardFields.Limits())
        }
        #expect(throws: CardFields.Refusal(status: 400, message: "lines must be a whole number from 1 to 1000, not '1001'", field: "lines")) {
            try CardFields(["text": "x", "lines": "1001"], templates: templates, limits: CardFields.Limits())
        }
        let suite = try GoldenFixtures.suiteFile(
            GoldenFixtures.suiteJSON.replacingOccurrences(of: "\"widths\": [200, 300]", with: "\"widths\": [200], \"scales\": [1, 4]"))
        let matrix = try BinaryRunner.run(["check", "--suite", suite, "--templates", CardFixtures.templatesFolder])
        #expect(matrix.status == 65 && matrix.stderr.contains("matrices[0].scales[1]: scale must be 1, 2 or 3"), "\(matrix.stderr)")
        #expect(CardError.invalidScale(4).description == "the scale must be 1, 2 or 3, not 4")
    }
}
