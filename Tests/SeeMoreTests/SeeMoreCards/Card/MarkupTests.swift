@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct MarkupTests {
    @Test func cut_neverSplitsATag_andKeptIsPlainText() throws {
        let engine = try LayoutEngine()
        let plain = "Breaking: the quick brown fox jumps over the lazy dog while the cat watches from the windowsill"
        let markup =
            "<b>Breaking:</b> the <span foreground=\"#D0021B\">quick brown fox</span> jumps over the <i>lazy dog</i> while the <u>cat watches</u> from the windowsill"
        var cutsInsideSpans = 0
        for width in stride(from: 120.0, through: 320, by: 10) {
            for mode in CutMode.allCases {
                var request = TruncationRequest(text: markup, width: width, lines: 2, cutMode: mode)
                request.markup = true
                let result = try engine.truncate(request)
                #expect(!result.kept.contains("<") && !result.kept.contains(">"))
                #expect(plain.hasPrefix(result.kept))
                #expect(result.lines.allSatisfy { !$0.contains("<") })
                let k = result.kept.count
                if (10..<14).contains(k) || (14..<29).contains(k) || (45..<53).contains(k) { cutsInsideSpans += 1 }
            }
        }
        #expect(cutsInsideSpans > 3)
    }

    @Test func boldSpans_changeWhereTheTextIsCut() throws {
        let engine = try LayoutEngine()
        let words = "mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm"
        var plain = TruncationRequest(text: words, width: 200, lines: 1, cutMode: .grapheme)
        var bold = TruncationRequest(text: "<b>\(words)</b>", width: 200, lines: 1, cutMode: .grapheme)
        bold.markup = true
        plain.markup = true
        #expect(try engine.truncate(bold).kept.count < engine.truncate(plain).kept.count)
    }

    @Test func spanCutByTheEllipsis_doesNotColorTheSuffix() throws {
        var request = CardRequest(
            text: "<span foreground=\"#D0021B\">" + CardFixtures.longText + "</span>",
            template: try CardFixtures.template("inline-more"))
        request.markup = true
        request.width = 320
        let card = try CardRenderer().render(request, state: .collapsed)
        let rect = try #require(card.metadata.suffixRect)
        let red = CardFixtures.pixels(near: Color(hex: "#D0021B")!, in: try PNGCodec.decode(card.png))
        #expect(red.count > 100)
        #expect(red.allSatisfy { Double($0.x) < rect.x - 1 || Double($0.y) < rect.y - 1 }, "the suffix must not be red")
    }

    @Test func malformedMarkup_isAnErrorWithItsPosition() throws {
        var request = TruncationRequest(text: "hello <b>world</i>", width: 200)
        request.markup = true
        #expect {
            try LayoutEngine().truncate(request)
        } throws: { error in
            guard case .invalidMarkup(let message) = error as? TruncationRequestError else { return false }
            return message.contains("line 1") && message.contains("char")
        }
    }
}
