/// A layout made for painting, and where its suffix and invisible marks are.
package struct PaintedText {
    package let layout: Layout
    /// The suffix's bytes in the layout's text; nil when there is none.
    package let suffixBytes: Range<Int>?
    /// Bytes of the invisible marks that isolate the ending (see `Ending`), hidden from `lines`.
    let marks: [Range<Int>]
    /// The links, mentions and hashtags the layout's text shows: their kind, the characters and bytes
    /// of it they cover, and their whole text (from the whole plain text, where the layout shows a start).
    package var entities: [(kind: TextEntity.Kind, range: Range<Int>, bytes: Range<Int>, text: String)] = []

    /// The lines' text as drawn, without the invisible marks.
    package var lines: [String] { layout.lineTexts(hiding: marks) }

    /// The lines' text as drawn, without the invisible marks nor the bytes of `hidden` (marks the
    /// caller put in the text).
    package func lines(alsoHiding hidden: [Range<Int>]) -> [String] {
        hidden.isEmpty ? lines : layout.lineTexts(hiding: marks + hidden)
    }

    /// Where the suffix is drawn, in the layout's coordinates; nil without a suffix.
    /// - Parameter keptBytes: the body text's length in bytes (the text before the ending).
    package func suffixRects(keptBytes: Int) -> SuffixRects? {
        suffixBytes.map { SuffixRects(layout: layout, suffix: $0, body: 0..<keptBytes) }
    }
}
