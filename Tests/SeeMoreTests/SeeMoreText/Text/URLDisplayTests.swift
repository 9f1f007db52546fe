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

    /// Random texts of many scripts with random entities (overlapping, empty, past the end among them):
    /// the text built as bytes is the text built scalar by scalar, each entity around its own scalars.
    @Test func randomTexts_shownAsScalarByScalar() {
        var generator = SplitMix(seed: 29)
        let pieces = ["a", "é", "東京", "שלום", "مرحبا", "👩‍💻", " ", "https://x.co/a/b/c/d", "@anna", "\u{301}", "١٢"]
        for _ in 0..<400 {
            let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let count = text.unicodeScalars.count
            let entities = (0..<Int(generator.next() % 4)).map { _ -> TextEntity in
                let start = Int(generator.next() % UInt64(count + 2))
                let kind: TextEntity.Kind = generator.next() % 2 == 0 ? .url : .mention
                return TextEntity(kind: kind, range: start..<(start + Int(generator.next() % 6)))
            }
            let urlLength: Int? = generator.next() % 2 == 0 ? 4 : nil
            let isolating = generator.next() % 2 == 0
            let shown = ShownEntities(text, entities: entities, urlLength: urlLength, isolating: isolating)
            // Scalar by scalar.
            let scalars = Array(text.unicodeScalars)
            var expected: [Unicode.Scalar] = []
            var copied = 0
            for entity in entities.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
            where entity.range.lowerBound >= copied && entity.range.upperBound <= count && !entity.range.isEmpty {
                expected += scalars[copied..<entity.range.lowerBound]
                let start = expected.count
                if isolating { expected.append(entity.kind == .url ? "\u{2066}" : "\u{2068}") }
                var whole = String.UnicodeScalarView()
                whole.append(contentsOf: scalars[entity.range])
                if entity.kind == .url, let urlLength {
                    expected += Array(URLDisplay.shortened(String(whole), length: urlLength).unicodeScalars)
                } else {
                    expected += scalars[entity.range]
                }
                if isolating { expected.append("\u{2069}") }
                #expect(shown.entities.contains { $0.range == start..<expected.count }, "\(text.debugDescription)")
                copied = entity.range.upperBound
            }
            expected += scalars[min(copied, count)...]
            var view = String.UnicodeScalarView()
            view.append(contentsOf: expected)
            #expect(shown.text == String(view), "\(text.debugDescription) \(entities)")
        }
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
