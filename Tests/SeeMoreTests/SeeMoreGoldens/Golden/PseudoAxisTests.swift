import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// A matrix's `pseudo` axis: each pseudo-locale a case of its own, named by it, its text and the
/// card's strings pseudo-localized, drawn by the same code as any other case.
struct PseudoAxisTests {
    @Test func eachPseudoLocale_isACaseNamedByIt() throws {
        let path = try GoldenFixtures.suiteFile(
            """
            {"texts": {"post": {"text": "Shipped today! Notes at https://example.com/notes #launch", "displayName": "Ana",
                                "entities": [{"range": [0, 7]}]}},
             "matrices": [{"templates": ["inline-more", "x"], "texts": ["post"], "fonts": ["DejaVu Sans 15"], "widths": [200],
                           "pseudo": ["accented", "expanded", "bidi"], "states": ["collapsed"]}]}
            """)
        let suite = try GoldenFixtures.load(path)
        #expect(
            suite.cases.map(\.name) == [
                "inline-more/post/DejaVuSans-15@200.accented.light.collapsed",
                "inline-more/post/DejaVuSans-15@200.bidi.light.collapsed",
                "inline-more/post/DejaVuSans-15@200.expanded.light.collapsed",
                "x/post/DejaVuSans-15@200.accented.light.collapsed", "x/post/DejaVuSans-15@200.bidi.light.collapsed",
                "x/post/DejaVuSans-15@200.expanded.light.collapsed",
            ])
        let expanded = try #require(suite.cases.first { $0.pseudo == .expanded && $0.template.name == "x" })
        #expect(expanded.text.hasPrefix("[Šĥîþþéð ţöðáý! Ñöţéš áţ https://example.com/notes #launch"))
        #expect(expanded.template.suffix.text == "[Šĥöŵ ɱöŕé one]")
        #expect(expanded.template.expandedSuffix == "[Šĥöŵ ļéšš one]")
        #expect(expanded.author?.displayName == PseudoLocale.expanded.apply(to: "Ana"))
        // The marked span moves with the text: still "Shipped".
        let scalars = Array(expanded.text.unicodeScalars)
        let marked = try #require(expanded.entities.first).range
        #expect(String(String.UnicodeScalarView(scalars[marked])) == "Šĥîþþéð")
        // Each case draws: the bidi one right to left.
        let renderer = try CardRenderer()
        let bidi = try #require(suite.cases.first { $0.pseudo == .bidi && $0.template.name == "inline-more" })
        let card = try renderer.render(bidi.request, state: .collapsed)
        #expect(card.metadata.kept.unicodeScalars.contains("\u{202E}") && !card.metadata.lines.isEmpty)
        let plain = try #require(suite.cases.first { $0.template.name == "inline-more" && $0.pseudo == .accented })
        #expect(try renderer.render(plain.request, state: .collapsed).metadata.kept.hasPrefix("Šĥîþþéð"))
    }

    /// A server's or a batch line's `pseudo` field draws as `render --pseudo` does; another value is refused by name.
    @Test func theField_pseudoLocalizesTheTextAndTheStrings() throws {
        let templates = TemplateLoader.standard(templatesFolder: CardFixtures.templatesFolder)
        let fields = try CardFields(
            ["text": "See more", "template": "x", "suffix": "Read on", "pseudo": "expanded"], templates: templates,
            limits: CardFields.Limits())
        #expect(fields.request.text == "[Šéé ɱöŕé one]")
        #expect(fields.request.suffix == "[Ŕéáð öñ one]")
        #expect(fields.request.template.expandedSuffix == "[Šĥöŵ ļéšš one]")
        #expect(fields.canonical.contains("pseudo=expanded"))
        #expect(
            throws: CardFields.Refusal(
                .badValue, message: "pseudo must be accented, expanded, bidi, not 'en-XA'", field: "pseudo")
        ) {
            try CardFields(["text": "x", "pseudo": "en-XA"], templates: templates, limits: CardFields.Limits())
        }
    }

    @Test func anUnknownPseudoLocale_isNamed() throws {
        let path = try GoldenFixtures.suiteFile(
            """
            {"texts": {"t": "Hello"}, "matrices": [{"templates": ["x"], "texts": ["t"], "widths": [200], "pseudo": ["en-XA"]}]}
            """)
        #expect {
            try GoldenFixtures.load(path)
        } throws: { error in
            "\(error)".contains("pseudo") && "\(error)".contains("en-XA")
        }
    }
}
