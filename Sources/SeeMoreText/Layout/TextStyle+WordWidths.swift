import CPangoCairo

/// Words kept on one line measured: whether each fits a line, alone or many in one layout.
extension TextStyle {
    /// Measures at once whether each of `words` not yet measured fits a line (`fitsOneLine`): in one
    /// unwrapped layout of them all, one paragraph each. Pango itemizes, shapes and sizes each
    /// paragraph of a layout apart (a paragraph separator ends every item and run, and shapes as
    /// nothing), so each line's width is the word's alone. Left to `fitsOneLine`: a word with no
    /// strong character (it would take the direction of the paragraph before it), with a separator of
    /// lines or paragraphs of its own, or starting with a mark (see `measuresWithOthers`).
    func measureFits(_ words: [Range<Int>]) throws {
        var batch: [(word: Range<Int>, key: WordWidths.Key?)] = []
        var seen = Set<Range<Int>>()
        for word in words where wordFits[word] == nil && seen.insert(word).inserted {
            let key = widthKey(word)
            if let key, let known = wordWidths.width(key) {
                wordFits[word] = known <= width
            } else if Self.measuresWithOthers(plainBytes[word]) {
                batch.append((word, key))
            }
        }
        guard batch.count > 1, let widths = try widths(ofWords: batch.map(\.word)) else { return }
        for ((word, key), lineWidth) in zip(batch, widths) {
            wordFits[word] = lineWidth <= width
            if let key { wordWidths.remember(lineWidth, for: key) }
        }
    }

    /// What decides `word`'s width laid out alone, when the engine may keep it (`WordWidths`): a
    /// plain text's word of at most `WordWidths.longestWord` bytes, with no weight of its own.
    private func widthKey(_ word: Range<Int>) -> WordWidths.Key? {
        guard markup == nil, word.count <= WordWidths.longestWord, entityWeight == nil || entities.isEmpty else { return nil }
        return WordWidths.Key(font: fonts.body.string, language: language.text, bytes: Array(plainBytes[word]))
    }

    /// The widths of `words` (each without a line or paragraph separator) laid out in one unwrapped
    /// layout, a paragraph each, in points; nil when the layout does not hold a line a word.
    func widths(ofWords words: [Range<Int>]) throws -> [Double]? {
        let attributes = try AttributeList()
        var text: [UInt8] = []
        for word in words {
            if !text.isEmpty { text.append(0x0A) }
            let start = text.count
            text += plainBytes[word]
            if let markup { attributes.insert(slice: word, of: markup, at: start) }
            if let tag = language.text { attributes.setLanguage(tag, bytes: start..<text.count) }
            weighEntities(in: word, on: attributes, at: start)
        }
        measuring.setUnwrapped()
        measuring.setFont(fonts.body)
        measuring.setAttributes(attributes)
        measuring.setText(text)
        let widths = measuring.lineWidths
        return widths.count == words.count ? widths : nil
    }

    /// Whether a word is as wide in a paragraph of a layout of many (`widths(ofWords:)`) as alone.
    static func measuresWithOthers(_ bytes: ArraySlice<UInt8>) -> Bool {
        !holdsLineSeparator(bytes) && StrongDirection.of(bytes) != nil && !startsWithMark(bytes)
    }

    /// Whether `bytes` start with a combining mark: HarfBuzz puts a dotted circle before a mark that
    /// begins the text, not one that begins a later paragraph.
    private static func startsWithMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = String(decoding: bytes.prefix(4), as: UTF8.self).unicodeScalars.first else { return false }
        switch g_unichar_type(gunichar(first.value)) {
        case G_UNICODE_NON_SPACING_MARK, G_UNICODE_SPACING_MARK, G_UNICODE_ENCLOSING_MARK: return true
        default: return false
        }
    }

    /// Whether `bytes` hold a character that ends a line or paragraph in Pango: LF, VT, FF, CR, NEL,
    /// U+2028, U+2029.
    private static func holdsLineSeparator(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in bytes {
            if (0x0A...0x0D).contains(byte) { return true }
            if previous.1 == 0xC2 && byte == 0x85 { return true }
            if previous == (0xE2, 0x80) && (byte == 0xA8 || byte == 0xA9) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Whether the word laid out alone, unwrapped, is at most a line wide.
    func fitsOneLine(_ word: Range<Int>) throws -> Bool {
        if let known = wordFits[word] { return known }
        let key = widthKey(word)
        let wordWidth: Double
        if let key, let known = wordWidths.width(key) {
            wordWidth = known
        } else {
            wordWidth = try width(ofWord: word)
            if let key { wordWidths.remember(wordWidth, for: key) }
        }
        let fits = wordWidth <= width
        wordFits[word] = fits
        return fits
    }

    /// The width of `word` laid out alone, unwrapped, in points.
    func width(ofWord word: Range<Int>) throws -> Double {
        let bytes = plainBytes[word]
        let attributes = try markup?.slice(word) ?? AttributeList()
        if let tag = language.text { attributes.setLanguage(tag, bytes: 0..<bytes.count) }
        weighEntities(in: word, on: attributes)
        measuring.setUnwrapped()
        measuring.setFont(fonts.body)
        measuring.setAttributes(attributes)
        measuring.setText(bytes)
        return measuring.logicalWidth
    }
}
