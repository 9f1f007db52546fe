@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Links, mentions and hashtags inside right-to-left text read as written (#41 item 3): each is an
/// isolated run — a link left to right, a mention or hashtag in its own direction — and the cut
/// measures it so; a link glued to a word of another script breaks at the link's own breaks (item 4).
@Suite struct RightToLeftEntityTests {
    static let arabic =
        "مرحبا بالجميع، اقرأ المزيد عن المشروع على https://seemore.example/ar/search?q=مرحبا والمزيد من التفاصيل مع @seemore و #تصميم في كل مكان اليوم وغدا وبعد غد"

    /// The body's layout (the first text item after the header) of `text` in `template`, and its text.
    static func body(_ text: String, template: String, width: Double = 320, state: CardState = .expanded) throws
        -> (layout: Layout, text: [UInt8], metadata: CardMetadata)
    {
        var request = CardRequest(text: text, template: try CardFixtures.template(template))
        request.width = width
        let metadata = try CardRenderer().draw(request, state: state).metadata
        return try TextStack.serialized {
            let plan = try CardPlanner(engine: try LayoutEngine(), request: request).plan(state)
            let layouts = plan.items.compactMap { item -> Layout? in
                if case .text(let layout, _, _, _, _) = item { return layout }
                return nil
            }
            // The header comes first where there is one; the body is the layout holding the text's start.
            let body = try #require(layouts.first { String(decoding: $0.textBytes, as: UTF8.self).contains("مرحبا") })
            return (body, body.textBytes, metadata)
        }
    }

    /// The x of the ink of the character starting at the first `needle` after byte `from`.
    static func x(of needle: String, in body: (layout: Layout, text: [UInt8], metadata: CardMetadata), after from: String? = nil)
        throws -> Double
    {
        let text = body.text
        let bytes = Array(needle.utf8)
        var start = 0
        if let from {
            let fromBytes = Array(from.utf8)
            start = try #require(
                (0...(text.count - fromBytes.count)).first { Array(text[$0..<($0 + fromBytes.count)]) == fromBytes })
        }
        let at = try #require((start...(text.count - bytes.count)).first { Array(text[$0..<($0 + bytes.count)]) == bytes })
        return body.layout.graphemeRect(atByte: at).x
    }

    /// On main: "seemore@" (the "@" took the paragraph's direction and sat right of the name).
    @Test(arguments: ["x", "post", "inline-more", "fade-overlay"])
    func aMention_keepsItsAtSignBeforeTheName(template: String) throws {
        let body = try Self.body("مرحبا بالجميع مع @seemore اليوم", template: template)
        #expect(try Self.x(of: "@", in: body) < Self.x(of: "seemore", in: body))
        #expect(body.metadata.entities.map(\.text) == ["@seemore"])
        // The metadata shows the text as written, without the isolates.
        #expect(body.metadata.kept == "مرحبا بالجميع مع @seemore اليوم")
        let entity = try #require(body.metadata.entities.first)
        #expect(Array(body.metadata.kept.unicodeScalars)[entity.range].map(String.init).joined() == "@seemore")
    }

    /// On main: "…seemore.example/ar/sear" (the short link's "…" before its host).
    @Test func aShortLink_endsInItsEllipsisAfterThePath() throws {
        let body = try Self.body(Self.arabic, template: "x")
        #expect(try Self.x(of: "…", in: body, after: "seemore.example") > Self.x(of: "seemore.example", in: body))
        #expect(
            try Self.x(of: "https", in: Self.body(Self.arabic, template: "fade-overlay"))
                < Self.x(of: "seemore", in: Self.body(Self.arabic, template: "fade-overlay")))
        #expect(body.metadata.entities.first?.text == "https://seemore.example/ar/search?q=")
    }

    /// An Arabic hashtag reads right to left, its "#" at its right (its own direction).
    @Test func anArabicHashtag_readsInItsOwnDirection() throws {
        let body = try Self.body(Self.arabic, template: "x")
        #expect(try Self.x(of: "#", in: body) > Self.x(of: "تصميم", in: body))
    }

    /// In left-to-right text nothing is isolated: the layout's text is the text.
    @Test func leftToRightText_isLaidOutAsWritten() throws {
        let shown = ShownEntities("Hi @anna see #tag", entities: TextEntity.find(in: "Hi @anna see #tag"), urlLength: nil)
        #expect(shown.text == "Hi @anna see #tag" && shown.inserted.isEmpty)
        let isolated = ShownEntities(
            "مرحبا @anna و https://a.co/x", entities: TextEntity.find(in: "مرحبا @anna و https://a.co/x"), urlLength: 24)
        #expect(isolated.text == "مرحبا \u{2068}@anna\u{2069} و \u{2066}a.co/x\u{2069}")
        #expect(isolated.withoutInserted(isolated.text) == "مرحبا @anna و a.co/x")
        #expect(isolated.wholeTexts == ["@anna", "https://a.co/x"])
    }

    /// A cut inside an isolated link (it fills line N) closes the isolate before the ending, so the
    /// ending follows the paragraph (at the left of the last line), not the link.
    @Test func aCutInsideAnIsolatedLink_endsAtTheParagraphsEnd() throws {
        let text = "مرحبا https://seemore.example/" + String(repeating: "abcdefghij/", count: 20) + " مرحبا"
        let body = try Self.body(text, template: "inline-more", state: .collapsed)
        #expect(body.metadata.truncated)
        let suffix = try #require(body.metadata.suffixRect)
        let lastLine = try #require(body.metadata.lineBoxes.last)
        #expect(suffix.x < lastLine.x + 60, "the suffix at the left end of the right-to-left line: \(suffix) in \(lastLine)")
    }

    /// On main fade-overlay broke "مرحبا" after "…/search?q=" ("مر" / "حبا") while the link has breaks
    /// of its own: a link is kept on one line only when it fits with the word glued to it.
    @Test func aLinkGluedToAWord_breaksAtItsOwnBreaks() throws {
        let body = try Self.body(Self.arabic, template: "fade-overlay", state: .expanded)
        func arabicRuns(_ text: String) -> [String] {
            text.split { !($0.unicodeScalars.first.map { (0x620...0x64A).contains($0.value) } ?? false) }.map(String.init)
        }
        let words = Set(arabicRuns(Self.arabic))
        for line in body.metadata.lines {
            for run in arabicRuns(line) { #expect(words.contains(run), "'\(run)' in \(body.metadata.lines)") }
        }
        #expect(!body.metadata.lines.contains { $0.hasSuffix("مر") })
    }
}
