@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct ContrastNoteTests {
    static func note(_ foreground: String, on background: String, points: Double = 15, bold: Bool = false) -> ContrastNote {
        ContrastNote(
            role: "text", foreground: Color(hex: foreground)!, background: Color(hex: background)!, points: points, bold: bold)
    }

    @Test func ratios_areWCAGs() {
        #expect(abs(Self.note("#000000", on: "#FFFFFF").ratio - 21) < 1e-9)
        #expect(abs(Self.note("#FFFFFF", on: "#FFFFFF").ratio - 1) < 1e-9)
        // Known values: #767676 on white is the lightest gray that meets AA (4.54:1); #777777 is not (4.48:1).
        #expect(Self.note("#767676", on: "#FFFFFF").meetsAA)
        #expect(!Self.note("#777777", on: "#FFFFFF").meetsAA)
        #expect(abs(Self.note("#0095F6", on: "#FFFFFF").ratio - 3.17) < 0.01)
    }

    @Test func largeText_needsThreeToOne() {
        let blue = "#0095F6"
        #expect(!Self.note(blue, on: "#FFFFFF", points: 15).meetsAA)
        #expect(Self.note(blue, on: "#FFFFFF", points: 24).meetsAA)
        #expect(Self.note(blue, on: "#FFFFFF", points: 19, bold: true).meetsAA)
        #expect(!Self.note(blue, on: "#FFFFFF", points: 18, bold: true).meetsAA)
        #expect(
            Self.note(blue, on: "#FFFFFF", points: 15).summary.contains(
                "below WCAG AA (4.5:1 for normal text: 15 pt, and a SeeMore point is a CSS px; large text starts at 24 px, 18.66 px bold)"
            ))
        #expect(Self.note(blue, on: "#FFFFFF", points: 19, bold: true).summary.contains("for large text: 19 pt bold"))
    }

    @Test func translucentColors_areBlendedFirst() {
        // Black at half opacity on white reads as mid gray.
        let half = Self.note("#00000080", on: "#FFFFFF")
        #expect(half.foreground.description == "#7F7F7F")
        #expect(abs(half.ratio - 4.0) < 0.1)
    }

    @Test func cases_useTheirFontAndTheTemplatesSuffixFont() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        let golden = try #require(suite.cases.first { $0.template.name == "inline-more" && $0.theme == "light" })
        let notes = ContrastNote.notes(for: golden)
        #expect(notes.map(\.role) == ["text", "suffix"])
        // inline-more's suffix is 13 pt ("font": "13" merged onto the body's 15).
        #expect(notes[1].points == 13)
        #expect(notes[1].foreground.description == "#0095F6")
    }
}
