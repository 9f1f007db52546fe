/// Whether the part of a paragraph before a cut holds a character that needs bidi levels (a
/// right-to-left letter, an Arabic letter or number, an embedding, override, pop or isolate: see
/// `Ending(ellipsis:suffix:rightToLeft:keptPartNeedsBidi:)`), asked for every candidate of one
/// search: the text is read once, in C, however many candidates ask and in whatever order, and never
/// past the furthest one asked — a cut's candidates lie in its first lines, however long the text.
struct BidiScan {
    /// Where the paragraph read last starts, how far it was read, and its first character found
    /// that needs bidi levels; no paragraph starts between `start` and `readTo`.
    private var read: (start: Int, readTo: Int, found: Int?)? = nil

    /// Whether the part before character `end` of the paragraph holding character `end - 1` needs
    /// bidi levels.
    mutating func needsBidi(paragraphBefore end: Int, in text: IndexedText) -> Bool {
        var scan: (start: Int, readTo: Int, found: Int?)
        if let known = read, known.start <= end {
            scan = known
        } else {
            let start = text.paragraphStart(before: end)
            scan = (start, start, nil)
        }
        if scan.readTo < end {
            let from = text.byteOffsets[scan.readTo]
            let (restart, found) = StrongDirection.scanParagraphs(text.bytes, from: from, count: text.byteOffsets[end] - from)
            if restart > 0 {
                let start = text.character(atByte: from + restart)
                scan = (start, start, nil)
            }
            if scan.found == nil, let found { scan.found = text.character(atByte: from + found) }
            scan.readTo = end
        }
        read = scan
        return scan.found.map { $0 < end } ?? false
    }
}
