import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// Links, mentions and hashtags on a card: drawn in the theme's link color, in the metadata with one
/// rect per line, their whole text kept where the card shows only their start.
@Suite struct CardEntityTests {
    static let text =
        "Big news from @seemore_app: read https://example.com/blog/2026/12/launch-notes-and-what-comes-next?ref=feed and tell us #SwiftOnLinux #새기능 what you think"

    static func card(
        _ template: String = "inline-more", text: String = text, state: CardState, edit: (inout CardTemplate) -> Void = { _ in }
    )
        throws -> (image: RGBAImage, metadata: CardMetadata, template: CardTemplate)
    {
        var loaded = try CardFixtures.template(template)
        edit(&loaded)
        var request = CardRequest(text: text, template: loaded)
        request.width = 320
        let drawn = try CardRenderer().draw(request, state: state)
        return (drawn.image, drawn.metadata, loaded)
    }

    @Test func theMetadata_namesEachEntityWithItsRectsPerLine() throws {
        let expanded = try Self.card(state: .expanded).metadata
        #expect(expanded.entities.map(\.kind) == [.mention, .url, .hashtag, .hashtag])
        #expect(
            expanded.entities.map(\.text) == [
                "@seemore_app", "https://example.com/blog/2026/12/launch-notes-and-what-comes-next?ref=feed", "#SwiftOnLinux",
                "#새기능",
            ])
        let scalars = Array(expanded.kept.unicodeScalars)
        for entity in expanded.entities {
            var shown = String.UnicodeScalarView()
            shown.append(contentsOf: scalars[entity.range])
            #expect(String(shown) == entity.text)
            // One rect per line it is drawn on, each inside the card and on one of the body's lines.
            #expect(!entity.rects.isEmpty)
            for rect in entity.rects {
                #expect(rect.x >= 0 && rect.x + rect.width <= expanded.width + 0.01)
                #expect(expanded.lineBoxes.contains { abs($0.y - rect.y) < 6 })
            }
        }
        #expect(expanded.entities[1].rects.count == 3, "the URL wraps over three lines")
        #expect(expanded.entities[3].rects.count == 1, "'#새기능' fits a line: kept on one")
        // The collapsed card shows the URL's start only; the entity still names all of it.
        let collapsed = try Self.card(state: .collapsed).metadata
        let url = try #require(collapsed.entities.first { $0.kind == .url })
        #expect(url.text == expanded.entities[1].text && url.range.upperBound == collapsed.kept.unicodeScalars.count)
    }

    @Test func entities_areDrawnInTheThemesLinkColor() throws {
        let red = try #require(Color(hex: "#D00000"))
        let drawn = try Self.card(text: "Thanks @anna_k for the review", state: .collapsed) { $0.themes["light"]?.link = red }
        let mention = try #require(drawn.metadata.entities.first?.rects.first)
        let reds = CardFixtures.pixels(near: red, in: drawn.image, tolerance: 40)
        #expect(reds.count > 20)
        #expect(reds.allSatisfy { Double($0.x) >= mention.x - 1 && Double($0.x) <= mention.x + mention.width + 1 })
        // Without detection: no entity, no link color.
        let plain = try Self.card(text: "Thanks @anna_k for the review", state: .collapsed) {
            $0.themes["light"]?.link = red
            $0.links.detect = false
        }
        #expect(plain.metadata.entities.isEmpty && CardFixtures.pixels(near: red, in: plain.image, tolerance: 40).isEmpty)
    }

    @Test func underline_isDrawnUnderTheEntityOnly() throws {
        let plain = try Self.card(text: "Thanks @anna_k for the review", state: .collapsed)
        let underlined = try Self.card(text: "Thanks @anna_k for the review", state: .collapsed) { $0.links.underline = true }
        let mention = try #require(plain.metadata.entities.first?.rects.first)
        var changed: [(Int, Int)] = []
        for y in 0..<plain.image.height {
            for x in 0..<plain.image.width where plain.image[x, y] != underlined.image[x, y] { changed.append((x, y)) }
        }
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { Double($0.0) >= mention.x - 1 && Double($0.0) <= mention.x + mention.width + 1 })
    }

    @Test func weight_drawsEntitiesInIt_andTheCutIsMeasuredWithIt() throws {
        let text = "Thanks @anna_k for the review"
        let plain = try Self.card(text: text, state: .collapsed)
        let bold = try Self.card(text: text, state: .collapsed) { $0.links.weight = 700 }
        let normal = try #require(plain.metadata.entities.first?.rects.first)
        let heavy = try #require(bold.metadata.entities.first?.rects.first)
        #expect(heavy.width > normal.width + 3, "\(heavy.width) vs \(normal.width)")
        #expect(bold.metadata.syntheticBold.isEmpty, "DejaVu Sans has a bold face")
        // The cut: at some width and limit, bold links keep fewer characters than regular ones, and
        // the bold card's last line still holds the suffix (the cut measured them bold).
        let engine = try LayoutEngine()
        var moved = 0
        for width in stride(from: 200.0, through: 400, by: 7) {
            for lines in 1...3 {
                var request = TruncationRequest(text: Self.text, width: width, lines: lines)
                let regular = try engine.truncate(request)
                request.entityWeight = 700
                let weighed = try engine.truncate(request)
                if weighed.cutIndex != regular.cutIndex { moved += 1 }
                #expect(weighed.cutIndex <= regular.cutIndex, "width \(width) lines \(lines)")
            }
        }
        #expect(moved >= 3, "bold links must move some cuts: \(moved)")
    }

    @Test func chatInput_stylesAndReportsEntities_onTheLinesItShows() throws {
        let red = try #require(Color(hex: "#D00000"))
        let text = "ping @anna_k\nsecond line\nthird line\nfourth line\nfifth line\nsixth line and #done"
        let drawn = try Self.card("chat-input", text: text, state: .collapsed) { $0.themes["light"]?.link = red }
        // Scrolled to its end: the mention on line 1 is not shown, the hashtag on line 6 is.
        #expect(drawn.metadata.entities.map(\.text) == ["#done"])
        let hashtag = try #require(drawn.metadata.entities.first?.rects.first)
        #expect(drawn.metadata.lineBoxes.contains { abs($0.y - hashtag.y) < 6 })
        let reds = CardFixtures.pixels(near: red, in: drawn.image, tolerance: 40)
        #expect(reds.count > 20)
        #expect(reds.allSatisfy { Double($0.x) >= hashtag.x - 1 && Double($0.x) <= hashtag.x + hashtag.width + 1 })
        let expanded = try Self.card("chat-input", text: text, state: .expanded).metadata
        #expect(expanded.entities.map(\.text) == ["@anna_k", "#done"])
    }

    @Test func weight_takesANameOrANumber() throws {
        func links(_ json: String) throws -> CardTemplate.Links {
            let themes =
                ##""themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000"}}"##
            let data = Data(("{\"links\": " + json + ", " + themes + "}").utf8)
            return try JSONDecoder().decode(CardTemplate.self, from: data).links
        }
        #expect(try links(#"{"weight": "semibold"}"#).weight == 600)
        #expect(try links(#"{"weight": "Bold"}"#).weight == 700)
        #expect(try links(#"{"weight": 500}"#).weight == 500)
        #expect(try links("{}").weight == nil)
        for bad in [#"{"weight": "fat"}"#, #"{"weight": 50}"#, #"{"weight": 1200}"#, #"{"weight": true}"#] {
            #expect(throws: (any Error).self, "\(bad)") { try links(bad) }
        }
        var request = TruncationRequest(text: "a @b")
        request.entityWeight = 1001
        #expect(throws: TruncationRequestError.self) { try request.validate() }
    }

    /// Tap targets never overlap (#41): on main "Show more" took 6 pt of #sunset's line in post at 240 pt.
    @Test(arguments: ["post", "x", "inline-more", "feed", "caption", "fade-overlay", "read-more-tail"])
    func theSuffixsTarget_neverCoversAnEntity(template: String) throws {
        let texts = [
            "Golden hour on the pier tonight, the whole sky went orange and pink and then purple. Worth the wait #sunset #nofilter and more words after",
            "Ship small, ship often: read https://example.com/blog/2026/12/ship-small and tell @anna what you think #shipping",
        ]
        for text in texts {
            for width in [240.0, 320, 414] {
                var request = CardRequest(text: text, template: try CardFixtures.template(template))
                request.width = width
                let metadata = try CardRenderer().draw(request, state: .collapsed).metadata
                guard let hit = metadata.hitRect, let suffix = metadata.suffixRect else { continue }
                for entity in metadata.entities {
                    for rect in entity.rects {
                        // Where lines' boxes overlap, the suffix's own rows may hold the line above's box.
                        let rows = (max(hit.y, rect.y), min(hit.y + hit.height, rect.y + rect.height))
                        let outsideSuffix = rows.0 < suffix.y - 0.01 || rows.1 > suffix.y + suffix.height + 0.01
                        let overlap =
                            hit.x < rect.x + rect.width && rect.x < hit.x + hit.width && rows.0 < rows.1 && outsideSuffix
                        #expect(!overlap, "\(template) at \(width): target \(hit) covers \(entity.text) \(rect)")
                    }
                }
            }
        }
    }

    @Test func aTemplateWithoutLinks_decodesTheDefaults_andTheKeysAreChecked() throws {
        let template = try CardFixtures.template("inline-more")
        #expect(template.links == CardTemplate.Links(detect: true, underline: false, rules: .feed))
        #expect(try CardFixtures.template("x").links.rules == .x)
        let unknown = Data(
            ##"{"links": {"rules": "mastodon"}, "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000", "link": "#0000FF"}}}"##
                .utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(CardTemplate.self, from: unknown) }
        let data = Data(
            ##"{"links": {"detect": false, "colour": "#000000"}, "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000", "link": "#0000FF"}}}"##
                .utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(CardTemplate.self, from: data) }
        let good = Data(
            ##"{"links": {"detect": false}, "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000", "secondaryText": "#000000", "suffix": "#000000", "link": "#0000FF"}}}"##
                .utf8)
        let decoded = try JSONDecoder().decode(CardTemplate.self, from: good)
        #expect(decoded.links.detect == false && decoded.themes["light"]?.link == Color(hex: "#0000FF"))
    }
}

