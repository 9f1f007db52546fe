import Foundation
import Testing

@testable import SeeMore

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

    @Test func corruptBytes_areAnErrorNotACrash() {
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]) }
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode([]) }
    }
}
