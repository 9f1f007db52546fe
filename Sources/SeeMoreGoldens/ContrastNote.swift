import FoundationEssentials
import Glibc
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// How well a text color stands out from the card's background, as WCAG 2 measures it: the ratio of
/// the two colors' relative luminances, (L1 + 0.05) / (L2 + 0.05), from 1:1 to 21:1. Level AA asks
/// 4.5:1 of normal text and 3:1 of large text (at least 24 px, or 18.66 px bold; a card's points are
/// CSS pixels here, as they are iOS points and Android dp).
package struct ContrastNote: Sendable, Hashable {
    /// What the color paints: "text" or "suffix".
    package var role: String
    package var foreground: Color
    package var background: Color
    package var ratio: Double
    /// The text's size in points and whether it is bold, which decide the level it must reach.
    package var points: Double
    package var bold: Bool

    package var isLarge: Bool { points >= 24 || (bold && points >= 18.66) }
    /// What WCAG AA asks of this text.
    package var required: Double { isLarge ? 3 : 4.5 }
    package var meetsAA: Bool { ratio >= required }

    /// Whether one of its numbers is NaN (a note read from a damaged record): it is then never equal
    /// to itself.
    var holdsNaN: Bool {
        ([ratio, points] + [foreground, background].flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }).contains { $0.isNaN }
    }

    package init(role: String, foreground: Color, background: Color, points: Double, bold: Bool) {
        self.role = role
        // A translucent color is seen blended over what lies behind it.
        let behind = Self.over(background, Color(red: 1, green: 1, blue: 1))
        self.background = behind
        self.foreground = Self.over(foreground, behind)
        self.points = points
        self.bold = bold
        let lighter = max(Self.luminance(self.foreground), Self.luminance(behind))
        let darker = min(Self.luminance(self.foreground), Self.luminance(behind))
        ratio = (lighter + 0.05) / (darker + 0.05)
    }

    /// A note as recorded: its colors already blended and its ratio already measured.
    init(role: String, blendedForeground: Color, background: Color, ratio: Double, points: Double, bold: Bool) {
        self.role = role
        foreground = blendedForeground
        self.background = background
        self.ratio = ratio
        self.points = points
        self.bold = bold
    }

    /// "suffix #0A66C2 on #FFFFFF: 4.12:1, below WCAG AA (4.5:1 for normal text: 16 pt bold, and a
    /// SeeMore point is a CSS px; large text starts at 24 px, 18.66 px bold)". WCAG's own "14 pt bold"
    /// is in CSS points, 4/3 of a px, which a reader could not tell from SeeMore's points otherwise.
    package var summary: String {
        let size = "\(JSONValue.format(points)) pt\(bold ? " bold" : "")"
        return "\(role) \(foreground) on \(background): \(FixedPoint.string(ratio, places: 2)):1, "
            + (meetsAA ? "meets" : "below")
            + " WCAG AA (\(JSONValue.format(required)):1 for \(isLarge ? "large" : "normal") text: "
            + "\(size), and a SeeMore point is a CSS px; large text starts at 24 px, 18.66 px bold)"
    }

    /// WCAG's relative luminance of an opaque sRGB color.
    static func luminance(_ color: Color) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// `top` blended over the opaque `bottom` by its alpha.
    static func over(_ top: Color, _ bottom: Color) -> Color {
        func blend(_ a: Double, _ b: Double) -> Double { a * top.alpha + b * (1 - top.alpha) }
        return Color(red: blend(top.red, bottom.red), green: blend(top.green, bottom.green), blue: blend(top.blue, bottom.blue))
    }

    /// The notes of a case's body text and suffix in its theme: sizes and weights from the case's
    /// body font and the template's suffix font merged onto it.
    static func notes(for golden: GoldenCase) -> [ContrastNote] {
        guard let theme = golden.template.themes[golden.theme], let body = try? FontDescription(golden.font) else { return [] }
        // The card lies on the canvas color where there is one, else on white.
        let background = over(
            theme.background, over(theme.canvas ?? Color(red: 1, green: 1, blue: 1), Color(red: 1, green: 1, blue: 1)))
        let points = body.size ?? 15
        var notes = [
            ContrastNote(role: "text", foreground: theme.text, background: background, points: points, bold: body.isBold)
        ]
        let suffixText = golden.template.kind == .input ? "" : golden.template.suffix.text
        if !suffixText.isEmpty {
            let suffix = golden.template.suffix.font.flatMap { try? FontDescription($0).merged(onto: body) } ?? body
            notes.append(
                ContrastNote(
                    role: "suffix", foreground: theme.suffix, background: background, points: suffix.size ?? points,
                    bold: suffix.isBold))
        }
        return notes
    }

    /// The note as report.json and the page hold it, with its sentence (`summary`, made once by
    /// the caller for the many cases that share it).
    func json(summary: String) -> JSONValue {
        .object([
            ("role", .string(role)), ("foreground", .string(foreground.description)),
            ("background", .string(background.description)), ("ratio", .number((ratio * 100).rounded() / 100)),
            ("required", .number(required)), ("meetsAA", .bool(meetsAA)), ("summary", .string(summary)),
        ])
    }
}