/// Spans a suite marks in its texts (`entities`): drawn and reported beside the links found, never
/// cut inside; a range past the text is an error naming it.
@Suite struct SuiteMarkedEntityTests {
    static func suite(_ entities: String) throws -> String {
        try GoldenFixtures.suiteFile(
            """
            {
              "texts": { "hotel": { "text": "Meet the team at the Grand Budapest Hotel lobby tomorrow morning, @anna", "entities": \(entities) } },
              "matrices": [ { "templates": ["inline-more"], "texts": ["hotel"], "widths": [240], "states": ["expanded"] } ]
            }
            """)
    }

    @Test func markedSpans_areEntitiesBesideTheFoundOnes() throws {
        let suite = try GoldenSuite.load(
            path: try Self.suite(#"[{"range": [21, 41], "kind": "marked"}]"#), templatesFolder: CardFixtures.templatesFolder)
        let golden = try #require(suite.cases.first)
        #expect(golden.entities == [TextEntity(kind: .marked, range: 21..<41)])
        let metadata = try CardRenderer().draw(golden.request, state: .expanded).metadata
        #expect(metadata.entities.map(\.kind) == [.marked, .mention])
        #expect(metadata.entities.first?.text == "Grand Budapest Hotel")
    }

    @Test(arguments: [
        (#"[{"range": [21, 400]}]"#, "texts.hotel.entities[0].range: range [21, 400] ends past the text's 71 characters"),
        (#"[{"range": [5, 5]}]"#, "must be [start, end] in characters with 0 ≤ start < end"),
        (#"[{"range": [1, 2], "kind": "link"}]"#, "kind"),
    ])
    func badRanges_areNamed(entities: String, message: String) throws {
        #expect {
            _ = try GoldenSuite.load(path: try Self.suite(entities), templatesFolder: CardFixtures.templatesFolder)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
