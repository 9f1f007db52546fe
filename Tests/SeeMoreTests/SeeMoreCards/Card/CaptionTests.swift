@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// `header.placement: inline` (the caption template, after Instagram): the name in bold before the
/// text, one paragraph cut as one; the text's own characters stay text, its entities stay in place.
@Suite struct CaptionTests {
    static func draw(_ text: String, state: CardState = .expanded, edit: (inout CardRequest) -> Void = { _ in }) throws
        -> CardMetadata
    {
        var request = CardRequest(text: text, template: try CardFixtures.template("caption"))
        request.width = 375
        edit(&request)
        return try CardRenderer().draw(request, state: state).metadata
    }

    @Test func theName_comesFirst_andTheTextKeepsItsCharacters() throws {
        let metadata = try Self.draw("a < b & c > d, see #launch")
        #expect(metadata.kept == "seemore.app a < b & c > d, see #launch")
        #expect(metadata.entities.map(\.text) == ["#launch"])
        #expect(metadata.fonts == ["Noto Sans"])
    }

    @Test func givenEntities_moveWithTheName() throws {
        let metadata = try Self.draw("Grand Budapest Hotel tonight") { $0.entities = [TextEntity(kind: .marked, range: 0..<20)] }
        let entity = try #require(metadata.entities.first)
        #expect(entity.text == "Grand Budapest Hotel" && entity.range == 12..<32)
    }

    @Test func theCut_countsTheNameAsPartOfTheFirstLine() throws {
        let text = String(repeating: "We shipped the new onboarding flow today! ", count: 4)
        let collapsed = try Self.draw(text, state: .collapsed)
        #expect(collapsed.truncated && collapsed.lineCount == 2)
        #expect(collapsed.lines.first?.hasPrefix("seemore.app We shipped") == true)
        #expect(collapsed.lines.last?.hasSuffix("… more") == true)
        let named = try Self.draw(text, state: .collapsed) {
            $0.author = CardRequest.Author(displayName: "a_much_longer_username")
        }
        #expect(named.lines.first?.hasPrefix("a_much_longer_username We") == true)
        #expect(named.kept.count < collapsed.kept.count + "a_much_longer_username".count - "seemore.app".count + 1)
    }

    /// The name does not decide the paragraph's direction: before Arabic text it sits at the right.
    @Test func beforeRightToLeftText_theNameIsAtTheRight() throws {
        let request = CardRequest(text: "تعرف على خدمات الخرائط الجديدة", template: try CardFixtures.template("caption"))
        let plan = try TextStack.serialized { try CardPlanner(engine: try LayoutEngine(), request: request).plan(.collapsed) }
        guard case .text(let layout, _, _, _, _) = try #require(plan.items.first) else { Issue.record("no text"); return }
        let name = layout.graphemeRect(atByte: 0)
        let arabic = layout.graphemeRect(atByte: "seemore.app ".utf8.count)
        #expect(name.x > arabic.x, "\(name) \(arabic)")
    }

    /// A right-to-left caption's lines start at the right edge, the name first (rightmost), the ending
    /// at the end of the last line, its left. On main they were aligned to the left: the ink of
    /// "مرحبا بالجميع" spanned 13–183 pt of the 12–308 pt text box.
    @Test(arguments: [CardState.collapsed, .expanded])
    func aRightToLeftCaption_startsAtTheRightEdge(state: CardState) throws {
        var request = CardRequest(text: "مرحبا بالجميع", template: try CardFixtures.template("caption"))
        request.width = 320
        let card = try CardRenderer().draw(request, state: state)
        let image = card.image
        let background = image[2, 2]
        var columns: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != background { columns.append(x) }
        }
        let left = try #require(columns.min()), right = try #require(columns.max())
        #expect(right >= 300 && right <= 308, "the ink ends at the text box's right edge (308 pt): \(right)")
        #expect(left > 100, "and leaves the left free: \(left)")
        // A cut one ends in "… more" at the left end of its last line, the name at the right of its first.
        request.text = String(repeating: "مرحبا بالجميع، هذا نص طويل ", count: 6)
        let cut = try CardRenderer().draw(request, state: .collapsed).metadata
        let suffix = try #require(cut.suffixRect)
        #expect(cut.truncated && suffix.x < 160, "\(suffix)")
    }
}
