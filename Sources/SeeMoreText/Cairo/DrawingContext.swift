import CPangoCairo
import SeeMoreImage
import SeeMoreSupport

/// An owned Cairo drawing context on an image surface, drawing in points at a fixed scale.
package final class DrawingContext {
    let pointer: OpaquePointer
    let surface: ImageSurface

    /// - Parameter scale: pixels per point (1, 2 or 3).
    package init(surface: ImageSurface, scale: Double) throws {
        guard let context = cairo_create(surface.pointer) else { throw CairoError(CAIRO_STATUS_NO_MEMORY) }
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw CairoError(status)
        }
        self.pointer = context
        self.surface = surface
        cairo_scale(context, scale, scale)
    }

    deinit {
        TextStack.serialized { cairo_destroy(pointer) }
    }

    /// Throws the first error Cairo recorded while drawing.
    package func check() throws {
        let status = cairo_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(status) }
    }

    func setColor(_ color: Color) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// Adds a rectangle with rounded corners to the path (radius clamped to half the shorter side).
    package func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height)
        cairo_new_sub_path(pointer)
        if r == 0 {
            cairo_rectangle(pointer, x, y, w, h)
            return
        }
        cairo_arc(pointer, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(pointer, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(pointer, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(pointer, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(pointer)
    }

    package func fill(_ color: Color) {
        setColor(color)
        cairo_fill(pointer)
    }

    package func stroke(_ color: Color, width: Double) {
        setColor(color)
        cairo_set_line_width(pointer, width)
        cairo_stroke(pointer)
    }

    /// Runs `body` with the drawing clipped to `rect`, restoring the clip afterwards.
    package func clipped(to rect: Rect, _ body: () throws -> Void) rethrows {
        cairo_save(pointer)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(pointer)
        defer { cairo_restore(pointer) }
        try body()
    }

    /// Draws `layout` with its top-left at (x, y), each line where `Layout.lineBoxes` places it (all
    /// lines, or those in `lines`); text without a color attribute gets `color`.
    package func draw(_ layout: Layout, x: Double, y: Double, color: Color, lines: Range<Int>? = nil) {
        setColor(color)
        layout.forEachPlacedLine(in: lines) { box, line in
            cairo_move_to(pointer, x + box.x, y + box.baseline)
            pango_cairo_show_layout_line(pointer, line)
        }
    }

    /// Paints an avatar: `image` scaled to cover `rect` (centered, the rest cut off; Cairo's good
    /// filter, which averages pixels when it shrinks), or `color` filling it, inside `rect` with
    /// rounded corners (half the shorter side rounds it into a circle).
    package func drawAvatar(_ rect: Rect, cornerRadius: Double, image: RGBAImage?, color: Color) throws {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        addRoundedRect(rect, radius: cornerRadius)
        guard let image, image.width > 0, image.height > 0 else {
            fill(color)
            return
        }
        cairo_clip(pointer)
        let surface = try ImageSurface(image: image)
        let scale = max(rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_translate(
            pointer, rect.x + (rect.width - Double(image.width) * scale) / 2,
            rect.y + (rect.height - Double(image.height) * scale) / 2)
        cairo_scale(pointer, scale, scale)
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
        cairo_paint(pointer)
    }

    /// Paints `image` with its top-left at (x, y), one image pixel per point.
    package func draw(_ image: ImageSurface, x: Double, y: Double) {
        cairo_set_source_surface(pointer, image.pointer, x, y)
        cairo_paint(pointer)
    }

    /// Fills `rect` with `color` at an opacity that changes linearly between the stops (x in points,
    /// ordered, at least one) and stays constant before the first and after the last.
    package func fillHorizontalGradient(_ rect: Rect, color: Color, stops: [(x: Double, alpha: Double)]) {
        guard let first = stops.first, let last = stops.last else { return }
        let span = last.x - first.x
        guard let gradient = cairo_pattern_create_linear(first.x, 0, span > 0 ? last.x : first.x + 1, 0) else { return }
        defer { cairo_pattern_destroy(gradient) }
        for stop in stops {
            let offset = span > 0 ? (stop.x - first.x) / span : 0
            cairo_pattern_add_color_stop_rgba(gradient, offset, color.red, color.green, color.blue, color.alpha * stop.alpha)
        }
        cairo_set_source(pointer, gradient)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(pointer)
    }
}
