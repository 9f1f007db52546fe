import CPangoCairo
import SeeMoreSupport

/// What SeeMore accepts in Pango markup: every size and distance within bounds, and no attribute
/// that makes Pango 1.50.12 abort.
enum MarkupLimits {
    /// The largest distance an attribute may move or space text, in points.
    static let maximumDistance = 1_000.0

    /// The most tags (`<` opens each; text has `&lt;`) markup may hold: 10 000 spans. Pango 1.50's
    /// markup parser and attribute lists take time that grows with the square of the number of spans
    /// (a hundred thousand take seconds); 10 000 stay well under a second.
    static let maximumTags = 20_000

    /// Why markup holds too many tags to be parsed, or nil; counted on the bytes, before parsing.
    static func tagProblem(in markup: String) -> String? {
        var tags = 0
        for byte in markup.utf8 where byte == UInt8(ascii: "<") { tags += 1 }
        guard tags > maximumTags else { return nil }
        return "the markup has \(tags) tags; at most \(maximumTags) (10 000 spans)"
    }

    /// Checks the attributes of parsed markup laid over `body`.
    /// - Returns: why the markup cannot be laid out, or nil.
    static func problem(in attributes: AttributeList, body: FontDescription) -> String? {
        if let problem = attributeProblem(in: attributes) { return problem }
        return sizeProblem(in: attributes, body: body)
    }

    /// An attribute that is refused on its own: allow_breaks, vertical gravity, or a distance or factor
    /// out of range.
    private static func attributeProblem(in attributes: AttributeList) -> String? {
        var node = pango_attr_list_get_attributes(attributes.pointer)  // copies we own
        let head = node
        defer {
            var current = head
            while let item = current {
                if let attribute = item.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                    pango_attribute_destroy(attribute)
                }
                current = item.pointee.next
            }
            g_slist_free(head)
        }
        while let current = node {
            node = current.pointee.next
            guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
                let type = attribute.pointee.klass?.pointee.type
            else { continue }
            let raw = UnsafeMutableRawPointer(attribute)
            switch type {
            case PANGO_ATTR_ALLOW_BREAKS:
                return "allow_breaks is not supported: Pango 1.50.12 aborts on some layouts with it "
                    + "(to keep Korean words together, use the template's body.wordBreak)"
            case PANGO_ATTR_FONT_SCALE
            where raw.assumingMemoryBound(to: PangoAttrInt.self).pointee.value == Int32(PANGO_FONT_SCALE_SMALL_CAPS.rawValue):
                return "font_scale=\"small-caps\" is not supported: Pango 1.50.12 computes a negative font size for "
                    + "some text with it (variant=\"small-caps\" draws small capitals)"
            case PANGO_ATTR_GRAVITY, PANGO_ATTR_GRAVITY_HINT:
                return "gravity and gravity_hint are not supported: SeeMore lays out horizontal text"
            case PANGO_ATTR_RISE, PANGO_ATTR_LETTER_SPACING, PANGO_ATTR_BASELINE_SHIFT, PANGO_ATTR_ABSOLUTE_LINE_HEIGHT:
                let value = PangoUnits.toPoints(raw.assumingMemoryBound(to: PangoAttrInt.self).pointee.value)
                if abs(value) > maximumDistance {
                    return "\(name(of: type)) of \(JSONValue.format(value)) pt is out of range (at most 1000 pt either way)"
                }
            case PANGO_ATTR_SCALE, PANGO_ATTR_LINE_HEIGHT:
                let value = raw.assumingMemoryBound(to: PangoAttrFloat.self).pointee.value
                if !(value.isFinite && value > 0 && value <= 100) {
                    return "\(name(of: type)) of \(value) is out of range (above 0, at most 100)"
                }
            default: break
            }
        }
        return nil
    }

    /// A range whose font (the body font with every span's size and scale applied) is outside
    /// `FontDescription.validSizes`.
    private static func sizeProblem(in attributes: AttributeList, body: FontDescription) -> String? {
        guard let iterator = pango_attr_list_get_iterator(attributes.pointer) else { return nil }
        defer { pango_attr_iterator_destroy(iterator) }
        repeat {
            guard let description = pango_font_description_copy(body.pointer) else { continue }
            defer { pango_font_description_free(description) }
            pango_attr_iterator_get_font(iterator, description, nil, nil)
            let size = PangoUnits.toPoints(pango_font_description_get_size(description))
            if !FontDescription.validSizes.contains(size) {
                var start: Int32 = 0
                var end: Int32 = 0
                pango_attr_iterator_range(iterator, &start, &end)
                return "a span from byte \(start) has a font size of \(JSONValue.format(size)) pt; sizes go from 1 to 1000 pt"
            }
        } while pango_attr_iterator_next(iterator) != 0
        return nil
    }

    /// Whether every attribute is one that leaves a line laid out on its own as it is inside its
    /// paragraph (fonts, colors, lines under text, language): the cut's last-line shortcut relies on
    /// that. Letter spacing, font scales (`<sup>`, `<sub>`), baseline shifts and the like are spread
    /// over runs or stacked by Pango in ways that change when a layout starts mid-paragraph (the
    /// randomized markup test found a cut one line too long), so they turn the shortcut off.
    static func keepsLinesAlike(_ attributes: AttributeList) -> Bool {
        let alike: Set<UInt32> = Set(
            [
                PANGO_ATTR_LANGUAGE, PANGO_ATTR_FAMILY, PANGO_ATTR_STYLE, PANGO_ATTR_WEIGHT, PANGO_ATTR_VARIANT,
                PANGO_ATTR_STRETCH, PANGO_ATTR_SIZE, PANGO_ATTR_FONT_DESC, PANGO_ATTR_FOREGROUND, PANGO_ATTR_BACKGROUND,
                PANGO_ATTR_UNDERLINE, PANGO_ATTR_STRIKETHROUGH, PANGO_ATTR_SCALE, PANGO_ATTR_UNDERLINE_COLOR,
                PANGO_ATTR_STRIKETHROUGH_COLOR, PANGO_ATTR_ABSOLUTE_SIZE, PANGO_ATTR_FOREGROUND_ALPHA,
                PANGO_ATTR_BACKGROUND_ALPHA,
                PANGO_ATTR_INSERT_HYPHENS, PANGO_ATTR_OVERLINE, PANGO_ATTR_OVERLINE_COLOR,
            ].map(\.rawValue))
        var node = pango_attr_list_get_attributes(attributes.pointer)  // copies we own
        let head = node
        var all = true
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                if let type = attribute.pointee.klass?.pointee.type, !alike.contains(type.rawValue) { all = false }
                pango_attribute_destroy(attribute)
            }
            node = current.pointee.next
        }
        g_slist_free(head)
        return all
    }

    private static func name(of type: PangoAttrType) -> String {
        switch type {
        case PANGO_ATTR_RISE: return "rise"
        case PANGO_ATTR_LETTER_SPACING: return "letter_spacing"
        case PANGO_ATTR_BASELINE_SHIFT: return "baseline_shift"
        case PANGO_ATTR_ABSOLUTE_LINE_HEIGHT: return "line_height"
        case PANGO_ATTR_SCALE: return "a size scale"
        case PANGO_ATTR_LINE_HEIGHT: return "line_height"
        default: return "an attribute"
        }
    }
}
