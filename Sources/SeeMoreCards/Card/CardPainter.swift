import SeeMoreSupport
import SeeMoreImage
import SeeMoreText

/// Paints a card plan with Cairo at a scale and encodes it as PNG.
package struct CardPainter {
    let template: CardTemplate
    let theme: CardTemplate.Theme
    let scale: Int

    /// Cairo's largest image side.
    package static let maximumPixels = 32767

    func paint(_ plan: CardPlan) throws -> RGBAImage {
        let width = (plan.width * Double(scale)).rounded(.up)
        let height = (plan.height * Double(scale)).rounded(.up)
        let limit = Double(Self.maximumPixels)
        guard width <= limit, height <= limit else {  // compared as numbers first: nothing huge becomes an Int
            throw CardError.tooLarge(
                pixelWidth: width.isFinite ? Int(min(width, 1e15)) : Int.max,
                pixelHeight: height.isFinite ? Int(min(height, 1e15)) : Int.max)
        }
        let pixelWidth = Int(width), pixelHeight = Int(height)
        guard pixelWidth * pixelHeight <= CardLimits.maximumPixelArea else {
            throw CardError.tooManyPixels(
                pixelWidth: pixelWidth, pixelHeight: pixelHeight, width: plan.width, height: plan.height, scale: scale)
        }
        let surface = try ImageSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let context = try DrawingContext(surface: surface, scale: Double(scale))
        paintBox(plan, on: context)
        for item in plan.items {
            switch item {
            case .text(let layout, let origin, let color, let clip, let lines):
                if let clip {
                    context.clipped(to: clip) { context.draw(layout, x: origin.x, y: origin.y, color: color, lines: lines) }
                } else {
                    context.draw(layout, x: origin.x, y: origin.y, color: color, lines: lines)
                }
            case .fade(let rect, let stops):
                context.fillHorizontalGradient(rect, color: theme.background, stops: stops.map { ($0.x, $0.alpha) })
            case .avatar(let rect, let shape, let radius, let image, let color):
                try context.drawAvatar(
                    rect, cornerRadius: shape == .circle ? min(rect.width, rect.height) / 2 : radius, image: image, color: color)
            }
        }
        try context.check()
        return RGBAImage(surface)
    }

    /// The canvas behind the card, the card's rounded background and its border.
    private func paintBox(_ plan: CardPlan, on context: DrawingContext) {
        let bounds = Rect(x: 0, y: 0, width: plan.width, height: plan.height)
        if let canvas = theme.canvas {
            context.addRoundedRect(bounds, radius: 0)
            context.fill(canvas)
        }
        let box = template.card
        context.addRoundedRect(bounds, radius: box.cornerRadius)
        context.fill(theme.background)
        if box.borderWidth > 0 {
            let inset = box.borderWidth / 2
            let edge = Rect(x: inset, y: inset, width: plan.width - box.borderWidth, height: plan.height - box.borderWidth)
            context.addRoundedRect(edge, radius: max(0, box.cornerRadius - inset))
            context.stroke(theme.border, width: box.borderWidth)
        }
    }
}
