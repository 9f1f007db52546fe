import CPangoCairo
import SeeMoreSupport

/// An owned Pango font description such as "DejaVu Sans Bold 15".
package final class FontDescription {
    let pointer: OpaquePointer

    /// Parses a Pango font description string; missing fields stay unset.
    package init(_ string: String) throws {
        guard let description = pango_font_description_from_string(string) else {
            throw PangoError.creationFailed("a font description from \"\(string)\"")
        }
        pointer = description
    }

    private init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        pango_font_description_free(pointer)
    }

    /// The requested family list ("DejaVu Sans, IPAGothic"), or nil when unset.
    package var family: String? {
        guard let family = pango_font_description_get_family(pointer) else { return nil }
        return String(cString: family)
    }

    /// Font sizes SeeMore lays out, in points: far past any card, and far below the sizes at which
    /// Pango's 32-bit units of 1/1024 pt overflow or FreeType refuses a font.
    static let validSizes = 1.0...1000.0

    /// Why `string` is not a font description SeeMore can lay out (a size outside `validSizes`), or nil.
    package static func problem(with string: String) -> String? {
        guard let description = try? FontDescription(string) else { return "\"\(string)\" is not a font description" }
        guard let size = description.size, !validSizes.contains(size) else { return nil }
        return "the font size in \"\(string)\" is \(JSONValue.format(size)) pt; sizes go from 1 to 1000 pt"
    }

    /// The size in points, or nil when unset.
    package var size: Double? {
        let size = pango_font_description_get_size(pointer)
        return size > 0 ? PangoUnits.toPoints(size) : nil
    }

    /// Whether the weight is semibold (600) or heavier; unset is normal.
    package var isBold: Bool {
        pango_font_description_get_weight(pointer).rawValue >= 600
    }

    /// The description as Pango writes it, e.g. "DejaVu Sans Bold 15".
    package private(set) lazy var string: String = {
        guard let text = pango_font_description_to_string(pointer) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }()

    /// A copy of `base` with every field that this description sets replacing the base's.
    package func merged(onto base: FontDescription) throws -> FontDescription {
        guard let copy = pango_font_description_copy(base.pointer) else {
            throw PangoError.creationFailed("a font description copy")
        }
        pango_font_description_merge(copy, pointer, 1)
        return FontDescription(taking: copy)
    }

    /// The first family of the list written so that it is never this description's family list
    /// ("DejaVu Sans,DejaVu Sans" for "DejaVu Sans"): Pango picks a font anew where the family
    /// changes, and keeps the one before where it does not. Nil without a family.
    var firstFamilyAlone: String? {
        guard let family else { return nil }
        let first = String(family.prefix { $0 != "," })
        return first == family ? first + "," + first : first
    }

    /// A copy of this description with its size set when it has none.
    func withDefaultSize(points: Double) throws -> FontDescription {
        guard let copy = pango_font_description_copy(pointer) else {
            throw PangoError.creationFailed("a font description copy")
        }
        if pango_font_description_get_size(copy) <= 0 {
            pango_font_description_set_size(copy, PangoUnits.from(points: points))
        }
        return FontDescription(taking: copy)
    }

    /// The family name of a loaded font.
    static func family(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        guard let description = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return nil }
        return String(cString: family)
    }
}

extension FontDescription {
    /// `string` (a Pango description) with its size, when it sets one, replaced by `size(old)`;
    /// as given when it sets none (it takes its size from the font it is merged onto).
    /// - Throws: `PangoError` when it is no font description.
    package static func resized(_ string: String, _ size: (Double) -> Double) throws -> String {
        let description = try FontDescription(string)
        guard let old = description.size else { return string }
        // The size is the description's last word: replaced there, every other word stays as written
        // (Pango's own writing adds "Normal", which merged onto a bold font would unset its weight).
        var words = string.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let last = words.last, Double(last) != nil {
            words[words.count - 1] = JSONValue.format((size(old) * 1000).rounded() / 1000)
            return words.joined(separator: " ")
        }
        pango_font_description_set_size(description.pointer, PangoUnits.from(points: size(old)))
        guard let text = pango_font_description_to_string(description.pointer) else { return string }
        defer { g_free(text) }
        return String(cString: text)
    }
}
