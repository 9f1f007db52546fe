import CPangoCairo
@testable import SeeMoreGoldens
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// The ending without marks (`Ending(unmarkedEllipsis:suffix:)`) against the isolated ending it
/// stands for where nothing needs bidi levels: every character lands where the isolate puts it.
@Suite struct EndingTests {
    /// Each visible character's line, x and width (`pango_layout_index_to_pos`), and the lines as
    /// SeeMore places them (`lineBoxes`).
    private static func positions(of bytes: [UInt8], hidden: [Range<Int>], layout: Layout) -> (
        characters: [Double], lines: [LineBox]
    ) {
        layout.setText(bytes)
        var characters: [Double] = []
        for index in bytes.indices where bytes[index] & 0xC0 != 0x80 && !hidden.contains(where: { $0.contains(index) }) {
            var rect = PangoRectangle()
            pango_layout_index_to_pos(layout.pointer, Int32(index), &rect)
            characters += [Double(layout.line(ofByte: index)), Double(rect.x), Double(rect.width)]
        }
        return (characters, layout.lineBoxes)
    }

    static let endings: [(ellipsis: String, suffix: String, font: String?)] = [
        ("… ", "More", "13"), ("…", " See more", nil), ("", " ..더보기", nil), ("…", "続きを読む", "Bold 12"),
        ("...", "", nil), ("", "", nil), ("ﬁ", "fi", nil),
    ]

    @Test func unmarkedEnding_placesEveryCharacterAsTheIsolatedOneDoes() throws {
        try TextStack.serialized {
            let context = try TextContext(fontMap: try FontMap())
            let layout = try Layout(context: context)
            var compared = 0
            var lastLinesShorter = 0
            for corpus in CorpusText.all {
                let body = try FontDescription(corpus.font)
                let scalars = Array(corpus.text.unicodeScalars)
                // Kept text as the engine keeps it: trailing white space removed, or none at all.
                let ends = stride(from: 1, through: scalars.count, by: max(1, scalars.count / 8)).map {
                    IndexedText(corpus.text).trimmedEnd($0)
                }
                for count in Set([0] + ends).sorted() {
                    var keptScalars = String.UnicodeScalarView()
                    keptScalars.append(contentsOf: scalars[0..<count])
                    let kept = Array(String(keptScalars).utf8)
                    let paragraph = IndexedText(String(keptScalars)).paragraphStart(before: count)
                    let keptPart = Array(String(String.UnicodeScalarView(scalars[paragraph..<count])).utf8)
                    guard !StrongDirection.needsBidi(keptPart),
                        !IndexedText(corpus.text).isRightToLeft(paragraphContaining: max(count - 1, 0), direction: .auto)
                    else { continue }
                    for (ellipsis, suffix, font) in Self.endings {
                        let unmarked = Ending(ellipsis: ellipsis, suffix: suffix, rightToLeft: false, keptPartNeedsBidi: false)
                        let isolated = Ending(ellipsis: ellipsis, suffix: suffix, rightToLeft: false)
                        #expect(unmarked.marks.isEmpty && unmarked.startsItem && !isolated.marks.isEmpty)
                        let suffixFont = try font.map { try FontDescription($0).merged(onto: body) } ?? body
                        for width in [nil, 180.0] {
                            var placed: [(characters: [Double], lines: [LineBox])] = []
                            for ending in [unmarked, isolated] {
                                let attributes = try AttributeList()
                                let suffix =
                                    (kept.count + ending.suffixRange.lowerBound)..<(kept.count + ending.suffixRange.upperBound)
                                if !suffix.isEmpty { attributes.setFont(suffixFont, bytes: suffix) }
                                // As the engine lays text out unless a template asks for `hyphens: auto`.
                                attributes.setInsertHyphens(false, bytes: 0..<(kept.count + ending.bytes.count))
                                if ending.startsItem && !kept.isEmpty && !ending.bytes.isEmpty {
                                    attributes.startItem(bytes: kept.count..<(kept.count + ending.bytes.count))
                                }
                                layout.setAttributes(attributes)
                                layout.setFont(body)
                                layout.setLineHeight(.multiple(1.3), metrics: try context.metrics(for: body, language: nil))
                                if let width { layout.setWidth(points: width) } else { layout.setUnwrapped() }
                                placed.append(
                                    Self.positions(
                                        of: kept + ending.bytes, hidden: ending.marks(after: kept.count), layout: layout))
                            }
                            let name = "\(corpus.name) \(count) + \(ellipsis)\(suffix), width \(String(describing: width))"
                            #expect(placed[0].characters == placed[1].characters, "\(name)")
                            #expect(placed[0].lines.dropLast() == placed[1].lines.dropLast(), "\(name)")
                            // The isolate's closing mark is a run of the body font on the ending's last
                            // line: on a line that holds only text in a font with another baseline
                            // (Han, Hangul), Pango shifts it onto theirs and that shift grows the box.
                            // Without the mark the line is as tall as its visible text.
                            if let mine = placed[0].lines.last, let theirs = placed[1].lines.last {
                                #expect(mine.top == theirs.top && mine.bottom <= theirs.bottom, "\(name)")
                                if mine != theirs { lastLinesShorter += 1 }
                            }
                            compared += 1
                        }
                    }
                }
            }
            #expect(compared > 1_000)
            #expect(lastLinesShorter < compared / 10, "\(lastLinesShorter) of \(compared)")
        }
    }

    @Test func unmarkedEnding_onlyWhereNothingNeedsBidi() {
        let unmarked = { (suffix: String, rightToLeft: Bool, needsBidi: Bool) in
            Ending(ellipsis: "…", suffix: suffix, rightToLeft: rightToLeft, keptPartNeedsBidi: needsBidi).marks.isEmpty
        }
        #expect(unmarked("More", false, false))
        #expect(!unmarked("More", true, false))
        #expect(!unmarked("More", false, true))
        #expect(!unmarked("المزيد", false, false))
        #expect(!unmarked("\u{2067}x\u{2069}", false, false))
        #expect(StrongDirection.needsBidi("abc ١٢٣".utf8))
        #expect(StrongDirection.needsBidi("abc \u{202A}x\u{202C}".utf8))
        #expect(StrongDirection.needsBidi("שלום".utf8))
        #expect(!StrongDirection.needsBidi("Plain text, 123 — 東京 서울 🎉 ภาษาไทย".utf8))
    }
}
