import SeeMoreImage

/// How a painted span of text looks beyond its font: the suffix, or the links, mentions and
/// hashtags of a text (where they are, the text's style knows).
package struct TextPaint {
    package var color: Color
    package var underline: Bool

    package init(color: Color, underline: Bool) {
        self.color = color
        self.underline = underline
    }
}
