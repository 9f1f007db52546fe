import CPangoCairo
import CSupport
import SeeMoreImage

extension ImageSurface {
    /// A surface holding `image` (straight RGBA converted to Cairo's premultiplied ARGB32).
    package convenience init(image: RGBAImage) throws {
        try self.init(pixelWidth: image.width, pixelHeight: image.height)
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let offset = (y * image.width + x) * 4
                    let alpha = UInt32(pixels[offset + 3])
                    func premultiplied(_ channel: UInt8) -> UInt32 { (UInt32(channel) * alpha + 127) / 255 }
                    row[x] =
                        alpha << 24 | premultiplied(pixels[offset]) << 16 | premultiplied(pixels[offset + 1]) << 8
                        | premultiplied(pixels[offset + 2])
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }
}

extension RGBAImage {
    /// The pixels of a Cairo surface, alpha un-premultiplied.
    package init(_ surface: ImageSurface) {
        let count = surface.pixelWidth * surface.pixelHeight * 4
        // Every byte is written by the conversion: no need to zero them first.
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            surface.withPixels { data, stride in
                seemore_argb32_to_rgba(
                    data, UInt32(surface.pixelWidth), UInt32(surface.pixelHeight), UInt32(stride), out.baseAddress)
            }
            initialized = count
        }
        self.init(width: surface.pixelWidth, height: surface.pixelHeight, madePixels: pixels)
    }
}
