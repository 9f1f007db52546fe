import SeeMoreSupport

/// A reader's text-size setting, as a platform scales text by it: an iOS Dynamic Type category, an
/// Android font scale, or a plain factor. `scaled(_:style:)` gives the size a font of `points` at the
/// default setting is drawn at.
///
/// - iOS: a custom font scales as `UIFontMetrics(forTextStyle:)` scales it, by the ratio of its text
///   style's published size at the category to the style's size at `large` (the default): body text
///   of 15 pt at `AX3` is 15 × 40 / 17 ≈ 35.3 pt.
/// - Android: sizes in sp convert to dp by the font scale — linearly up to 1.15 and past 2.0, and in
///   between by Android 14's non-linear curves (`FontScaleConverter`): a table of sizes at 1.15, 1.3,
///   1.5, 1.8 and 2.0, a size between two of the table's interpolated linearly, a scale between two
///   tables interpolated between their results; so large text grows less than small text.
/// - A plain factor multiplies every size.
public enum TextSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    case ios(ContentSizeCategory)
    case android(Double)
    case factor(Double)

    /// iOS's Dynamic Type categories, `large` the default.
    public enum ContentSizeCategory: String, CaseIterable, Sendable {
        case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
        case ax1 = "AX1", ax2 = "AX2", ax3 = "AX3", ax4 = "AX4", ax5 = "AX5"
    }

    /// What `init(parsing:)` takes, for an error message.
    package static let rule = "an iOS category (xSmall … xxxLarge, AX1 … AX5), android:SCALE or a factor, 0.5 to 4"

    /// The largest factor or font scale taken (a text past it is no setting a reader can choose).
    static let factors = 0.5...4.0

    /// Parses `large`, `AX3` (an iOS category), `android:1.3` (an Android font scale) or `1.25` (a
    /// factor); nil for anything else or a scale outside 0.5–4.
    public init?(parsing text: String) {
        if let category = ContentSizeCategory(rawValue: text) {
            self = .ios(category)
        } else if text.hasPrefix("android:"), let scale = Double(text.dropFirst(8)), Self.factors.contains(scale) {
            self = .android(scale)
        } else if let factor = Double(text), Self.factors.contains(factor) {
            self = .factor(factor)
        } else {
            return nil
        }
    }

    /// How it is written in a suite and in a case's name: `AX3`, `android:1.3`, `1.25`.
    public var description: String {
        switch self {
        case .ios(let category): category.rawValue
        case .android(let scale): "android:" + Self.number(scale)
        case .factor(let factor): Self.number(factor)
        }
    }

    /// The part of a case's name: `AX3`, `android1.3`, `x1.25` (no colon, safe in a file name).
    package var token: String {
        switch self {
        case .ios(let category): category.rawValue
        case .android(let scale): "android" + Self.number(scale)
        case .factor(let factor): "x" + Self.number(factor)
        }
    }

    /// The size a font of `points` at the default setting is drawn at, for a part of the card in
    /// text style `style` (which only iOS reads).
    public func scaled(_ points: Double, style: TextStyle = .body) -> Double {
        switch self {
        case .ios(let category):
            let sizes = style.sizes
            guard let index = ContentSizeCategory.allCases.firstIndex(of: category) else { return points }
            return points * sizes[index] / sizes[3]
        case .android(let scale):
            return Self.androidSize(points, scale: scale)
        case .factor(let factor):
            return points * factor
        }
    }

    /// A text style of iOS, whose published sizes per category say how a font of that style scales.
    public enum TextStyle: String, CaseIterable, Codable, Sendable {
        case body, headline, callout, subheadline, footnote, caption1, caption2

        public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }

        /// The style's size in points at each category, xSmall … xxxLarge then AX1 … AX5, as Apple's
        /// Human Interface Guidelines publish them (Typography, "Dynamic Type sizes").
        var sizes: [Double] {
            switch self {
            case .body, .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            }
        }
    }

    /// Android 14's curves: font sizes in sp, and what they become at each font scale.
    static let androidSizes: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
    static let androidCurves: [(scale: Double, sizes: [Double])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// `sp` at Android font scale `scale`.
    static func androidSize(_ sp: Double, scale: Double) -> Double {
        guard let first = androidCurves.first, let last = androidCurves.last, scale >= first.scale, scale <= last.scale
        else { return sp * scale }
        if let curve = androidCurves.first(where: { $0.scale == scale }) { return follow(sp, curve.sizes) }
        // Between two curves: each size interpolated between what the two curves make of it.
        guard let upper = androidCurves.firstIndex(where: { $0.scale > scale }), upper > 0 else { return sp * scale }
        let (low, high) = (androidCurves[upper - 1], androidCurves[upper])
        let position = (scale - low.scale) / (high.scale - low.scale)
        let between = zip(low.sizes, high.sizes).map { $0 + ($1 - $0) * position }
        return follow(sp, between)
    }

    /// `sp` through a curve: linear between its points, from zero below the first, and at the last
    /// point's ratio past it.
    private static func follow(_ sp: Double, _ sizes: [Double]) -> Double {
        guard let upper = androidSizes.firstIndex(where: { $0 >= sp }) else {
            return sp * (sizes[sizes.count - 1] / androidSizes[androidSizes.count - 1])
        }
        let (fromSp, toSp) = upper == 0 ? (0.0, androidSizes[0]) : (androidSizes[upper - 1], androidSizes[upper])
        let (fromDp, toDp) = upper == 0 ? (0.0, sizes[0]) : (sizes[upper - 1], sizes[upper])
        return fromDp + (toDp - fromDp) * (sp - fromSp) / (toSp - fromSp)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
