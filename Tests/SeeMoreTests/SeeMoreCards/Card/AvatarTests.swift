import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Avatars beside or above the header: initials on the theme's color or a picture from the
/// template's folder, the header and text indented past it, mirrored in right-to-left text.
@Suite struct AvatarTests {
    static let text = "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds."

    @Test(arguments: [("Anna Kim", "AK"), ("SeeMore", "S"), ("김민수", "김"), ("jean-luc picard", "JP"), ("  ", ""), ("@x", "")])
    func initials(name: String, expected: String) {
        #expect(Avatar.initials(of: name) == expected)
    }

    /// A templates folder with `face.json` (post with the picture `avatars/face.png`, a solid color).
    static func templates(picture: RGBAImage?, entry: String = "avatars/face.png", edit: (inout [String: Any]) -> Void = { _ in })
        throws -> String
    {
        let folder = try BinaryRunner.temporaryFolder().appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("avatars"), withIntermediateDirectories: true)
        if let picture {
            try Data(try PNGCodec.encode(picture, scale: 1)).write(to: folder.appendingPathComponent("avatars/face.png"))
        }
        let base = try Data(contentsOf: URL(fileURLWithPath: CardFixtures.templatesFolder + "/post.json"))
        var template = try #require(try JSONSerialization.jsonObject(with: base) as? [String: Any])
        var avatar = try #require(template["avatar"] as? [String: Any])
        avatar["image"] = entry
        template["avatar"] = avatar
        edit(&template)
        try JSONSerialization.data(withJSONObject: template).write(to: folder.appendingPathComponent("face.json"))
        return folder.path
    }

    static func solid(_ color: Color, side: Int = 64) -> RGBAImage {
        let bytes = color.bytes
        return RGBAImage(
            width: side, height: side,
            pixels: Array((0..<(side * side)).flatMap { _ in [bytes.red, bytes.green, bytes.blue, 255] }))!
    }

    static func draw(_ template: CardTemplate, text: String = text, scale: Int = 2) throws -> (RGBAImage, CardMetadata) {
        var request = CardRequest(text: text, template: template)
        request.width = 375
        request.scale = scale
        let drawn = try CardRenderer().draw(request, state: .collapsed)
        return (drawn.image, drawn.metadata)
    }

    /// `post` with an avatar color no text of the card has.
    static func post() throws -> CardTemplate {
        var template = try CardFixtures.template("post")
        template.themes["light"]?.avatar = Color(hex: "#20A060")
        return template
    }

    @Test func initials_sitOnTheAvatarColorAtTheLeadingEdge_andTheTextIsIndentedPastIt() throws {
        let template = try Self.post()
        let avatar = try #require(template.avatar)
        let (image, metadata) = try Self.draw(template)
        let color = try #require(template.themes["light"]?.avatar)
        let pixels = CardFixtures.pixels(near: color, in: image, tolerance: 10)
        let left = template.card.padding.left, top = template.card.padding.top
        #expect(pixels.count > 3000, "the 40 pt circle at @2x")
        #expect(pixels.allSatisfy { Double($0.x) / 2 >= left - 0.5 && Double($0.x) / 2 <= left + avatar.size + 0.5 })
        #expect(pixels.allSatisfy { Double($0.y) / 2 >= top - 0.5 && Double($0.y) / 2 <= top + avatar.size + 0.5 })
        // Its corners are the card's background: a circle.
        #expect(image[Int(left * 2) + 1, Int(top * 2) + 1] != image[Int((left + avatar.size / 2) * 2), Int((top + 4) * 2)])
        let indent = left + avatar.size + avatar.spacing
        #expect(metadata.lineBoxes.allSatisfy { abs($0.x - indent) < 1e-9 }, "\(metadata.lineBoxes)")
        #expect(metadata.fonts.contains("DejaVu Sans"))
    }

    @Test func inRightToLeftText_theAvatarIsAtTheRight() throws {
        let template = try Self.post()
        let (image, metadata) = try Self.draw(template, text: "مرحبا بكم في خدمات الخرائط الجديدة من Google Maps and Street View")
        let color = try #require(template.themes["light"]?.avatar)
        let pixels = CardFixtures.pixels(near: color, in: image, tolerance: 10)
        let right = 375 - template.card.padding.right
        #expect(pixels.count > 3000 && pixels.allSatisfy { Double($0.x) / 2 >= right - 40 - 0.5 })
        #expect(metadata.lineBoxes.allSatisfy { $0.x + $0.width <= right - 40 - 8 + 1e-9 })
    }

    /// A display name's initials are drawn in the avatar, right-to-left ones too (laid out as wide as
    /// the initials, not at the right end of the request's width, off the card).
    @Test(arguments: [("SeeMore", "Hello there"), ("דנה כהן", "שלום לכולם"), ("سارة أحمد", "مرحبا بكم")])
    func initials_areDrawnInTheAvatar(name: String, text: String) throws {
        var template = try Self.post()
        template.header?.displayName = name
        let ink = try #require(Color(hex: "#F0E020"))
        template.themes["light"]?.avatarText = ink
        let (image, metadata) = try Self.draw(template, text: text)
        let avatar = try #require(metadata.avatarRect)
        let pixels = CardFixtures.pixels(near: ink, in: image, tolerance: 40)
        #expect(pixels.count > 40, "\(name): \(pixels.count) pixels of the initials")
        let inside = pixels.filter { pixel in
            let x = Double(pixel.x) / 2
            let y = Double(pixel.y) / 2
            return x >= avatar.x && x <= avatar.x + avatar.width && y >= avatar.y && y <= avatar.y + avatar.height
        }
        #expect(inside.count == pixels.count, "\(name)")
    }

    @Test func aPicture_isScaledIntoTheCircle() throws {
        let red = try #require(Color(hex: "#D01010"))
        let folder = try Self.templates(picture: Self.solid(red, side: 300))
        var template = try TemplateLoader.load(path: folder + "/face.json")
        template.themes["light"]?.avatar = Color(hex: "#20A060")
        #expect(template.avatar?.image?.width == 300)
        let (image, _) = try Self.draw(template)
        let reds = CardFixtures.pixels(near: red, in: image, tolerance: 10)
        #expect(reds.count > 3000, "\(reds.count)")
        let avatarColor = try #require(template.themes["light"]?.avatar)
        #expect(CardFixtures.pixels(near: avatarColor, in: image, tolerance: 10).isEmpty, "no initials behind a picture")
    }

    @Test func abovePlacement_putsTheHeaderBelowTheAvatar() throws {
        var template = try CardFixtures.template("post")
        template.avatar?.placement = .above
        let (_, metadata) = try Self.draw(template)
        let avatar = try #require(template.avatar)
        #expect(metadata.lineBoxes.first.map { $0.y > template.card.padding.top + avatar.size + avatar.spacing } == true)
        #expect(metadata.lineBoxes.allSatisfy { abs($0.x - template.card.padding.left) < 1e-9 })
    }

    @Test func badPictures_areNamedAtTheirField() throws {
        let outside = try Self.templates(picture: nil, entry: "../elsewhere.png")
        #expect { try TemplateLoader.load(path: outside + "/face.json") } throws: {
            "\($0)".contains("avatar.image: avatar ../elsewhere.png") || "\($0)".contains("is outside")
        }
        let missing = try Self.templates(picture: nil)
        #expect { try TemplateLoader.load(path: missing + "/face.json") } throws: {
            "\($0)".contains("avatar.image") && "\($0)".contains("does not exist")
        }
        let garbage = try Self.templates(picture: nil)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: garbage + "/avatars/face.png"))
        #expect { try TemplateLoader.load(path: garbage + "/face.json") } throws: { "\($0)".contains("is not a PNG picture") }
        let noHeader = try Self.templates(picture: Self.solid(Color(hex: "#000000")!)) { $0["header"] = nil }
        #expect { try TemplateLoader.load(path: noHeader + "/face.json") } throws: {
            "\($0)".contains("an avatar needs a header")
        }
    }
}

