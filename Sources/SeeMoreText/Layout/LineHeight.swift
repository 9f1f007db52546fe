import SeeMoreSupport

/// The pitch of a paragraph's lines, as designers specify it.
///
/// Every line of a paragraph gets the same pitch whatever fonts fallback picks or emoji it holds,
/// as CSS `line-height` gives: a line is as tall as its body font's line box (the "strut"), and only
/// a span in a larger size (markup) makes its line taller.
public enum LineHeight: Sendable, Equatable, CustomStringConvertible {
    /// The body font's own height (ascent, descent and line gap), scaled with a span's size.
    case natural
    /// A multiple of the font size, as CSS unitless `line-height` and Figma's percent: 1.25 × 15 pt = 18.75 pt.
    case multiple(Double)
    /// An absolute pitch in points, for every line.
    case points(Double)

    /// Parses `1.25` (a multiple of the font size), `20pt` (an absolute pitch) or `0` (natural).
    /// - Returns: nil for anything else, a negative or non-finite number, or one above the limits.
    public init?(parsing text: String) {
        let trimmed = text[...].trimmingSpaces()
        if trimmed.hasSuffix("pt") {
            guard let value = Double(trimmed.dropLast(2).trimmingSpaces()), Self.points(value).isValid else { return nil }
            self = .points(value)
            return
        }
        guard let value = Double(trimmed) else { return nil }
        self.init(multiple: value)
    }

    /// `0` is natural; otherwise a multiple of the font size. nil outside 0…`maximumMultiple`.
    public init?(multiple value: Double) {
        let lineHeight = value == 0 ? Self.natural : .multiple(value)
        guard lineHeight.isValid else { return nil }
        self = lineHeight
    }

    /// Whether it is within the limits: a finite multiple above 0 and up to `maximumMultiple`, a finite
    /// pitch above 0 and up to `maximumPoints`. The one place they are checked (the parsers, a template,
    /// `TruncationRequest.validate`).
    package var isValid: Bool {
        switch self {
        case .natural: return true
        case .multiple(let value): return value.isFinite && value > 0 && value <= Self.maximumMultiple
        case .points(let value): return value.isFinite && value > 0 && value <= Self.maximumPoints
        }
    }

    /// The largest multiple of the font size accepted.
    public static let maximumMultiple = 10.0
    /// The largest absolute pitch accepted, in points.
    public static let maximumPoints = 10_000.0

    /// How the value is written in a template or flag: `0`, `1.25`, `20pt`.
    public var description: String {
        switch self {
        case .natural: return "0"
        case .multiple(let value): return JSONValue.format(value)
        case .points(let value): return JSONValue.format(value) + "pt"
        }
    }

    /// The line box of text of `size` points in a font whose metrics at `metrics.size` are given:
    /// the space it takes above and below its baseline, with the leading split evenly (CSS half-leading).
    func box(size: Double, metrics: FontMetrics) -> (above: Double, below: Double) {
        let scale = metrics.size > 0 ? size / metrics.size : 1
        let ascent = metrics.ascent * scale
        let descent = metrics.descent * scale
        let pitch: Double
        switch self {
        case .natural: pitch = metrics.height * scale
        case .multiple(let factor): pitch = factor * size
        case .points(let points): pitch = points
        }
        let halfLeading = (pitch - ascent - descent) / 2
        return (ascent + halfLeading, descent + halfLeading)
    }
}
