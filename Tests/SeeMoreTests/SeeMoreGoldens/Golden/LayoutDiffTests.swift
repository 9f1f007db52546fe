import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct LayoutDiffTests {
    static let golden = LayoutSnapshot(
        text: """
            size: 343×123 pt
            truncated: true
            suffix: x 165.25 y 34.92 w 71.60 h 17.46
            kept: We shipped the new flow and kept the coffee
            lines: 3
            | We shipped the new
            | flow and kept the
            | coffee… More

            """)

    /// A snapshot's values stay on their lines: control characters, backslashes and the Unicode line and
    /// paragraph separators are escaped; everything else (other characters starting with byte 0xE2
    /// included) is kept as it is.
    @Test func snapshotValues_escapeWhatWouldBreakALine() {
        #expect(LayoutSnapshot.escape("a\nb\r\tc\\d\u{2028}e\u{2029}\u{1}") == #"a\nb\r\tc\\d\u{2028}e\u{2029}\u{1}"#)
        #expect(LayoutSnapshot.escape("plain — “quoted” … text") == "plain — “quoted” … text")
        #expect(LayoutSnapshot.escape("") == "")
    }

    @Test func aMovedCut_marksTheDroppedWordsOnEveryChangedLine() throws {
        let actual = LayoutSnapshot(
            text: """
                size: 343×123 pt
                truncated: true
                suffix: x 120.10 y 34.92 w 71.60 h 17.46
                kept: We shipped the new flow and kept the
                lines: 3
                | We shipped the new
                | flow and kept the
                | … More

                """)
        let diff = LayoutDiff(golden: Self.golden, actual: actual)
        #expect(diff.rows.map(\.kind) == [.same, .same, .changed, .changed, .same, .same, .same, .changed])
        let kept = diff.rows[3]
        #expect(kept.golden?.filter(\.changed).map(\.text) == [" coffee"])
        #expect(kept.actual?.filter(\.changed).isEmpty == true)
        // A number stays one word: the whole x moved, not "20" of "20.62".
        #expect(diff.rows[2].golden?.filter(\.changed).map(\.text) == ["165.25"])
        #expect(diff.summary == "suffix rect moved; cut −\"coffee\"; line 3 changed")
        #expect(diff.summary(omitting: ["suffix"]) == "cut −\"coffee\"; line 3 changed")
    }

    /// In a script without spaces the message names the characters that moved (#41: it named the
    /// whole kept text, `cut −"吾輩は猫である。…"`, when only "ニャー" moved).
    @Test func aMovedCutWithoutSpaces_namesTheMovedCharacters() {
        func cut(_ kept: String) -> LayoutSnapshot {
            LayoutSnapshot(text: "size: 343×80 pt\ntruncated: true\nsuffix: none\nkept: \(kept)\nlines: 1\n| \(kept)… More\n")
        }
        let diff = LayoutDiff(golden: cut("吾輩は猫である。名前はまだ無い。ニャー"), actual: cut("吾輩は猫である。名前はまだ無い。"))
        #expect(diff.summary == "cut −\"ニャー\"; line 1 changed")
        let mixed = LayoutDiff(golden: cut("今日はcoffeeと紅茶"), actual: cut("今日はteaと紅茶"))
        #expect(mixed.summary == "cut −\"coffee\" +\"tea\"; line 1 changed")
    }

    /// Two long words that differ late (a link cut further along its path) are shown from a little
    /// before where they differ: shortened from their start they read the same on both sides.
    @Test func longWordsDifferingLate_showWhereTheyDiffer() {
        func cut(_ kept: String) -> LayoutSnapshot {
            LayoutSnapshot(text: "size: 343×80 pt\ntruncated: true\nsuffix: none\nkept: \(kept)\nlines: 1\n| \(kept)… More\n")
        }
        let diff = LayoutDiff(
            golden: cut("Read https://example.com/blog/2026/launch-of-the-new-boards-and-more"),
            actual: cut("Read https://example.com/blog/2026/launch-of-the-new-boa"))
        let summary = diff.summary
        #expect(summary.hasPrefix("cut −\"…") && summary.contains("+\"…"), "\(summary)")
        let quotes = summary.split(separator: "\"")
        #expect(quotes.count >= 4 && quotes[1] != quotes[3], "the two sides differ: \(summary)")
    }

    /// An expanded card has no cut: a change of its text is called one, and a changed word is named
    /// whole ("brand-new", not the fragment "brand-" the diff's punctuation-split tokens mark).
    @Test func anExpandedCardsChange_isItsText_inWholeWords() {
        func expanded(_ text: String) -> LayoutSnapshot {
            LayoutSnapshot(text: "size: 343×80 pt\ntruncated: false\nsuffix: none\nkept: \(text)\nlines: 2\n| \(text)\n")
        }
        let diff = LayoutDiff(golden: expanded("A brand-new look for everyone"), actual: expanded("A fresh-new look for all"))
        #expect(diff.summary == "text −\"brand-new everyone\" +\"fresh-new all\"; line 1 changed", "\(diff.summary)")
    }

    @Test func addedAndRemovedLines_areRowsOfTheirOwn() {
        let actual = LayoutSnapshot(text: Self.golden.text.replacingOccurrences(of: "lines: 3", with: "lines: 4") + "| more\n")
        let diff = LayoutDiff(golden: Self.golden, actual: actual)
        #expect(diff.rows.filter { $0.kind == .added }.map { $0.actual?.first?.text } == ["| more"])
        #expect(diff.summary == "lines 3 → 4; line 4 changed")
        let back = LayoutDiff(golden: actual, actual: Self.golden)
        #expect(back.rows.filter { $0.kind == .removed }.count == 1)
        #expect(LayoutDiff(golden: Self.golden, actual: Self.golden).isEmpty)
    }

    @Test func unspacedScripts_areComparedByCharacter() {
        let (old, new) = LayoutDiff.words("kept: 吾輩は猫である。名前は", "kept: 吾輩は猫である。")
        #expect(old.filter(\.changed).map(\.text) == ["名前は"])
        #expect(new.allSatisfy { !$0.changed })
    }

    @Test func hugeSnapshots_areNotAlignedQuadratically() {
        // A hostile golden snapshot: a million lines. Aligned line by line, it would take 10^12 steps.
        let hostile = LayoutSnapshot(text: String(repeating: "|\n", count: 1_000_000))
        let started = Date()
        let diff = LayoutDiff(golden: hostile, actual: Self.golden)
        #expect(diff.rows.count >= 1_000_000)
        #expect(Date().timeIntervalSince(started) < 30, "bounded work")
    }
}
