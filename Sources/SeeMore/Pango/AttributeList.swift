import CPangoCairo

/// An owned Pango attribute list.
final class AttributeList {
    let pointer: OpaquePointer

    init() throws {
        guard let list = pango_attr_list_new() else {
            throw PangoError.creationFailed("a Pango attribute list")
        }
        pointer = list
    }

    deinit {
        pango_attr_list_unref(pointer)
    }

    /// Applies `font` to the UTF-8 byte range `bytes` of the layout's text.
    func setFont(_ font: FontDescription, bytes: Range<Int>) {
        guard let attribute = pango_attr_font_desc_new(font.pointer) else { return }
        attribute.pointee.start_index = guint(bytes.lowerBound)
        attribute.pointee.end_index = guint(bytes.upperBound)
        pango_attr_list_insert(pointer, attribute)  // the list takes ownership
    }
}
