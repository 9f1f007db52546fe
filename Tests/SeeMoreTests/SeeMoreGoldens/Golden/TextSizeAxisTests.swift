import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// A matrix's `textSizes` axis: a case per size, named by it, its fonts and line height scaled by the
/// platform's rule through the template's text styles.
struct TextSizeAxisTests {
    private static let text =
        "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed bugs at two in the morning and kept the coffee coming."

    @Test func eachSize_isACaseNamedByIt_andScalesByThePlatformsRule() throws {
        let path = try GoldenFixtures.suiteFile(
            """
            {"texts": {"post": \(String(decoding: try JSONEncoder().encode(Self.text), as: UTF8.self))},
             "matrices": [{"templates": ["inline-more"], "texts": ["post"], "widths": [320],
                           "textSizes": ["large", "AX5", "android:2"], "states": ["expanded"]}]}
            """)
        let suite = try GoldenFixtures.load(path)
        #expect(
            suite.cases.map(\.name) == [
                "inline-more/post/DejaVuSans-15@320.AX5.light.expanded",
                "inline-more/post/DejaVuSans-15@320.android2.light.expanded",
                "inline-more/post/DejaVuSans-15@320.large.light.expanded",
            ])
        let renderer = try CardRenderer()
        func card(_ token: String) throws -> CardMetadata {
            let golden = try #require(suite.cases.first { $0.textSize?.token == token })
            return try renderer.render(golden.request, state: .expanded).metadata
        }
        let large = try card("large")
        let ax5 = try card("AX5")
        let android = try card("android2")
        // inline-more's body is 15 pt on a 20 pt pitch, style body: at AX5 both grow by 53 / 17.
        let pitch = try #require(large.lineBoxes.first).height
        #expect(abs(pitch - 20) < 1e-6)
        #expect(abs(try #require(ax5.lineBoxes.first).height - 20 * 53 / 17) < 1e-6)
        #expect(ax5.height > large.height * 2 && ax5.lineCount > large.lineCount)
        // Android 2.0: 15 sp becomes 27 dp (halfway from 26 at 14 to 30 at 18 is 28 at 16: 27 at 15), the
        // 20 sp pitch 34 dp: less than twice.
        #expect(abs(try #require(android.lineBoxes.first).height - 34) < 1e-6)
        #expect(large.lineCount < android.lineCount)
    }

    /// A server's or a batch line's `textSize` scales as the axis does; another value is refused by name.
    @Test func theField_scalesTheTemplatesFonts() throws {
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        let fields = try CardFields(
            ["text": "Hello", "template": "inline-more", "font": "DejaVu Sans 17", "textSize": "AX3"], templates: templates,
            limits: CardFields.Limits())
        #expect(fields.request.font == "DejaVu Sans 40")
        #expect(fields.request.template.body.lineHeight == .points(20 * 40 / 17))
        #expect(fields.canonical.contains("textSize=AX3"))
        #expect {
            try CardFields(["text": "x", "textSize": "huge"], templates: templates, limits: CardFields.Limits())
        } throws: { error in
            (error as? CardFields.Refusal)?.field == "textSize" && "\(error)".contains("huge")
        }
    }

    @Test func anUnknownSize_isNamed() throws {
        let path = try GoldenFixtures.suiteFile(
            """
            {"texts": {"t": "Hello"}, "matrices": [{"templates": ["x"], "texts": ["t"], "widths": [200], "textSizes": ["huge"]}]}
            """)
        #expect {
            try GoldenFixtures.load(path)
        } throws: { error in
            "\(error)".contains("textSizes") && "\(error)".contains("huge")
        }
    }

    @Test func templates_sayTheirTextStyles() throws {
        var template = try CardFixtures.template("x")
        #expect(template.body.textStyle == .body && template.header?.textStyle == .headline)
        template.suffix.font = "13"
        template.suffix.textStyle = .footnote
        let scaled = try template.scaled(for: .ios(.ax5))
        #expect(scaled.suffix.font == "44", "footnote: 13 pt at large, 44 at AX5")
        #expect(try FontDescription(scaled.body.font).size.map { abs($0 - 15 * 53 / 17) < 0.01 } == true)
    }
}
