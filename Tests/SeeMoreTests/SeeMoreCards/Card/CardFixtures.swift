import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport

/// Templates and texts shared by the card tests.
enum CardFixtures {
    /// The repository's `Templates/` folder.
    static let templatesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Templates").standardized.path

    static let templateNames = [
        "x", "post", "feed", "feed-ja", "caption", "inline-more", "fade-overlay", "read-more-tail", "chat-input",
    ]

    static func template(_ name: String) throws -> CardTemplate {
        try TemplateLoader.load(path: "\(templatesFolder)/\(name).json")
    }

    /// Long enough to be cut by every template at 320 pt; no emoji, so no stray colors.
    static let longText = """
        We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed \
        bugs at two in the morning and kept the coffee coming. Next up: dark mode, offline drafts and a faster \
        composer for everyone.
        """
    static let shortText = "Morning coffee on the balcony."

    /// Pixels whose color is within `tolerance` (RGB distance, 0–441) of `color`.
    static func pixels(near color: Color, in image: RGBAImage, tolerance: Double = 60) -> [(x: Int, y: Int)] {
        let target = color.bytes
        var found: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                guard pixel.alpha > 200 else { continue }
                let dr = Double(pixel.red) - Double(target.red)
                let dg = Double(pixel.green) - Double(target.green)
                let db = Double(pixel.blue) - Double(target.blue)
                if (dr * dr + dg * dg + db * db).squareRoot() <= tolerance { found.append((x, y)) }
            }
        }
        return found
    }
}
