@testable import SeeMoreGoldens
@testable import SeeMoreImage
import Testing

/// CIEDE2000 against the published test pairs (Sharma, Wu and Dalal, 2005), and the perceptual
/// comparison a suite asks for with `deltaE`.
@Suite struct ColorDifferenceTests {
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
        ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ])
    func ciede2000_matchesThePublishedPairs(first: (Double, Double, Double), second: (Double, Double, Double), expected: Double) {
        let a = ColorDifference.Lab(l: first.0, a: first.1, b: first.2)
        let b = ColorDifference.Lab(l: second.0, a: second.1, b: second.2)
        #expect(abs(ColorDifference.ciede2000(a, b) - expected) < 0.0001)
        #expect(abs(ColorDifference.ciede2000(b, a) - expected) < 0.0001, "symmetric")
    }

    @Test func srgbToLab_knownColors() {
        let white = ColorDifference.lab(red: 255, green: 255, blue: 255)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        let red = ColorDifference.lab(red: 255, green: 0, blue: 0)
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
    }

    /// A gradient shifted by one level per channel: many pixels over the YIQ threshold of 0 but none
    /// past a ΔE00 of 1; a real color change still counts.
    @Test func aPerceptualComparison_ignoresShiftsBelowItsDistance() throws {
        func image(_ shift: Int, red: Bool = false) -> RGBAImage {
            var pixels: [UInt8] = []
            for y in 0..<16 {
                for x in 0..<64 {
                    let level = UInt8(min(255, x * 4 + shift))
                    pixels += red && y < 4 ? [255, 0, 0, 255] : [level, level, UInt8(min(255, y * 8 + shift)), 255]
                }
            }
            return RGBAImage(width: 64, height: 16, madePixels: pixels)
        }
        let yiq = try #require(ImageDiff.compare(image(0), image(1), threshold: 0, detectAntialiasing: false))
        #expect(yiq.differentPixels > 900)
        let perceptual = try #require(ImageDiff.compare(image(0), image(1), threshold: 0, detectAntialiasing: false, deltaE: 1))
        #expect(perceptual.differentPixels == 0)
        let changed = try #require(
            ImageDiff.compare(image(0), image(0, red: true), threshold: 0, detectAntialiasing: false, deltaE: 1))
        #expect(changed.differentPixels == 4 * 64)
    }
}
