@testable import SeeMoreScan
import Testing

/// Every cut lint fires on a made example and stays quiet on a clean one.
@Suite struct CutLintTests {
    /// The lints of `text` cut before `kept`'s end (its length in characters), drawn as `lines`.
    static func kinds(_ text: String, kept: String, lines: [String], ending: String = "… More", mixedFonts: [String] = [])
        -> [CutLint.Kind]
    {
        #expect(text.unicodeScalars.starts(with: kept.unicodeScalars), "the kept text is a prefix")
        return CutLint.lints(
            text: text, cutIndex: kept.unicodeScalars.count, lines: lines, ending: ending, mixedFonts: mixedFonts
        )
        .map(\.kind)
    }

    static let clean = (
        text: "We shipped the new onboarding flow today, thanks to everyone who tested it.",
        kept: "We shipped the new onboarding flow today, thanks to everyone",
        lines: ["We shipped the new onboarding", "flow today, thanks to everyone… More"]
    )

    @Test func aCleanCut_hasNoLint() {
        #expect(Self.kinds(Self.clean.text, kept: Self.clean.kept, lines: Self.clean.lines).isEmpty)
        // An uncut text has none either, whatever its lines.
        #expect(CutLint.lints(text: "Short.", cutIndex: 6, lines: ["Short."], ending: "… More").isEmpty)
    }

    @Test func aCutInsideALink_aMention_orAHashtag() {
        let url = "Read https://example.com/blog/2026/launch-notes today"
        #expect(
            Self.kinds(url, kept: "Read https://example.com/blog", lines: ["Read", "https://example.com/blog… More"]) == [
                .cutInURL
            ])
        #expect(Self.kinds(url, kept: "Read", lines: ["Read… More"]).isEmpty, "before the link is fine")
        let mention = "Thanks @extraordinarily_long_handle for it"
        #expect(
            Self.kinds(mention, kept: "Thanks @extraordinarily", lines: ["Thanks", "@extraordinarily… More"]) == [.cutInMention])
        let hashtag = "Launch day #WeShippedTheOnboardingFlow now"
        #expect(Self.kinds(hashtag, kept: "Launch day #WeShipped", lines: ["Launch day", "#WeShipped… More"]) == [.cutInHashtag])
        #expect(
            Self.kinds(
                hashtag, kept: "Launch day #WeShippedTheOnboardingFlow",
                lines: ["Launch day", "#WeShippedTheOnboardingFlow… More"]
            ).isEmpty)
    }

    @Test func aCutAfterAnOpeningBracketOrQuote() {
        #expect(
            Self.kinds("See the notes (all of them) here", kept: "See the notes (", lines: ["See the", "notes (… More"]) == [
                .cutAfterOpening
            ])
        #expect(
            Self.kinds("He said “we shipped it” today", kept: "He said “", lines: ["He", "said “… More"]) == [.cutAfterOpening])
        #expect(
            Self.kinds("He said \"we shipped it\" today", kept: "He said \"", lines: ["He", "said \"… More"]) == [
                .cutAfterOpening
            ])
        #expect(Self.kinds("「吾輩は猫である」と書いた", kept: "「", lines: ["「… More"]).contains(.cutAfterOpening))
        // A straight quote that closes is not an opening one.
        #expect(
            !Self.kinds("It was \"fine\" and more", kept: "It was \"fine\"", lines: ["It was", "\"fine\"… More"]).contains(
                .cutAfterOpening))
    }

    @Test func aCutBeforeClosingPunctuation() {
        #expect(
            Self.kinds(
                "Read the docs (the new ones). Then go", kept: "Read the docs (the new ones",
                lines: ["Read the docs", "(the new ones… More"]) == [.cutBeforeClosing])
        #expect(
            Self.kinds("We shipped it, finally and more", kept: "We shipped it", lines: ["We shipped", "it… More"]).contains(
                .cutBeforeClosing))
        #expect(Self.kinds("吾輩は猫である。名前はまだ無い", kept: "吾輩は猫である", lines: ["吾輩は猫", "である… More"]).contains(.cutBeforeClosing))
        // After a space, punctuation starts a word of its own.
        #expect(!Self.kinds("A list - and more", kept: "A list", lines: ["A", "list… More"]).contains(.cutBeforeClosing))
        // Inside a link its dots are the link's: only the cut in the link is said.
        #expect(
            Self.kinds(
                "See https://kobayashi.jp/notes now", kept: "See https://kobayashi", lines: ["See", "https://kobayashi… More"])
                == [.cutInURL])
    }

    @Test func aLastLineOfOneShortWord() {
        #expect(
            Self.kinds(
                "We shipped the new onboarding flow to all of you", kept: "We shipped the new onboarding flow to",
                lines: ["We shipped the new onboarding flow", "to… More"]) == [.shortLastLine])
        // The ending alone on its line.
        #expect(
            Self.kinds(
                "We shipped the new onboarding flow to all of you", kept: "We shipped the new onboarding flow",
                lines: ["We shipped the new onboarding flow", "… More"]) == [.shortLastLine])
        #expect(Self.kinds("吾輩は猫である。名前はまだ無い", kept: "吾輩は猫である。名", lines: ["吾輩は猫である。", "名… More"]) == [.shortLastLine])
        // Two words, or one long word, are not stranded.
        #expect(
            Self.kinds(
                "We shipped the new onboarding flow to all of you", kept: "We shipped the new onboarding flow to all",
                lines: ["We shipped the new onboarding flow", "to all… More"]
            ).isEmpty)
        #expect(
            Self.kinds(
                "We shipped the new onboarding flow tomorrow for you", kept: "We shipped the new onboarding flow tomorrow",
                lines: ["We shipped the new onboarding flow", "tomorrow… More"]
            ).isEmpty)
    }

    @Test func kinsoku_aLineStartingWithClosingPunctuation_orEndingWithAnOpeningOne() {
        let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
        #expect(
            Self.kinds(text, kept: "吾輩は猫である。名前はまだ無い", lines: ["吾輩は猫である", "。名前はまだ無い… More"], ending: "… More").contains(.kinsoku))
        #expect(Self.kinds(text, kept: "吾輩は猫である。名前は", lines: ["吾輩は猫である。", "名前は… More"], ending: "… More").isEmpty)
        #expect(Self.kinds("彼は「猫」と言った。それから", kept: "彼は「猫」と言った", lines: ["彼は「", "猫」と言った… More"]).contains(.kinsoku))
        #expect(
            Self.kinds(text, kept: "吾輩は猫である。名前はまだ無い", lines: ["吾輩は猫である", "っ名前はまだ無い… More"], ending: "… More").contains(.kinsoku),
            "small kana")
        let lint = CutLint.lints(text: text, cutIndex: 15, lines: ["吾輩は猫である", "。名前はまだ無い… More"], ending: "… More").first {
            $0.kind == .kinsoku
        }
        #expect(lint?.detail == "line 2 starts with \"。\"")
    }

    @Test func aWordInTwoFonts() {
        #expect(
            Self.kinds(
                Self.clean.text, kept: Self.clean.kept, lines: Self.clean.lines,
                mixedFonts: ["'Việt' mixes NanumGothic and DejaVu Sans"]) == [.mixedFonts])
    }

    @Test func everyKind_isCovered() {
        // The tests above make each kind fire; a new kind needs its own test.
        #expect(CutLint.Kind.allCases.count == 8)
    }
}
