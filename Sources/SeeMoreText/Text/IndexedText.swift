/// A text with its UTF-8 bytes and the byte offset of every character (Unicode scalar),
/// which is how Pango counts characters in its break attributes.
struct IndexedText {
    let bytes: [UInt8]
    let scalars: [Unicode.Scalar]
    /// `byteOffsets[k]` is where character `k` starts; the last entry is `bytes.count`.
    let byteOffsets: [Int]
    /// Whether `trimmedEnd` also removes the punctuation a cut leaves before its ellipsis
    /// (`TruncationRequest.trimPunctuation`), but for the characters `isInEntity` says are in a link,
    /// mention or hashtag.
    var trimsPunctuation = false
    var isInEntity: (Int) -> Bool = { _ in false }

    init(_ string: String) {
        bytes = Array(string.utf8)
        // One pass over the bytes (a String's UTF-8 is valid): a scalar starts at every byte that is
        // not a continuation byte, and is decoded from its lead byte's length.
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        bytes.withUnsafeBufferPointer { utf8 in
            var offset = 0
            while offset < utf8.count {
                let lead = UInt32(utf8[offset])
                var value = lead
                var width = 1
                if lead >= 0xF0 {
                    width = 4
                    value = lead & 0x07
                } else if lead >= 0xE0 {
                    width = 3
                    value = lead & 0x0F
                } else if lead >= 0xC0 {
                    width = 2
                    value = lead & 0x1F
                }
                for index in 1..<width {
                    value = value << 6 | UInt32(utf8[offset + index] & 0x3F)
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                offsets.append(offset)
                offset += width
            }
            offsets.append(offset)
        }
        self.scalars = scalars
        self.byteOffsets = offsets
    }

    /// Number of characters.
    var count: Int { scalars.count }

    /// The end of the first `k` characters once trailing white space is removed.
    ///
    /// White space is Unicode's White_Space property: spaces, tabs, line breaks, NBSP, U+3000 and the like.
    /// A Prepend character (U+0600 ARABIC NUMBER SIGN and the like) whose cluster the removed white
    /// space completed goes too: it is never left without its base (UAX #29, GB9b), under the "…".
    /// With `punctuation` and `trimsPunctuation`, trailing punctuation goes too (`isTrimmedPunctuation`),
    /// outside links, mentions and hashtags but for the "…" a shortened link ends in, which the
    /// ellipsis stands for: "Ship small." keeps "Ship small", "example.com/blog/20… —" keeps
    /// "example.com/blog/20".
    func trimmedEnd(_ k: Int, punctuation: Bool = true) -> Int {
        let punctuation = punctuation && trimsPunctuation
        var end = k
        while end > 0 {
            if Self.isWhitespace(scalars[end - 1]) {
                end -= 1
            } else if end < k, Self.isPrepend(scalars[end - 1]), !Self.isControl(scalars[end]) {
                end -= 1
            } else if punctuation, Self.isTrimmedPunctuation(scalars[end - 1]), !isInEntity(end - 1) || scalars[end - 1] == "…" {
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// Whether `trimmedEnd` removes character `index` wherever it ends the kept text: white space, or
    /// punctuation it trims.
    func isTrimmed(_ index: Int) -> Bool {
        Self.isWhitespace(scalars[index])
            || (trimsPunctuation && Self.isTrimmedPunctuation(scalars[index]) && (!isInEntity(index) || scalars[index] == "…"))
    }

    /// The punctuation a cut with `trimPunctuation` leaves out before its ellipsis: dashes, opening
    /// brackets and quotes, and the other punctuation (. , ; : … 、 。 · / & @ # and the like) but
    /// for what means something at a word's end: ! ? % ‰ ‱ ٪, straight quotes and apostrophes,
    /// footnote marks (* † ‡) and primes. Closing brackets and quotes are kept: they close what is shown.
    static func isTrimmedPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .dashPunctuation, .openPunctuation, .initialPunctuation: return true
        case .otherPunctuation:
            switch scalar.value {
            case 0x21, 0x3F, 0x203C, 0x2047...0x2049, 0xFF01, 0xFF1F, 0x25, 0x2030, 0x2031, 0x066A, 0x22, 0x27, 0xFF02, 0xFF07,
                0x2A, 0x2020, 0x2021, 0x2032...0x2037:
                return false
            default: return true
            }
        default: return false
        }
    }

    /// Unicode's White_Space characters (`Unicode.Scalar.Properties.isWhitespace`), without the
    /// standard library's property lookup for each: tabs and line breaks, the spaces, NEL, NBSP, the
    /// Ogham space mark, the line and paragraph separators, U+3000.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Unicode's Grapheme_Cluster_Break=Prepend characters (Unicode 15).
    static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3, 0x1193F,
            0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46:
            return true
        default: return false
        }
    }

