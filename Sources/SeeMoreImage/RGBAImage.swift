import CSupport
import FoundationEssentials
import Glibc
import SeeMoreSupport

/// An image as straight (not premultiplied) 8-bit RGBA rows, for comparing and sampling pixels.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, row by row.
    public var pixels: [UInt8]

    /// - Returns: nil when `pixels` does not hold `width * height * 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Pixels the library made itself, `width * height * 4` bytes by construction.
    package init(width: Int, height: Int, madePixels pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Equal in size and every byte, compared as memory rather than element by element.
    public static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && sameBytes(lhs.pixels, rhs.pixels)
    }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}
