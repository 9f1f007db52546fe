@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// The numbered cut rules of docs/cut-algorithm.md, one behaviour per test.
@Suite struct CutRuleTests {
    let engine: LayoutEngine

    init() throws {
        engine = try LayoutEngine()
    }

    static let english =
        "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill, unimpressed by the whole affair and its noise."

    // MARK: Rule 1: text that fits is not truncated

    @Test func textThatFitsExactlyNLines_getsNoSuffix() throws {
        let result = try engine.truncate(TruncationRequest(text: "First line\nSecond line\nThird line", lines: 3))
        #expect(!result.truncated)
        #expect(result.lineCount == 3)
        #expect(result.lines == ["First line", "Second line", "Third line"])
        #expect(result.suffixRect == nil)
        #expect(result.kept == "First line\nSecond line\nThird line")
    }

    @Test func wrappedTextThatFitsExactlyNLines_getsNoSuffix() throws {
        let probe = try engine.truncate(TruncationRequest(text: Self.english, width: 240, lines: 100))
        #expect(probe.lineCount > 2)
        let exact = try engine.truncate(TruncationRequest(text: Self.english, width: 240, lines: probe.lineCount))
        #expect(!exact.truncated)
        #expect(exact.lines == probe.lines)
        let oneFewer = try engine.truncate(TruncationRequest(text: Self.english, width: 240, lines: probe.lineCount - 1))
        #expect(oneFewer.truncated)
    }

    /// A Prepend character (U+0600) whose cluster a space completes is never kept without it, alone
    /// under the "…" (on main the kept text was "Trip\n\u{600}"); one before a line break is a
    /// cluster of its own and stays.
    @Test func aPrependCharacter_isNeverKeptWithoutItsBase() throws {
        var request = TruncationRequest(text: "Trip\n\u{600} lorem ipsum dolor sit amet", width: 105, lines: 2)
        request.suffix = "See more"
        let cut = try engine.truncate(request)
        #expect(cut.truncated && !cut.kept.unicodeScalars.contains("\u{600}"), "\(cut.kept.debugDescription)")
        // The candidates left are the shorter ones the rules allow ("Trip… See more" is too wide here).
        #expect(cut.kept.hasPrefix("Tr") && !cut.kept.contains("\n"), "\(cut.kept.debugDescription)")
        let text = IndexedText("a\u{600}\n")
        #expect(text.trimmedEnd(3) == 2, "a Prepend before a line break is its own cluster")
        #expect(IndexedText("a\u{600} ").trimmedEnd(3) == 1)
        #expect(IndexedText("a \u{600}x").trimmedEnd(4) == 4)
    }

    @Test func trailingWhiteSpacePastTheLastLine_doesNotTruncate() throws {
        let text = "One\nTwo\nThree\n\n \t\u{00A0}\u{3000}\r\n   "
        let result = try engine.truncate(TruncationRequest(text: text, lines: 3))
        #expect(!result.truncated)
        #expect(result.kept == "One\nTwo\nThree")
        #expect(result.lineCount == 3)
    }

    @Test(arguments: ["", "   ", "\n\n", " \t\u{00A0}\u{3000}\r\n"])
    func emptyOrWhiteSpaceOnlyText_isNotTruncatedAndHasNoLines(_ text: String) throws {
        let result = try engine.truncate(TruncationRequest(text: text, lines: 1))
        #expect(!result.truncated)
        #expect(result.kept == "")
        #expect(result.lineCount == 0)
        #expect(result.fullLineCount == 0)
        #expect(result.lines.isEmpty)
    }

    // MARK: Rule 2: at most N lines, ellipsis and suffix together on the last one

