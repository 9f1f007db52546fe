@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

@Suite struct ImageDiffTests {
    /// A white image with a black area left of `edge`, one gray anti-aliased column at `edge`.
    static func edgeImage(width: Int = 24, height: Int = 12, edge: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let value: UInt8 = x < edge ? 0 : x == edge ? 128 : 255
                pixels += [value, value, value, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    static func solid(_ width: Int, _ height: Int, _ value: UInt8) -> RGBAImage {
        RGBAImage(
            width: width, height: height,
            pixels: Array(repeating: [value, value, value, 255], count: width * height).flatMap { $0 })!
    }

    @Test func identicalImages_haveNoDifference() throws {
        let image = Self.edgeImage(edge: 10)
        let diff = try #require(ImageDiff.compare(image, image))
        #expect(diff.differentPixels == 0 && diff.antialiasedPixels == 0)
    }

    @Test func onePixelOfAnotherColor_isCounted() throws {
        let image = Self.solid(8, 8, 255)
        var changed = image
        changed.pixels[(3 * 8 + 4) * 4] = 0  // red channel of (4, 3) → cyan-ish
        let diff = try #require(ImageDiff.compare(image, changed))
        #expect(diff.differentPixels == 1)
        #expect(diff.image[4, 3] == (255, 0, 0, 255))
        #expect(diff.image[0, 0].red == diff.image[0, 0].green)  // unchanged pixels are gray
    }

    @Test func smallColorChanges_belowTheThreshold_areNotCounted() throws {
        let image = Self.solid(8, 8, 200)
        let lighter = Self.solid(8, 8, 204)
        #expect(ImageDiff.compare(image, lighter, threshold: 0.1)?.differentPixels == 0)
        #expect(ImageDiff.compare(image, lighter, threshold: 0.01)?.differentPixels == 64)
    }

    @Test func edgeShiftedByOnePixel_isAntialiasingNotADifference() throws {
        let before = Self.edgeImage(edge: 10)
        let after = Self.edgeImage(edge: 11)
        let diff = try #require(ImageDiff.compare(before, after))
        #expect(diff.differentPixels == 0)
        #expect(diff.antialiasedPixels > 0)
        #expect(diff.image[10, 5] == (255, 255, 0, 255))
        let strict = try #require(ImageDiff.compare(before, after, detectAntialiasing: false))
        #expect(strict.differentPixels == diff.antialiasedPixels)
    }

    @Test func renderedTextMovedByOnePixel_isMostlyAntialiasing() throws {
        // The same card drawn one point lower: its glyph edges move, the flat areas do not.
        var request = CardRequest(text: "Edges move", template: try CardFixtures.template("inline-more"))
        request.width = 200
        let renderer = try CardRenderer()
        let card = try renderer.draw(request, state: .collapsed).image
        var shifted = card
        let rowBytes = card.width * 4
        for y in stride(from: card.height - 1, through: 1, by: -1) {
            for x in 20..<180 {
                for channel in 0..<4 {
                    shifted.pixels[y * rowBytes + x * 4 + channel] = card.pixels[(y - 1) * rowBytes + x * 4 + channel]
                }
            }
        }
        let diff = try #require(ImageDiff.compare(card, shifted))
        #expect(diff.antialiasedPixels > 0)
        #expect(diff.differentPixels > 0)  // solid glyph interiors still differ
    }

    @Test func differentSizes_areNotCompared() {
        #expect(ImageDiff.compare(Self.solid(4, 4, 0), Self.solid(4, 5, 0)) == nil)
    }
}

@Suite struct GoldenComparisonTests {
    static func snapshot(lines: Int) -> LayoutSnapshot {
        LayoutSnapshot(text: "size: 10×10 pt\nlines: \(lines)\n")
    }

    @Test func stages_reportEachKindOfChange() throws {
        let image = ImageDiffTests.edgeImage(edge: 10)
        let png = try PNGCodec.encode(image, scale: 1)
        let layout = Self.snapshot(lines: 3)
        func compare(_ actual: RGBAImage, _ actualLayout: LayoutSnapshot, golden: [UInt8]?) -> GoldenComparison {
            GoldenComparison.compare(
                actual: actual, actualLayout: actualLayout, golden: golden, goldenLayout: layout, tolerance: Tolerance())
        }
        #expect(compare(image, layout, golden: png).outcome == .passed)
        #expect(compare(image, layout, golden: nil).outcome == .missing)
        #expect(compare(image, layout, golden: [1, 2, 3]).outcome == .unreadableGolden)

        let taller = ImageDiffTests.edgeImage(height: 14, edge: 10)
        let size = compare(taller, Self.snapshot(lines: 4), golden: png)
        #expect(size.outcome == .sizeChanged)
        #expect(size.message == "24×12 → 24×14: the text now takes 4 lines instead of 3")

        let layoutChange = compare(image, Self.snapshot(lines: 2), golden: png)
        #expect(layoutChange.outcome == .layoutChanged)
        #expect(layoutChange.message == "layout changed: lines 3 → 2")

        var recolored = image
        recolored.pixels[0] = 255
        let pixels = compare(recolored, layout, golden: png)
        #expect(pixels.outcome == .pixelsChanged)
        #expect(pixels.diff?.differentPixels == 1)

        let allowed = GoldenComparison.compare(
            actual: recolored, actualLayout: layout, golden: png, goldenLayout: layout, tolerance: Tolerance(maxDiffPixels: 1))
        #expect(allowed.outcome == .passed)
        let byRatio = GoldenComparison.compare(
            actual: recolored, actualLayout: layout, golden: png, goldenLayout: layout, tolerance: Tolerance(maxDiffRatio: 0.01))
        #expect(byRatio.outcome == .passed)
    }

    @Test func goldenEncodedDifferently_stillMatchesByPixels() throws {
        let image = ImageDiffTests.edgeImage(edge: 10)
        let other = try PNGCodec.encode(image, scale: 1, settings: .libpngDefault)
        let result = GoldenComparison.compare(
            actual: image, actualLayout: Self.snapshot(lines: 1), golden: other, goldenLayout: Self.snapshot(lines: 1),
            tolerance: Tolerance())
        #expect(result.outcome == .passed)
    }
}
