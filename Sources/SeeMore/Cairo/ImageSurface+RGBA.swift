import CPangoCairo

extension ImageSurface {
    /// A surface holding `image` (straight RGBA converted to Cairo's premultiplied ARGB32).
    convenience init(image: RGBAImage) throws {
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
