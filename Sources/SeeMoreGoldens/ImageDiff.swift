import SeeMoreImage

/// Compares two images of the same size as pixelmatch does: a perceptual color distance in YIQ
/// space against a threshold, with anti-aliased pixels detected and not counted.
package struct ImageDiff: Sendable {
    /// Pixels that differ beyond the threshold and are not anti-aliasing.
    package var differentPixels: Int
    /// Pixels that differ but look like anti-aliasing (an edge moved by a pixel).
    package var antialiasedPixels: Int
    package var totalPixels: Int
    /// Red where pixels differ, yellow where they are anti-aliasing, the rest faded gray.
    package var image: RGBAImage

    package var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// The largest YIQ squared distance between two colors (black and white).
    static let maximumDelta = 35215.0

    /// - Parameters:
    ///   - threshold: 0 to 1; how different two colors must be to count, as pixelmatch defines it.
    ///   - detectAntialiasing: when true, pixels on anti-aliased edges are not counted.
    ///   - deltaE: when given, two colors count as different when their CIEDE2000 distance exceeds it
    ///     (`ColorDifference`), in place of `threshold`: the measure for photographs and gradients.
    /// - Returns: nil when the sizes differ.
    package static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, threshold: Double = 0.1, detectAntialiasing: Bool = true,
        deltaE: Double? = nil
    ) -> ImageDiff? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        let width = expected.width, height = expected.height
        let limit = maximumDelta * threshold * threshold
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var different = 0, antialiased = 0
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let color: (UInt8, UInt8, UInt8)
                let differs: Bool
                if let deltaE {
                    differs = perceptualDelta(expected.pixels, actual.pixels, offset) > deltaE
                } else {
                    differs = abs(colorDelta(expected.pixels, offset, actual.pixels, offset)) > limit
                }
                if differs {
                    if detectAntialiasing
                        && (isAntialiased(expected, x, y, other: actual) || isAntialiased(actual, x, y, other: expected))
                    {
                        antialiased += 1
                        color = (255, 255, 0)
                    } else {
                        different += 1
                        color = (255, 0, 0)
                    }
                } else {
                    // Unchanged: the expected image's brightness, faded toward white.
                    let gray = UInt8(max(0, min(255, 255 + (luma(expected.pixels, offset) - 255) * 0.1)))
                    color = (gray, gray, gray)
                }
                output[offset] = color.0
                output[offset + 1] = color.1
                output[offset + 2] = color.2
                output[offset + 3] = 255
            }
        }
        let diffImage = RGBAImage(width: width, height: height, pixels: output) ?? expected
        return ImageDiff(
            differentPixels: different, antialiasedPixels: antialiased, totalPixels: width * height, image: diffImage)
    }

    /// Images of different sizes on the canvas both fit in, top-left aligned (where a card's text
    /// starts): the pixels both cover are compared as `compare` does, those only one covers count as
    /// different and are red.
    package static func compareOnUnionCanvas(
        _ expected: RGBAImage, _ actual: RGBAImage, threshold: Double = 0.1, deltaE: Double? = nil
    ) -> ImageDiff {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        func padded(_ image: RGBAImage) -> RGBAImage {
            if image.width == width && image.height == height { return image }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<image.height {
                let row = y * image.width * 4
                pixels.replaceSubrange(
                    (y * width * 4)..<(y * width * 4 + image.width * 4), with: image.pixels[row..<(row + image.width * 4)])
            }
            return RGBAImage(width: width, height: height, pixels: pixels) ?? image
        }
        guard var diff = compare(padded(expected), padded(actual), threshold: threshold, deltaE: deltaE) else {
            return ImageDiff(differentPixels: 0, antialiasedPixels: 0, totalPixels: 0, image: actual)
        }
        var pixels = diff.image.pixels
        for y in 0..<height {
            for x in 0..<width {
                let inExpected = x < expected.width && y < expected.height, inActual = x < actual.width && y < actual.height
                guard inExpected != inActual else { continue }
                let offset = (y * width + x) * 4
                if pixels[offset] != 255 || pixels[offset + 1] != 0 || pixels[offset + 2] != 0 {
                    if pixels[offset] == 255 && pixels[offset + 1] == 255 && pixels[offset + 2] == 0 {
                        diff.antialiasedPixels -= 1
                    }
                    diff.differentPixels += 1
                }
                (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = (255, 0, 0, 255)
            }
        }
        diff.image = RGBAImage(width: width, height: height, pixels: pixels) ?? diff.image
        return diff
    }

    /// A pixel's channels blended over white by its alpha.
    private static func blended(_ pixels: [UInt8], _ offset: Int) -> (Double, Double, Double) {
        let alpha = Double(pixels[offset + 3]) / 255
        func blend(_ channel: UInt8) -> Double { 255 + (Double(channel) - 255) * alpha }
        return (blend(pixels[offset]), blend(pixels[offset + 1]), blend(pixels[offset + 2]))
    }

    private static func luma(_ pixels: [UInt8], _ offset: Int) -> Double {
        let (r, g, b) = blended(pixels, offset)
        return y(r, g, b)
    }

    private static func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    private static func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    private static func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// The CIEDE2000 distance of two pixels, each blended on white (0 for equal bytes).
    static func perceptualDelta(_ a: [UInt8], _ b: [UInt8], _ offset: Int) -> Double {
        if a[offset] == b[offset] && a[offset + 1] == b[offset + 1] && a[offset + 2] == b[offset + 2]
            && a[offset + 3] == b[offset + 3]
        {
            return 0
        }
        let (r1, g1, b1) = blended(a, offset)
        let (r2, g2, b2) = blended(b, offset)
        return ColorDifference.ciede2000(
            ColorDifference.lab(red: r1, green: g1, blue: b1), ColorDifference.lab(red: r2, green: g2, blue: b2))
    }

    /// Squared YIQ distance, negative when the second pixel is lighter; brightness only when `brightnessOnly`.
    static func colorDelta(_ a: [UInt8], _ aOffset: Int, _ b: [UInt8], _ bOffset: Int, brightnessOnly: Bool = false) -> Double {
        if a[aOffset] == b[bOffset] && a[aOffset + 1] == b[bOffset + 1] && a[aOffset + 2] == b[bOffset + 2]
            && a[aOffset + 3] == b[bOffset + 3]
        {
            return 0
        }
        let (r1, g1, b1) = blended(a, aOffset)
        let (r2, g2, b2) = blended(b, bOffset)
        let y1 = y(r1, g1, b1), y2 = y(r2, g2, b2)
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    /// Whether the pixel at (x, y) of `image` sits on an anti-aliased edge: among its eight neighbours
    /// it has both darker and lighter ones, at most two of the same brightness, and the darkest or the
    /// lightest neighbour lies inside a flat area (three or more identical neighbours) in both images.
    static func isAntialiased(_ image: RGBAImage, _ x: Int, _ y: Int, other: RGBAImage) -> Bool {
        let width = image.width, height = image.height
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        let offset = (y * width + x) * 4
        var zeroes = x == x0 || x == x1 || y == y0 || y == y1 ? 1 : 0
        var darkest = 0.0, lightest = 0.0
        var darkestAt = (0, 0), lightestAt = (0, 0)
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = colorDelta(image.pixels, offset, image.pixels, (ny * width + nx) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > lightest {
                    lightest = delta
                    lightestAt = (nx, ny)
                }
            }
        }
        if darkest == 0 || lightest == 0 { return false }
        return (hasManySiblings(image, darkestAt.0, darkestAt.1) && hasManySiblings(other, darkestAt.0, darkestAt.1))
            || (hasManySiblings(image, lightestAt.0, lightestAt.1) && hasManySiblings(other, lightestAt.0, lightestAt.1))
    }

    /// Whether the pixel at (x, y) has three or more identical neighbours (an image edge counts as one).
    static func hasManySiblings(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        let width = image.width, height = image.height
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        let offset = (y * width + x) * 4
        var zeroes = x == x0 || x == x1 || y == y0 || y == y1 ? 1 : 0
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let other = (ny * width + nx) * 4
                if image.pixels[offset] == image.pixels[other] && image.pixels[offset + 1] == image.pixels[other + 1]
                    && image.pixels[offset + 2] == image.pixels[other + 2] && image.pixels[offset + 3] == image.pixels[other + 3]
                {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}