    @Test func collapsedText_keepsEllipsisAndSuffixTogetherOnTheLastLine() throws {
        var truncatedCount = 0
        for width in stride(from: 120.0, through: 400, by: 9) {
            for lines in 1...4 {
                let result = try engine.truncate(TruncationRequest(text: Self.english, width: width, lines: lines))
                guard result.truncated else { continue }
                truncatedCount += 1
                #expect(!result.suffixWraps)
                #expect(result.lineCount <= lines, "width \(width)")
                #expect(result.lines.last?.hasSuffix("… See more") == true, "width \(width) lines \(result.lines)")
                #expect(result.lines.dropLast().allSatisfy { !$0.contains("See more") })
            }
        }
        #expect(truncatedCount > 50)
    }

    @Test func ellipsisThatWouldFitButSuffixWouldWrap_movesTheCutEarlier() throws {
        // Find a width where "…" still fits on line N after the longest prefix but "See more" does not:
        // the cut must then leave room for the whole suffix.
        let text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll"
        for width in stride(from: 150.0, through: 260, by: 1) {
            let plain = try engine.truncate(
                TruncationRequest(text: text, width: width, lines: 2, ellipsis: "…", suffix: ""))
            let styled = try engine.truncate(
                TruncationRequest(text: text, width: width, lines: 2, ellipsis: "…", suffix: " See more"))
            guard plain.truncated, styled.truncated else { continue }
            #expect(styled.cutIndex <= plain.cutIndex)
            #expect(styled.lines.count == 2)
            #expect(styled.lines.last?.hasSuffix("… See more") == true)
        }
    }

    // MARK: Rule 3: grapheme mode

    @Test func graphemeCut_mayEndInsideAWord() throws {
        var insideWord = 0
        for width in stride(from: 150.0, through: 400, by: 10) {
            let result = try engine.truncate(
                TruncationRequest(text: Self.english, width: width, lines: 2, cutMode: .grapheme))
            guard result.truncated else { continue }
            let next = Array(Self.english.unicodeScalars)[result.cutIndex]
            if next.properties.isAlphabetic { insideWord += 1 }
        }
        #expect(insideWord > 5)
    }

    @Test(arguments: [
        "Family time 👨‍👩‍👧‍👦👩‍❤️‍💋‍👨 with the team 🧑🏽‍💻🧑🏻‍🔬👩🏿‍🚀 and the dog 🐕‍🦺 at the beach 🏖️🌊 all day long",
        "🇯🇵🇰🇷🇩🇪🇫🇷🇧🇷🇺🇸🇮🇳🇳🇬🇦🇺🇨🇦🇲🇽🇪🇸🇮🇹🇸🇪🇳🇴🏴󠁧󠁢󠁳󠁣󠁴󠁿🇯🇵🇰🇷",
        "👍🏻👍🏼👍🏽👍🏾👍🏿👋🏻👋🏼👋🏽👋🏾👋🏿🙌🏻🙌🏼🙌🏽🙌🏾🙌🏿👏🏻👏🏼👏🏽👏🏾👏🏿",
        "Cafe\u{0301}de\u{0301}ja\u{0300}vul'e\u{0301}te\u{0301}a\u{0300}Montre\u{0301}alc\u{0327}ac\u{0327}an\u{0303}and\u{0303}uu\u{0308}berZu\u{0308}rich",
        "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}\u{1112}\u{1161}\u{11AB}",
    ])
    func cut_neverSplitsAGraphemeCluster(_ text: String) throws {
        var truncatedCount = 0
        for mode in CutMode.allCases {
            for width in stride(from: 60.0, through: 300, by: 7) {
                let result = try engine.truncate(TruncationRequest(text: text, width: width, lines: 1, cutMode: mode))
                guard result.truncated else { continue }
                truncatedCount += 1
                let scalars = text.unicodeScalars
                let cut = scalars.index(scalars.startIndex, offsetBy: result.cutIndex)
                #expect(cut.samePosition(in: text) != nil, "cut inside a grapheme at \(result.cutIndex), width \(width)")
                #expect(text.hasPrefix(result.kept))
            }
        }
        #expect(truncatedCount > 10)
    }

    // MARK: Rule 4: word mode