    /// Characters no cluster extends over (GB4/GB5): line and paragraph breaks and other controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The most characters between two line breaks among the first `count` characters.
    func longestParagraph(upTo count: Int) -> Int {
        var longest = 0
        var start = 0
        for index in 0..<min(count, scalars.count) where Self.isParagraphSeparator(scalars[index]) {
            longest = max(longest, index - start)
            start = index + 1
        }
        return max(longest, min(count, scalars.count) - start)
    }

    /// Where the first `count` paragraphs end (just after their separator), when they end within the
    /// first `limit` characters; a CR LF pair is one separator.
    func end(ofParagraphs count: Int, within limit: Int) -> Int? {
        var found = 0
        var index = 0
        while index < min(limit, scalars.count) {
            let scalar = scalars[index]
            index += 1
            guard Self.isParagraphSeparator(scalar) else { continue }
            if scalar == "\r" && index < scalars.count && scalars[index] == "\n" { index += 1 }
            found += 1
            if found == count { return min(index, limit) }
        }
        return nil
    }

    /// The UTF-8 bytes of the first `k` characters.
    func prefixBytes(_ k: Int) -> ArraySlice<UInt8> {
        bytes[0..<byteOffsets[k]]
    }

    /// The characters in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[byteOffsets[range.lowerBound]..<byteOffsets[range.upperBound]], as: UTF8.self)
    }

    /// The character index at byte offset `byte` (which must start a character, or be the end).
    func character(atByte byte: Int) -> Int {
        // The last offset (the end's) is the answer for any byte past the others.
        byteOffsets.dropLast().partitionPoint { $0 < byte }
    }

    /// How many isolates (LRI, RLI, FSI) are open at character `start` of its paragraph; nil when the
    /// paragraph (the one `paragraphStart(before: end)` begins) holds an embedding or override before
    /// character `end`, at or past `start`.
    func isolatesOpen(at start: Int, embeddingsBefore end: Int) -> Int? {
        var index = paragraphStart(before: end)
        var depth = 0
        for scalar in scalars[index..<end] {
            // Every embedding and isolate control is in U+202A…U+2069: one comparison for the others.
            if (0x202A...0x2069).contains(scalar.value) {
                if (0x202A...0x202E).contains(scalar.value) { return nil }
                if index < start { depth = Self.isolateDepth(after: scalar, from: depth) }
            }
            index += 1
        }
        return depth
    }

    /// The isolates open after `scalar` when `depth` were open before it (a PDI closes one when one
    /// is open and is ignored otherwise, as bidi does).
    static func isolateDepth(after scalar: Unicode.Scalar, from depth: Int) -> Int {
        if isIsolateInitiator(scalar) { return depth + 1 }
        return scalar == "\u{2069}" ? max(0, depth - 1) : depth
    }

    /// Whether `scalar` opens a bidi isolate: LRI, RLI or FSI (a PDI closes it).
    static func isIsolateInitiator(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066...0x2068).contains(scalar.value)
    }

    /// Characters that end a paragraph for Pango: line feed, carriage return, U+2029.
    static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2029}"
    }
}
