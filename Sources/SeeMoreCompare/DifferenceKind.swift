/// Why SeeMore and the browser broke a text's first differing line apart, as far as the text and
/// both engines' measures tell: the first rule that holds, in the order of the cases.
package enum DifferenceKind: String, CaseIterable, Sendable {
    /// The engine that kept more on the line measured it within a point of the width: the two
    /// engines' widths of the same glyphs differ by a fraction of a point at the line's edge.
    case edge = "line edge"
    /// A break inside a link (after the scheme, at a "/" or in a long host).
    case url
    /// A break beside a character whose line breaking CSS's `line-break` levels decide (small kana,
    /// `ー`, iteration marks, CJK punctuation).
    case kinsoku
    /// A break between letters of a script written without spaces (Thai, Lao, Khmer, Myanmar), which
    /// each engine's ICU splits with its own dictionary.
    case dictionary
    /// Characters near the break drawn in a fallback font (the body font lacks them), or drawn by the
    /// browser in a family SeeMore did not use.
    case fallbackFont = "fallback font"
    /// A line that mixes right-to-left and left-to-right text.
    case bidi
    /// None of the above.
    case other

    /// What a reviewer reads beside the kind in the report.
    package var explanation: String {
        switch self {
        case .edge: "the longer line fills its width to within a point: the engines measure the same glyphs a fraction apart"
        case .url: "the break falls inside a link"
        case .kinsoku:
            "a character CSS line-break rules govern (small kana, ー, iteration marks, CJK punctuation) is beside the break"
        case .dictionary: "Thai, Lao, Khmer or Myanmar words split by each engine's ICU dictionary"
        case .fallbackFont: "characters on the line are drawn in a fallback font, or the browser picked another family"
        case .bidi: "the line mixes right-to-left and left-to-right text"
        case .other: "none of the rules above holds"
        }
    }

    /// What the classification reads of one differing case.
    package struct Evidence: Equatable, Sendable {
        /// Both engines' lines and the visible width of each, and the width they break in.
        package var ours: [String]
        package var web: [String]
        package var ourWidths: [Double]
        package var webWidths: [Double]
        package var textWidth: Double
        /// The index of the first differing line.
        package var line: Int
        /// The links of the drawn text, in Unicode scalars.
        package var links: [Range<Int>] = []
        /// The characters SeeMore drew in a fallback font, in Unicode scalars of the drawn text.
        package var fallback: Set<Int> = []
        /// Families the browser drew the text in that SeeMore did not (known when it was photographed).
        package var otherFamilies: [String] = []

        package init(
            ours: [String], web: [String], ourWidths: [Double], webWidths: [Double], textWidth: Double, line: Int
        ) {
            (self.ours, self.web, self.ourWidths, self.webWidths) = (ours, web, ourWidths, webWidths)
            (self.textWidth, self.line) = (textWidth, line)
        }
    }

    /// How close to the width a line must come to be at the edge, in points.
    static let edgeTolerance = 1.0

    /// The first kind whose rule holds for `evidence`.
    package init(_ evidence: Evidence) {
        let line = evidence.line
        let ourText = Array(evidence.ours.joined().unicodeScalars)
        // Where each engine's differing line starts and ends, in scalars of the drawn text.
        let start = evidence.ours.prefix(line).reduce(0) { $0 + $1.unicodeScalars.count }
        let ourEnd = start + (line < evidence.ours.count ? evidence.ours[line].unicodeScalars.count : 0)
        let webStart = evidence.web.prefix(line).reduce(0) { $0 + $1.unicodeScalars.count }
        let webEnd = webStart + (line < evidence.web.count ? evidence.web[line].unicodeScalars.count : 0)
        let breaks = [ourEnd, webEnd]
        let neighbours = breaks.flatMap { [$0 - 1, $0] }.filter { $0 >= 0 && $0 < ourText.count }.map { ourText[$0] }
        let lineScalars = (start..<max(start, ourEnd, webEnd)).filter { $0 < ourText.count }.map { ourText[$0] }

        let ourLength = line < evidence.ours.count ? evidence.ours[line].unicodeScalars.count : 0
        let webLength = line < evidence.web.count ? evidence.web[line].unicodeScalars.count : 0
        let longerWidth =
            ourLength >= webLength
            ? (line < evidence.ourWidths.count ? evidence.ourWidths[line] : 0)
            : (line < evidence.webWidths.count ? evidence.webWidths[line] : 0)
        if longerWidth >= evidence.textWidth - Self.edgeTolerance {
            self = .edge
        } else if breaks.contains(where: { position in
            evidence.links.contains { $0.lowerBound < position && position < $0.upperBound }
        }) {
            self = .url
        } else if neighbours.contains(where: Self.isKinsoku) {
            self = .kinsoku
        } else if neighbours.contains(where: Self.isDictionaryScript) {
            self = .dictionary
        } else if !evidence.otherFamilies.isEmpty
            || (start..<max(start, ourEnd, webEnd)).contains(where: evidence.fallback.contains)
        {
            self = .fallbackFont
        } else if lineScalars.contains(where: Self.isRightToLeft) && lineScalars.contains(where: Self.isLeftToRightLetter) {
            self = .bidi
        } else {
            self = .other
        }
    }

    /// Characters whose breaking `line-break` levels decide: small kana, the prolonged sound mark,
    /// iteration marks and CJK punctuation (CSS Text 3, § 5.2).
    static func isKinsoku(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3001...0x3003, 0x3005, 0x3008...0x3011, 0x3014...0x301F, 0x303B, 0x309D, 0x309E, 0x30A0, 0x30FB...0x30FE,
            0xFF01, 0xFF08, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5F...0xFF65,
            0x2010, 0x2013, 0x2025, 0x2026:
            return true
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096:
            return true  // small hiragana
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x31F0...0x31FF,
            0xFF67...0xFF70:
            return true  // small katakana, halfwidth ones and the halfwidth prolonged sound mark
        default:
            return false
        }
    }

    static func isDictionaryScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xAA60...0xAA7F: return true
        default: return false
        }
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    static func isLeftToRightLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && !isRightToLeft(scalar)
    }
}
