import CPangoCairo
import SeeMoreImage

/// An owned Pango attribute list.
final class AttributeList {
    let pointer: OpaquePointer

    init() throws {
        guard let list = pango_attr_list_new() else {
            throw PangoError.creationFailed("a Pango attribute list")
        }
        pointer = list
    }

    /// Takes ownership of a list Pango returned.
    init(taking list: OpaquePointer) {
        pointer = list
    }

    deinit {
        pango_attr_list_unref(pointer)
    }

    /// Pango markup parsed: its attributes and its plain text; nil and Pango's message when it
    /// cannot be parsed.
    static func parsing(markup: String) -> Result<(attributes: AttributeList, text: String), MarkupError> {
        var list: OpaquePointer? = nil
        var text: UnsafeMutablePointer<CChar>? = nil
        var error: UnsafeMutablePointer<GError>? = nil
        guard pango_parse_markup(markup, -1, 0, &list, &text, nil, &error) != 0, let list, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot be parsed"
            if let error { g_error_free(error) }
            // Pango may have made one of the two before it failed.
            if let list { pango_attr_list_unref(list) }
            if let text { g_free(text) }
            return .failure(MarkupError(message: message))
        }
        defer { g_free(text) }
        return .success((AttributeList(taking: list), String(cString: text)))
    }

    /// Why markup could not be parsed, in Pango's words.
    struct MarkupError: Error {
        let message: String
    }

    /// A new list for the text's bytes in `range`: the attributes that overlap it, cut off at its ends
    /// and moved so that `range.lowerBound` becomes 0. A span thus never reaches past the kept text
    /// into the ellipsis and suffix.
    func slice(_ range: Range<Int>) throws -> AttributeList {
        let copy = try AttributeList()
        copy.insert(slice: range, of: self, at: 0)
        return copy
    }

    /// Adds `source`'s attributes for its bytes in `range`, cut off at the range's ends and moved so
    /// that `range.lowerBound` becomes `offset` (see `slice`).
    func insert(slice range: Range<Int>, of source: AttributeList, at offset: Int) {
        var node = pango_attr_list_get_attributes(source.pointer)  // a list of copies we own
        let head = node
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                let start = Int(attribute.pointee.start_index)
                let end = Int(min(attribute.pointee.end_index, guint(Int32.max)))
                if start < range.upperBound && end > range.lowerBound {
                    attribute.pointee.start_index = guint(max(start, range.lowerBound) - range.lowerBound + offset)
                    attribute.pointee.end_index = guint(min(end, range.upperBound) - range.lowerBound + offset)
                    pango_attr_list_insert(pointer, attribute)  // this list takes ownership
                } else {
                    pango_attribute_destroy(attribute)
                }
            }
            node = current.pointee.next
        }
        g_slist_free(head)
    }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, bytes: Range<Int>) {
        guard let attribute else { return }
        attribute.pointee.start_index = guint(bytes.lowerBound)
        attribute.pointee.end_index = guint(bytes.upperBound)
        pango_attr_list_insert(pointer, attribute)  // the list takes ownership
    }

    /// Applies `font` to the UTF-8 byte range `bytes` of the layout's text.
    func setFont(_ font: FontDescription, bytes: Range<Int>) {
        insert(pango_attr_font_desc_new(font.pointer), bytes: bytes)
    }

    /// Sets the family list of the text in `bytes`, keeping the rest of its font (size, weight).
    func setFamily(_ family: String, bytes: Range<Int>) {
        insert(pango_attr_family_new(family), bytes: bytes)
    }

    /// Sets the weight (400 normal, 700 bold) of the text in `bytes`, keeping the rest of its font.
    func setWeight(_ weight: Int, bytes: Range<Int>) {
        insert(pango_attr_weight_new(PangoWeight(rawValue: UInt32(weight))), bytes: bytes)
    }

    /// Colors the text (and its underline) in `bytes`.
    func setColor(_ color: Color, bytes: Range<Int>) {
        let (red, green, blue, alpha) = color.pango16
        insert(pango_attr_foreground_new(red, green, blue), bytes: bytes)
        if alpha < 65535 { insert(pango_attr_foreground_alpha_new(alpha), bytes: bytes) }
    }

    /// Underlines the text in `bytes` with a single line.
    func setUnderline(bytes: Range<Int>) {
        insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), bytes: bytes)
    }

    /// Whether Pango draws a hyphen where it breaks a word inside (Pango inserts one by default).
    func setInsertHyphens(_ enabled: Bool, bytes: Range<Int>) {
        insert(pango_attr_insert_hyphens_new(enabled ? 1 : 0), bytes: bytes)
    }

    /// Shapes the text in `bytes` and picks its fallback fonts for the language `tag` (BCP 47).
    func setLanguage(_ tag: String, bytes: Range<Int>) {
        insert(pango_attr_language_new(pango_language_from_string(TextLanguage.pangoTag(tag))), bytes: bytes)
    }

    /// Starts an item of its own at `bytes` (and another after it) without changing how it looks:
    /// Pango itemizes anew wherever an attribute that picks fonts starts or ends, and font fallback
    /// is on by default, so the attribute saying so changes nothing else. Items are shaped apart: no
    /// kerning or ligature joins a glyph inside `bytes` to one outside.
    func startItem(bytes: Range<Int>) {
        insert(pango_attr_fallback_new(1), bytes: bytes)
    }

    /// Marks `bytes` as one word: a line may break before it (and after it, before another word) and
    /// nowhere inside but where a line must (after a line feed) or where it cannot fit (character
    /// wrapping stays, unlike `setAllowBreaks(false)`, so no range can leave Pango without a break).
    func setWord(bytes: Range<Int>) {
        insert(pango_attr_word_new(), bytes: bytes)
    }

    /// Whether lines may break inside `bytes` (Pango's edges of the range still may).
    func setAllowBreaks(_ allowed: Bool, bytes: Range<Int>) {
        insert(pango_attr_allow_breaks_new(allowed ? 1 : 0), bytes: bytes)
    }
}
