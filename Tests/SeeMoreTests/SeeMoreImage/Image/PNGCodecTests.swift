@testable import SeeMoreBench
import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

@Suite struct PNGCodecTests {
    /// The PNG chunks in order: type and data.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(png[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    @Test(arguments: [1, 2, 3])
    func cards_carrySRGBAndTheirDensity(scale: Int) throws {
        var request = CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more"))
        request.scale = scale
        let png = try CardRenderer().render(request, state: .collapsed).png
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = Self.chunks(png)
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        #expect(chunks.contains { $0.type == "sRGB" })
        let phys = try #require(chunks.first { $0.type == "pHYs" }?.data)
        let perMeter = phys[0..<4].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(Double(perMeter) * 0.0254 - 72 * Double(scale)) < 0.1)
        #expect(phys[8] == 1)  // unit: meter
    }

    @Test func roundTrip_keepsEveryPixel() throws {
        var request = CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("x"))
        request.theme = "dark"
        let png = try CardRenderer().render(request, state: .collapsed).png
        let image = try PNGCodec.decode(png)
        let again = try PNGCodec.encode(image, scale: 1)
        #expect(try PNGCodec.decode(again) == image)
        #expect(again == png)
    }

    @Test func opaqueCards_areRGBAndRoundedOnesRGBA() throws {
        let input = try CardRenderer().render(
            CardRequest(text: "hi", template: try CardFixtures.template("chat-input")), state: .collapsed)
        let card = try CardRenderer().render(CardRequest(text: "hi", template: try CardFixtures.template("x")), state: .collapsed)
        #expect(Self.chunks(input.png)[0].data[9] == 2)  // color type RGB: the canvas fills the corners
        #expect(Self.chunks(card.png)[0].data[9] == 6)  // RGBA: transparent rounded corners
        #expect(try PNGCodec.decode(card.png)[0, 0].alpha == 0)
    }

    @Test func files_areNoLargerThanCairosOwnWriter() throws {
        let renderer = try CardRenderer()
        for name in CardFixtures.templateNames {
            var request = CardRequest(text: CardFixtures.longText, template: try CardFixtures.template(name))
            request.scale = 2
            let card = try renderer.render(request, state: .expanded)
            let cairo = try PNGBench.cairoPNG(try PNGBench.surface(from: card.png))
            #expect(card.png.count <= cairo.count, "\(name): \(card.png.count) > cairo's \(cairo.count)")
        }
    }

    /// An image of `colors` distinct colors (some translucent), in a scattered order.
    static func image(colors: Int, width: Int = 37, height: Int = 23) -> RGBAImage {
        var pixels: [UInt8] = []
        for index in 0..<(width * height) {
            let color = (index * 7919) % colors
            pixels += [UInt8(color % 256), UInt8((color * 3) % 256), UInt8(color / 256), color % 5 == 0 ? 128 : 255]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    @Test(arguments: [1, 2, 3, 4, 5, 16, 17, 255, 256, 257, 600])
    func goldens_keepEveryPixel_asAPaletteUpTo256Colors(colors: Int) throws {
        let image = Self.image(colors: colors)
        let png = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        #expect(try PNGCodec.decode(png) == image, "the same pixels")
        #expect(try PNGCodec.encode(image, scale: 1, settings: .goldens) == png, "the same bytes every time")
        let header = Self.chunks(png)[0].data
        if colors <= 256 {
            #expect(header[9] == 3, "a palette")
            #expect(Int(header[8]) == (colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8), "the smallest bit depth")
            #expect(Self.chunks(png).first { $0.type == "PLTE" }?.data.count == colors * 3)
            #expect(Self.chunks(png).contains { $0.type == "tRNS" }, "color 0 is translucent: a tRNS")
        } else {
            #expect(header[9] == 6, "RGBA: too many colors for a palette")
        }
    }

    @Test func goldens_ofARealCard_areSmallerAndIdenticalInPixels() throws {
        let card = try CardRenderer().render(
            CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more")), state: .collapsed)
        let image = try PNGCodec.decode(card.png)
        let golden = try PNGCodec.encode(image, scale: 1, settings: .goldens)
        #expect(try PNGCodec.decode(golden) == image)
        #expect(golden.count < card.png.count)
    }

    @Test func corruptBytes_areAnErrorNotACrash() {
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]) }
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode([]) }
    }
}