    @Test func wordCut_endsBetweenWords() throws {
        var checked = 0
        for width in stride(from: 150.0, through: 400, by: 10) {
            for lines in 1...3 {
                let result = try engine.truncate(TruncationRequest(text: Self.english, width: width, lines: lines))
                guard result.truncated else { continue }
                checked += 1
                let next = Array(Self.english.unicodeScalars)[result.cutIndex]
                #expect(next == " ", "width \(width): kept ends in \"\(result.kept.suffix(8))\"")
                #expect(!result.kept.hasSuffix(" "))
            }
        }
        #expect(checked > 30)
    }

    @Test func wordCut_neverEndsBeforeJapaneseClosingPunctuation() throws {
        let text = "「今日は、いい天気ですね。」と彼女は言った。（本当に？）そう、本当に！ところで、明日の予定はどうなっていますか？ぜひ教えてください。"
        let closing: Set<Character> = ["、", "。", "」", "）", "！", "？"]
        let characters = Array(text.unicodeScalars)
        var checked = 0
        for width in stride(from: 80.0, through: 400, by: 3) {
            let result = try engine.truncate(
                TruncationRequest(text: text, font: "IPAGothic 15", width: width, lines: 2, ellipsis: "…", suffix: "続きを読む"))
            guard result.truncated, !result.suffixWraps else { continue }
            checked += 1
            #expect(!closing.contains(Character(characters[result.cutIndex])), "width \(width): \(result.kept)")
        }
        #expect(checked > 50)
    }

    @Test func wordCut_fallsBackToGraphemeWhenTheLastLineWouldHoldNoText() throws {
        let text = "Hi there\n" + String(repeating: "W", count: 80)
        let word = try engine.truncate(TruncationRequest(text: text, width: 200, lines: 2))
        let grapheme = try engine.truncate(TruncationRequest(text: text, width: 200, lines: 2, cutMode: .grapheme))
        #expect(word.truncated)
        #expect(word == grapheme)
        #expect(word.kept.hasPrefix("Hi there\nW"))
        #expect(word.lines.count == 2)
        #expect(word.lines[1].hasSuffix("… See more"))
    }

    @Test func wordCut_onASingleUnbreakableWord_cutsInsideIt() throws {
        let text = String(repeating: "abcdefghij", count: 8)
        let result = try engine.truncate(TruncationRequest(text: text, width: 240, lines: 1))
        #expect(result.truncated)
        #expect(result.cutIndex > 5)
        #expect(result.lines.count == 1)
    }

    // MARK: Rule 5: a suffix wider than a line wraps

    @Test func suffixWiderThanALine_wrapsAndIsReported() throws {
        let result = try engine.truncate(
            TruncationRequest(text: Self.english, width: 60, lines: 4, suffix: "See more of this story"))
        #expect(result.truncated)
        #expect(result.suffixWraps)
        #expect(result.lineCount <= 4)
        #expect(result.lines.joined().contains("story"))
    }

    @Test func suffixThatFitsALine_neverWraps() throws {
        for width in stride(from: 100.0, through: 400, by: 20) {
            let result = try engine.truncate(TruncationRequest(text: Self.english, width: width, lines: 1))
            #expect(!result.suffixWraps, "width \(width)")
        }
    }

    // MARK: Explicit line breaks

    @Test func explicitLineBreaksBlankLinesAndCRLF_areKeptAsTheyAre() throws {
        let text = "Line one\r\n\r\nLine three\nis followed by a long line that needs cutting for sure, yes."
        let result = try engine.truncate(TruncationRequest(text: text, width: 240, lines: 4))
        #expect(result.truncated)
        #expect(result.kept.hasPrefix("Line one\r\n\r\nLine three\nis"))
        #expect(result.lines.count == 4)
        #expect(result.lines[1] == "")
    }

    @Test func cutRightAfterALineBreak_dropsTheBreakFromKept() throws {
        let text = "Short\n" + String(repeating: "M", count: 60)
        let result = try engine.truncate(TruncationRequest(text: text, width: 150, lines: 1))
        #expect(result.truncated)
        #expect(!result.kept.hasSuffix("\n"))
        #expect(result.lines.count == 1)
    }
}
