import CPangoCairo

/// An owned Cairo image surface in ARGB32 (premultiplied alpha).
package final class ImageSurface {
    package let pointer: OpaquePointer
    let pixelWidth: Int
    let pixelHeight: Int

    /// - Throws: `CairoError` when Cairo cannot make the surface (too large, out of memory).
    package init(pixelWidth: Int, pixelHeight: Int) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw CairoError(CAIRO_STATUS_NO_MEMORY)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(status)
        }
        self.pointer = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    deinit {
        TextStack.serialized { cairo_surface_destroy(pointer) }
    }

    /// Calls `body` with the pixel rows (premultiplied ARGB32, native endian) and the row stride in bytes.
    func withPixels<Result>(_ body: (UnsafePointer<UInt8>, Int) throws -> Result) rethrows -> Result {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else {
            // A surface of zero pixels has no data; hand over an empty buffer.
            var empty: UInt8 = 0
            return try body(&empty, stride)
        }
        return try body(UnsafePointer(data), stride)
    }
}
