/// What follows the kept text of a cut paragraph: the ellipsis and the suffix, isolated so that they
/// follow the paragraph's direction and sit at the end of its last line.
///
/// The bytes are `M I ellipsis suffix PDI`: M is LEFT-TO-RIGHT MARK (U+200E) or RIGHT-TO-LEFT MARK
/// (U+200F) and I is LEFT-TO-RIGHT ISOLATE (U+2066) or RIGHT-TO-LEFT ISOLATE (U+2067), after the
/// paragraph's direction; PDI is POP DIRECTIONAL ISOLATE (U+2069). The isolate keeps the ellipsis and
/// suffix out of the bidi run of the kept text's last word (an RTL paragraph ending in a Latin run
/// would otherwise get "… More" in the middle of the line), and the mark keeps the paragraph's
/// direction when its kept part has no strong character (leading digits) instead of letting the suffix
/// decide it. All of them are invisible, zero-width and break like combining marks (UAX #14 class CM),
/// so they never add a line-break opportunity; `lines` never shows them.
struct Ending {
    let bytes: [UInt8]
    /// Where the ellipsis starts (the suffix, when there is no ellipsis), within `bytes`.
    let ellipsisStart: Int
    /// The suffix, within `bytes`.
    let suffixRange: Range<Int>
    /// The invisible marks, within `bytes`.
    let marks: [Range<Int>]
    /// Whether the layout starts an item where the ending starts, to shape it apart from the kept
    /// text as the isolate's own bidi level does (see `init(unmarkedEllipsis:suffix:)`).
    let startsItem: Bool

    /// An isolated ending for a paragraph in the given direction, first closing `closing` isolates
    /// the kept text left open (a cut inside an isolated link: the ending follows the paragraph, not
    /// the link).
    init(ellipsis: String, suffix: String, rightToLeft: Bool, closing: Int = 0) {
        let mark: [UInt8] = rightToLeft ? [0xE2, 0x80, 0x8F] : [0xE2, 0x80, 0x8E]
        let isolate: [UInt8] = rightToLeft ? [0xE2, 0x81, 0xA7] : [0xE2, 0x81, 0xA6]
        let pop: [UInt8] = [0xE2, 0x81, 0xA9]
        let ellipsisBytes = Array(ellipsis.utf8)
        let suffixBytes = Array(suffix.utf8)
        let opening = Array(repeating: pop, count: max(0, closing)).flatMap { $0 } + mark + isolate
        bytes = opening + ellipsisBytes + suffixBytes + pop
        ellipsisStart = opening.count
        let suffixStart = opening.count + ellipsisBytes.count
        suffixRange = suffixStart..<(suffixStart + suffixBytes.count)
        marks = [0..<opening.count, (bytes.count - pop.count)..<bytes.count]
        startsItem = false
    }

    /// The ending after kept text whose last paragraph runs `rightToLeft`: without marks when that
    /// paragraph runs left to right and neither its kept part nor the ending needs bidi levels,
    /// isolated otherwise.
    init(ellipsis: String, suffix: String, rightToLeft: Bool, keptPartNeedsBidi: Bool, closing: Int = 0) {
        if !rightToLeft && !keptPartNeedsBidi && !StrongDirection.needsBidi((ellipsis + suffix).utf8) {
            self.init(unmarkedEllipsis: ellipsis, suffix: suffix)
        } else {
            self.init(ellipsis: ellipsis, suffix: suffix, rightToLeft: rightToLeft, closing: closing)
        }
    }

    /// How many isolates (LRI, RLI, FSI) `paragraph` (UTF-8) opens and leaves open.
    static func openIsolates<Bytes: Collection>(in paragraph: Bytes) -> Int where Bytes.Element == UInt8 {
        var open = 0
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in paragraph {
            if previous == (0xE2, 0x81) {
                switch byte {
                case 0xA6, 0xA7, 0xA8: open += 1
                case 0xA9: open = max(0, open - 1)
                default: break
                }
            }
            previous = (previous.1, byte)
        }
        return open
    }

    /// An ending without marks, for a left-to-right paragraph whose kept part, like the ending itself,
    /// holds nothing that takes bidi levels (`StrongDirection.needsBidi`). There the marks change no
    /// level — every character is at level 0 with or without them, the isolate's content at level 2,
    /// left to right all the same — so the ending lands where the isolated one does; what the isolate
    /// also did, start an item of its own so that ellipsis and suffix are shaped apart from the kept
    /// text, an attribute boundary does (`AttributeList.startItem`). Without the invisible controls
    /// Pango needs no glyph for them: DejaVu Sans, IPAGothic and NanumGothic have none for U+2066–2069
    /// (or, the latter two, for U+200E), and a font that lacks one makes Pango load a monospace font
    /// to measure a hex box for it — a fontconfig match and sort — before HarfBuzz hides it; and Pango
    /// skips FriBidi for a paragraph without them.
    init(unmarkedEllipsis ellipsis: String, suffix: String) {
        self.init(plainEllipsis: ellipsis, suffix: suffix, startsItem: true)
    }

    /// A plain ending, `ellipsis` then `suffix`, for a layout of its own (a link, a header's handle).
    init(plainEllipsis ellipsis: String, suffix: String, startsItem: Bool = false) {
        let ellipsisBytes = Array(ellipsis.utf8)
        let suffixBytes = Array(suffix.utf8)
        bytes = ellipsisBytes + suffixBytes
        ellipsisStart = 0
        suffixRange = ellipsisBytes.count..<bytes.count
        marks = []
        self.startsItem = startsItem
    }

    /// The ranges of `marks` moved to follow `offset` bytes of kept text.
    func marks(after offset: Int) -> [Range<Int>] {
        marks.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
    }
}