/// A suite gives each text its author (display name, handle, avatar picture), so one template
/// previews many people's posts.
@Suite struct SuiteAuthorTests {
    static func suite(avatar: String) throws -> (path: String, folder: String) {
        let path = try GoldenFixtures.suiteFile(
            """
            {
              "texts": {
                "anna": { "text": "Morning coffee on the balcony.", "displayName": "Anna Kim", "handle": "@anna · 1m", "avatar": \(avatar) },
                "plain": "Morning coffee on the balcony."
              },
              "matrices": [ { "templates": ["post"], "texts": ["anna", "plain"], "widths": [375], "states": ["collapsed"] } ]
            }
            """)
        return (path, URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    @Test func eachText_isDrawnWithItsAuthor() throws {
        let (path, folder) = try Self.suite(avatar: "\"people/anna.png\"")
        let green = try #require(Color(hex: "#10B050"))
        try FileManager.default.createDirectory(atPath: folder + "/people", withIntermediateDirectories: true)
        try Data(try PNGCodec.encode(AvatarTests.solid(green), scale: 1)).write(
            to: URL(fileURLWithPath: folder + "/people/anna.png"))
        let suite = try GoldenSuite.load(path: path, templatesFolder: CardFixtures.templatesFolder)
        let anna = try #require(suite.cases.first { $0.textName == "anna" })
        let plain = try #require(suite.cases.first { $0.textName == "plain" })
        #expect(anna.author?.displayName == "Anna Kim" && anna.author?.avatar?.width == 64 && plain.author == nil)
        for (golden, name, picture) in [(anna, "Anna Kim @anna · 1m", true), (plain, "SeeMore @seemore · 2h", false)] {
            let plan = try TextStack.serialized {
                try CardPlanner(engine: try LayoutEngine(), request: golden.request).plan(.collapsed)
            }
            let headers = plan.items.compactMap { item -> String? in
                guard case .text(let layout, _, _, _, _) = item else { return nil }
                return layout.lineTexts().joined()
            }
            #expect(headers.contains(name), "\(headers)")
            let image = try CardRenderer().draw(golden.request, state: .collapsed).image
            #expect(!CardFixtures.pixels(near: green, in: image, tolerance: 10).isEmpty == picture)
        }
    }

    @Test func aMissingPicture_isNamedAtItsText() throws {
        let (path, _) = try Self.suite(avatar: "\"people/nobody.png\"")
        #expect {
            _ = try GoldenSuite.load(path: path, templatesFolder: CardFixtures.templatesFolder)
        } throws: { "\($0)".contains("texts.anna.avatar: avatar") && "\($0)".contains("does not exist") }
    }
}
