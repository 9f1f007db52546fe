@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// The chat input grows with its text from one line to its maximum, then scrolls to the end.
@Suite struct ChatInputTests {
    static func card(_ text: String, state: CardState = .collapsed) throws -> RenderedCard {
        var request = CardRequest(text: text, template: try CardFixtures.template("chat-input"))
        request.width = 300
        return try CardRenderer().render(request, state: state)
    }

    /// The smallest green channel of the opaque pixels (gray text: its darkness).
    static func darkest(_ image: RGBAImage) -> Int {
        var darkest = 255
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha == 255 {
                darkest = min(darkest, Int(image[x, y].green))
            }
        }
        return darkest
    }

    static func lines(_ count: Int) -> String {
        (1...count).map { "Line \($0)" }.joined(separator: "\n")
    }

    @Test func emptyInput_isOneLineTallAndShowsThePlaceholder() throws {
        let empty = try Self.card("")
        let oneLine = try Self.card("Hello")
        #expect(empty.metadata.height == oneLine.metadata.height)
        #expect(empty.metadata.kept == "")
        #expect(empty.metadata.lines.isEmpty)
        #expect(!empty.metadata.truncated)
        // The placeholder is gray: nothing on the empty field is darker than the placeholder color,
        // while the same word typed is drawn in black.
        let placeholder = try #require(try CardFixtures.template("chat-input").themes["light"]?.placeholder)
        let typed = try Self.card("Message")
        #expect(Self.darkest(try PNGCodec.decode(empty.png)) >= Int(placeholder.bytes.green) - 4)
        #expect(Self.darkest(try PNGCodec.decode(typed.png)) < 40)
    }

    @Test func heightFollowsTheTextUpToTheMaximum() throws {
        let heights = try (1...5).map { try Self.card(Self.lines($0)).metadata.height }
        for (shorter, taller) in zip(heights, heights.dropFirst()) {
            #expect(taller > shorter)
        }
        let past = try Self.card(Self.lines(9))
        #expect(past.metadata.height == heights[4])
        #expect(past.metadata.truncated)
        #expect(past.metadata.lines == (5...9).map { "Line \($0)" })
    }

    @Test func expandedInput_showsEveryLine() throws {
        let collapsed = try Self.card(Self.lines(9))
        let expanded = try Self.card(Self.lines(9), state: .expanded)
        #expect(expanded.metadata.height > collapsed.metadata.height)
        #expect(expanded.metadata.lineCount == 9)
        #expect(!expanded.metadata.truncated)
    }

    @Test func collapsedInput_showsTheLastLinesNotTheFirst() throws {
        let image = try PNGCodec.decode(try Self.card(Self.lines(9)).png)
        let five = try PNGCodec.decode(try Self.card((5...9).map { "Line \($0)" }.joined(separator: "\n")).png)
        #expect(image == five)
    }
}
