@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Links shortened as feeds show them, the entity keeping the whole address.
@Suite struct URLDisplayTests {
    @Test(arguments: [
        ("https://www.example.com/blog/2026/11/launch-notes?utm=1", 24, "example.com/blog/2026/1…"),
        ("http://seemore.dev/", 24, "seemore.dev"),
        ("HTTPS://Example.com/a/", 24, "Example.com/a/"),
        ("www.apple.com", 24, "apple.com"),
        ("https://a.co/xyz", 5, "a.co…"),
        ("https://a.co/xyz", 0, "a…"),
    ])
    func shortened(url: String, length: Int, shown: String) {
        #expect(URLDisplay.shortened(url, length: length) == shown)
    }

    @Test func shortening_movesEveryEntityIntoTheNewText() {
        let text = "See https://www.example.com/a/very/long/path/indeed now, @anna and #tag 東京"
        let result = ShownEntities(text, entities: TextEntity.find(in: text), urlLength: 12)
        #expect(result.text == "See example.com… now, @anna and #tag 東京")
        let scalars = Array(result.text.unicodeScalars)
        let shown = result.entities.map { entity -> String in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[entity.range])
            return String(view)
        }
        #expect(shown == ["example.com…", "@anna", "#tag"])
        #expect(result.wholeTexts == ["https://www.example.com/a/very/long/path/indeed", "@anna", "#tag"])
    }

    /// On a card: the short form is drawn and cut, the metadata keeps the whole address.
    @Test func aCardWithShortURLs_drawsTheShortFormAndNamesTheWholeOne() throws {
        var template = try CardFixtures.template("inline-more")
        template.body.urls = .short
        let text = "Read the notes at https://www.example.com/blog/2026/11/launch-notes?utm_source=newsletter today"
        var request = CardRequest(text: text, template: template)
        request.width = 320
        let metadata = try CardRenderer().draw(request, state: .expanded).metadata
        #expect(metadata.kept == "Read the notes at example.com/blog/2026/1… today")
        #expect(metadata.entities.map(\.text) == ["https://www.example.com/blog/2026/11/launch-notes?utm_source=newsletter"])
        #expect(metadata.entities.first?.range == 18..<42)
    }
}
