import FoundationEssentials
import SeeMoreCards
import SeeMoreImage
import SeeMoreText

/// Compares a freshly drawn card with its golden, in stages: identical pixels (and layout) pass at
/// once; then size; then the layout snapshot; then pixels, by perceptual distance with anti-aliasing
/// detection. Pixels, not PNG bytes, are compared, so a golden encoded differently still matches.
package struct GoldenComparison: Sendable {
    package var outcome: GoldenOutcome
    /// One line for people: what changed.
    package var message: String
    /// The pixel comparison; for a size change, on the canvas both images fit in.
    package var diff: ImageDiff?
    /// Every line of the layout snapshot that changed, when it did.
    package var layoutDiff: LayoutDiff?
    /// Whether the golden is fit to be shown to a reviewer (copied into the artifacts, where a browser
    /// decodes it): false for one that declares more pixels than `sizeChangeCanvasBudget` allows.
    package var goldenShown = true
    /// The golden's pixels, when it has the drawn card's size: what a change's colors are read from.
    package var golden: RGBAImage? = nil

    /// A golden of another size is decoded and diffed on the canvas both images fit in only when that
    /// canvas has at most this many pixels (a card of 1242 × 3377, @3x) and at most four times the
    /// drawn card's: past that it is a size change found from its header, not decoded, not diffed and
    /// not shown: a small PNG can declare 32767 × 2048 pixels, seconds and most of a gigabyte to decode
    /// and diff. The diff holds five images of the canvas's size: 4 M pixels is at most 80 MB.
    package static let sizeChangeCanvasBudget = 4 << 20

    /// Whether a PNG header declares a size a card can have: no side past Cairo's 32 767 pixels and no
    /// more than `PNGCodec.maximumPixels`. Anything larger is a bomb: never decoded, copied or approved.
    static func isCardSized(_ size: (width: Int, height: Int)) -> Bool {
        size.width > 0 && size.height > 0 && size.width <= CardPainter.maximumPixels && size.height <= CardPainter.maximumPixels
            && size.width * size.height <= PNGCodec.maximumPixels
    }

    init(outcome: GoldenOutcome, message: String, diff: ImageDiff? = nil, layoutDiff: LayoutDiff? = nil, goldenShown: Bool = true)
    {
        self.outcome = outcome
        self.message = message
        self.diff = diff
        self.layoutDiff = layoutDiff
        self.goldenShown = goldenShown
    }

    /// - Parameters:
    ///   - actual: the freshly drawn card.
    ///   - golden: the golden PNG's bytes, nil when there is none.
    ///   - ignoring: pixels masked in both images before they are compared (`IgnoreRegion`), hatched
    ///     in the diff; for images of one size.
    package static func compare(
        actual image: RGBAImage, actualLayout: LayoutSnapshot, golden: [UInt8]?, goldenLayout: LayoutSnapshot?,
        tolerance: Tolerance, ignoring mask: [PixelRect] = []
    ) -> GoldenComparison {
        guard let golden else { return GoldenComparison(outcome: .missing, message: "no golden yet") }
        // The header first: a golden of another size is a size change, decoded or not, and one that
        // declares more pixels than a card can have is never decompressed (a PNG of a megabyte or two
        // can declare gigabytes of pixels).
        guard let declared = PNGCodec.header(golden) else {
            return GoldenComparison(outcome: .unreadableGolden, message: "unreadable golden: not a PNG")
        }
        guard Self.isCardSized(declared) else {
            return GoldenComparison(
                outcome: .oversizedGolden,
                message: "the golden declares \(declared.width)×\(declared.height) pixels, more than any card has; not decoded",
                goldenShown: false)
        }
        let layoutDiff = goldenLayout.flatMap { old in old == actualLayout ? nil : LayoutDiff(golden: old, actual: actualLayout) }
        if declared.width != image.width || declared.height != image.height {
            var message = "\(declared.width)×\(declared.height) → \(image.width)×\(image.height)"
            if let before = goldenLayout?.lineCount, let now = actualLayout.lineCount, before != now {
                message += ": the text now takes \(now) line\(now == 1 ? "" : "s") instead of \(before)"
            }
            if let summary = layoutDiff?.summary(omitting: ["size", "lines"]), !summary.isEmpty { message += "; " + summary }
            let canvas = max(declared.width, image.width) * max(declared.height, image.height)
            guard canvas <= Self.sizeChangeCanvasBudget, canvas <= 4 * image.width * image.height else {
                message += "; the golden is not decoded (a canvas of \(canvas) pixels for both, past the diff's budget)"
                return GoldenComparison(outcome: .sizeChanged, message: message, layoutDiff: layoutDiff, goldenShown: false)
            }
            let expected = try? PNGCodec.decode(golden, maximumPixels: declared.width * declared.height)
            return GoldenComparison(
                outcome: .sizeChanged, message: message,
                diff: expected.map {
                    ImageDiff.compareOnUnionCanvas($0, image, threshold: tolerance.threshold, deltaE: tolerance.deltaE)
                },
                layoutDiff: layoutDiff)
        }
        var expected: RGBAImage
        do {
            expected = try PNGCodec.decode(golden, maximumPixels: image.width * image.height)
        } catch {
            return GoldenComparison(outcome: .unreadableGolden, message: "unreadable golden: \(error)")
        }
        var image = image
        if !mask.isEmpty, expected.width == image.width, expected.height == image.height {
            expected = expected.masked(mask)
            image = image.masked(mask)
        }
        if expected == image && goldenLayout == actualLayout {
            return GoldenComparison(outcome: .passed, message: "identical pixels")
        }
        guard expected.width == image.width, expected.height == image.height else {
            return GoldenComparison(outcome: .unreadableGolden, message: "unreadable golden: its header and pixels disagree")
        }
        var diff =
            expected == image ? nil : ImageDiff.compare(expected, image, threshold: tolerance.threshold, deltaE: tolerance.deltaE)
        if !mask.isEmpty, let found = diff { diff?.image = found.image.hatched(mask) }
        if goldenLayout != actualLayout {
            let change = layoutDiff?.summary ?? "no layout snapshot next to the golden"
            var changed = GoldenComparison(
                outcome: .layoutChanged, message: "layout changed: \(change)", diff: diff, layoutDiff: layoutDiff)
            changed.golden = expected
            return changed
        }
        guard let diff else { return GoldenComparison(outcome: .passed, message: "same pixels") }
        // As Playwright: the more permissive of the two limits applies.
        let allowed = max(Double(tolerance.maxDiffPixels), tolerance.maxDiffRatio * Double(diff.totalPixels))
        let within = Double(diff.differentPixels) <= allowed
        let percent = FixedPoint.string(diff.ratio * 100, places: 3)
        let summary = "\(diff.differentPixels) pixels differ (\(percent)%), \(diff.antialiasedPixels) anti-aliased"
        var compared = GoldenComparison(outcome: within ? .passed : .pixelsChanged, message: summary, diff: diff)
        compared.golden = expected
        return compared
    }
}
