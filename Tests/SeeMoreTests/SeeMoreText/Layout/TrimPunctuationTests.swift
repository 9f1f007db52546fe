@testable import SeeMoreCards
@testable import SeeMoreText
import Testing

/// `trimPunctuation` (template `ending.trimPunctuation`, #41): the punctuation a cut ends in is left
/// out before the ellipsis; off by default, as iOS and Android draw a cut.
@Suite struct TrimPunctuationTests {
    static func lastLine(_ text: String, width: Double, trim: Bool, ellipsis: String = "… ", suffix: String = "See more") throws
        -> String
    {
        var request = TruncationRequest(
            text: text, font: "DejaVu Sans 15", width: width, lines: 1, ellipsis: ellipsis, suffix: suffix)
        request.trimPunctuation = trim
        return try #require(try LayoutEngine().truncate(request).lines.last)
    }

    @Test func aCutLeavesItsPunctuationOut_onlyWhenAsked() throws {
        // Widths where the longest fitting prefix ends in the punctuation.
        let text = "Ship small. Ship often and keep the coffee coming all day long"
        let plain = try Self.lastLine(text, width: 100, trim: false, ellipsis: "…", suffix: "")
        #expect(plain == "Ship small.…", "the default keeps it: \(plain)")
        #expect(try Self.lastLine(text, width: 100, trim: true, ellipsis: "…", suffix: "") == "Ship small…")
        let yoy = "Revenue grew 40% YoY), and margins held up well in every region"
        let kept = try Self.lastLine(yoy, width: 280, trim: false)
        #expect(kept == "Revenue grew 40% YoY),… See more", "\(kept)")
        #expect(try Self.lastLine(yoy, width: 280, trim: true) == "Revenue grew 40% YoY)… See more", "a closing bracket stays")
        // Meaningful ends stay: a question mark, a per cent sign.
        #expect(
            try Self.lastLine("Really? We did it again and again", width: 80, trim: true, ellipsis: "…", suffix: "") == "Really?…"
        )
        #expect(
            try Self.lastLine("Up 100% this year and more next year", width: 90, trim: true, ellipsis: "…", suffix: "")
                == "Up 100%…")
        // A dash and the space before it (on main "Big news —…"), Japanese punctuation.
        #expect(
            try Self.lastLine("Big news — and more soon from the studio", width: 110, trim: true, ellipsis: "…", suffix: "")
                == "Big news…")
        var japanese = TruncationRequest(
            text: "吾輩は猫である。名前はまだ無い。", font: "IPAGothic 15", width: 140, lines: 1, ellipsis: "…", suffix: "")
        japanese.trimPunctuation = true
        #expect(try LayoutEngine().truncate(japanese).lines == ["吾輩は猫である…"], "on main: 吾輩は猫である。…")
    }

    @Test func textThatFits_keepsItsLastFullStop_andEntitiesKeepTheirs() throws {
        var fits = TruncationRequest(text: "Morning coffee.", font: "DejaVu Sans 15", width: 300, lines: 1)
        fits.trimPunctuation = true
        #expect(try LayoutEngine().truncate(fits).kept == "Morning coffee.")
        // A link's own "/" is not punctuation to trim; the kept text ends in the link whole.
        let link = try Self.lastLine(
            "See https://example.com/ then more text follows here", width: 210, trim: true, ellipsis: "…", suffix: "")
        #expect(link == "See https://example.com/…", "\(link)")
    }

    /// A shortened link's own "…" next to the cut's: one ellipsis (x at 240 pt, two lines).
    @Test func aShortenedLinksEllipsis_isNotDoubled() throws {
        var template = try CardFixtures.template("x")
        var request = CardRequest(
            text:
                "Big news at https://www.example-com.com/blog/2026/12/launch-notes?ref=feed — and more coming soon from all of us",
            template: template, width: 240)
        request.lines = 2
        let plain = try CardRenderer().draw(request, state: .collapsed).metadata
        #expect(plain.lines.last?.hasSuffix("… —…") == true, "on main: \(plain.lines)")
        template.ending.trimPunctuation = true
        request.template = template
        let trimmed = try CardRenderer().draw(request, state: .collapsed).metadata
        #expect(trimmed.lines.last == "com.com/blog/20…", "\(trimmed.lines)")
    }
}
