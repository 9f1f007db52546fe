import CPangoCairo

/// How a request's text looks in its layouts: body and suffix fonts, markup spans, line height.
final class TextStyle {
    let fonts: ResolvedFonts
    /// The text without markup tags; all indices refer to it.
    let plainText: String
    private let markup: AttributeList?
    private let lineHeight: Double
    private let width: Double

    /// - Throws: `TruncationRequestError.invalidMarkup` with Pango's message (which has the position).
    init(request: TruncationRequest, fonts: ResolvedFonts) throws {
        self.fonts = fonts
        lineHeight = request.lineHeight
        width = request.width
        guard request.markup else {
            plainText = request.text
            markup = nil
            return
        }
        var list: OpaquePointer? = nil
        var text: UnsafeMutablePointer<CChar>? = nil
        var error: UnsafeMutablePointer<GError>? = nil
        guard pango_parse_markup(request.text, -1, 0, &list, &text, nil, &error) != 0, let list, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot be parsed"
            if let error { g_error_free(error) }
            throw TruncationRequestError.invalidMarkup(message)
        }
        defer { g_free(text) }
        plainText = String(cString: text)
        markup = AttributeList(taking: list)
    }

    /// Sets `layout` to `bytes`: `keptCount` bytes of the text (starting at byte `textStart` of the plain
    /// text), then the ellipsis in the body font, then `suffixCount` bytes of suffix in the suffix font
    /// (colored and underlined when `paint` says so).
    func apply<Bytes: Collection>(
        _ bytes: Bytes, keptCount: Int, suffixCount: Int, to layout: Layout, textStart: Int = 0,
        paint: SuffixPaint? = nil
    ) throws where Bytes.Element == UInt8 {
        let attributes = try markup?.slice(textStart..<(textStart + keptCount)) ?? AttributeList()
        let suffix = (bytes.count - suffixCount)..<bytes.count
        if !suffix.isEmpty {
            attributes.setFont(fonts.suffix, bytes: suffix)
            if let paint {
                attributes.setColor(paint.color, bytes: suffix)
                if paint.underline { attributes.setUnderline(bytes: Self.visiblePart(of: suffix, in: bytes)) }
            }
        }
        layout.setWidth(points: width)
        layout.setLineHeight(lineHeight)
        layout.setFont(fonts.body)
        layout.setAttributes(attributes)
        layout.setText(bytes)
    }
}

extension TextStyle {
    /// `range` without leading and trailing spaces, so " ..더보기" is underlined from its first dot.
    static func visiblePart<Bytes: Collection>(of range: Range<Int>, in bytes: Bytes) -> Range<Int> where Bytes.Element == UInt8 {
        let array = Array(bytes)
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, array[lower] == 0x20 { lower += 1 }
        while upper > lower, array[upper - 1] == 0x20 { upper -= 1 }
        return lower..<upper
    }
}

/// How a painted suffix looks beyond its font.
struct SuffixPaint {
    var color: Color
    var underline: Bool
}
