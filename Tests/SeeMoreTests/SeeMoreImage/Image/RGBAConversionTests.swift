import CPangoCairo
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// Cairo's premultiplied ARGB pixels to straight RGBA bytes: four at a time where all four are opaque or
/// clear, one at a time otherwise; both must give what the formula gives.
@Suite struct RGBAConversionTests {
    /// Rows of every width from 1 to 13 (so every block of four and every tail is met), mixing runs of
    /// opaque and clear pixels with pixels of every alpha in between.
    @Test func everyPixel_isWhatTheFormulaGives() throws {
        var next: UInt32 = 1
        func random() -> UInt32 {
            next = next &* 1_103_515_245 &+ 12_345
            return next >> 8
        }
        for width in 1...13 {
            let height = 40
            let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
            let stride = Int(cairo_image_surface_get_stride(surface.pointer))
            let data = try #require(cairo_image_surface_get_data(surface.pointer))
            var expected: [UInt8] = []
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // Most rows plain (opaque or clear), some with a pixel of another alpha.
                    let alpha: UInt32 =
                        y % 3 == 0 ? random() % 256 : (random() % 5 == 0 ? 0 : 255)
                    let channels = (0..<3).map { _ in alpha == 0 ? 0 : random() % (alpha + 1) }
                    row[x] = alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
                    for value in channels {
                        expected.append(
                            alpha == 0 || alpha == 255 ? UInt8(value) : UInt8((value * 255 + alpha / 2) / alpha))
                    }
                    expected.append(UInt8(alpha))
                }
            }
            cairo_surface_mark_dirty(surface.pointer)
            let image = RGBAImage(surface)
            #expect(image.pixels == expected, "width \(width)")
        }
    }
}
