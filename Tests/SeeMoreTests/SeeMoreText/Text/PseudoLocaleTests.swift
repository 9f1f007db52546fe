@testable import SeeMoreText
import Testing

/// Android's pseudo-locales as SeeMore draws them: deterministic, the length they promise, links and
/// markup left alone, entity positions moved with the text.
struct PseudoLocaleTests {
    @Test func accented_keepsTheLengthAndTheLinks() {
        let text = "See more at https://example.com/a @ana #news"
        let accented = PseudoLocale.accented.apply(to: text)
        #expect(accented == "Šéé ɱöŕé áţ https://example.com/a @ana #news")
        #expect(accented.unicodeScalars.count == text.unicodeScalars.count)
        #expect(PseudoLocale.accented.apply(to: text) == accented, "deterministic")
        // CJK and digits are not letters a translator would change.
        #expect(PseudoLocale.accented.apply(to: "東京 2024") == "東京 2024")
    }

    @Test func expanded_growsByItsRule_betweenBrackets() {
        let short = PseudoLocale.expanded.apply(to: "See more")
        #expect(short == "[Šéé ɱöŕé one]", "8 characters: at least 40% more, 12 with the brackets")
        #expect(short.count >= Int((8 * 1.4).rounded(.up)))
        let sentence = "We shipped the new onboarding flow today! Huge thanks to everyone who tested it."
        let long = PseudoLocale.expanded.apply(to: sentence)
        #expect(long.hasPrefix("[Ŵé šĥîþþéð") && long.hasSuffix("]"))
        #expect(long.count >= Int((Double(sentence.count) * 1.3).rounded(.up)))
        #expect(long.count < Int(Double(sentence.count) * 1.3) + 8, "padded by whole words, not more than one too many")
    }

    @Test func markup_keepsTagsAndReferences() {
        let markup = "<b>Bold</b> &amp; more"
        #expect(PseudoLocale.accented.apply(to: markup, markup: true) == "<b>Ɓöļð</b> &amp; ɱöŕé")
        // "Bold & more" is 11 characters a reader sees: padded from 11, not from the 22 of the markup.
        #expect(PseudoLocale.expanded.apply(to: markup, markup: true) == "[<b>Ɓöļð</b> &amp; ɱöŕé one]")
    }

    @Test func bidi_forcesEachParagraphRightToLeft() {
        let text = "Hello\n\nWorld"
        #expect(PseudoLocale.bidi.apply(to: text) == "\u{200F}\u{202E}Hello\u{202C}\n\n\u{200F}\u{202E}World\u{202C}")
        // Three explicit controls a paragraph: a long text stays far inside the limit on them.
        let paragraphs = String(repeating: "word ", count: 2_000)
        #expect(PseudoLocale.bidi.apply(to: paragraphs).unicodeScalars.filter { $0.value == 0x202E }.count == 1)
    }

    @Test func positions_followTheText() {
        let text = "Hi @ana\nBye #news"
        for pseudo in PseudoLocale.allCases {
            let drawn = Array(pseudo.apply(to: text).unicodeScalars)
            let original = Array(text.unicodeScalars)
            for (range, word) in [(3..<7, "@ana"), (12..<17, "#news")] {
                let moved = pseudo.position(range.lowerBound, in: text)..<pseudo.position(range.upperBound, in: text)
                let found = String(String.UnicodeScalarView(drawn[moved]))
                #expect(found == word, "\(pseudo): \(found)")
                #expect(String(String.UnicodeScalarView(original[range])) == word)
            }
        }
    }
}
