@testable import SeeMoreCompare
import Testing

/// Each kind of difference on a made case whose cause is known, and the order the rules are tried in.
struct DifferenceKindTests {
    /// Evidence of two engines that agree on line 0 and differ on line 1, where neither line fills
    /// the 200-point width unless `widths` say so.
    private static func evidence(
        _ ours: [String], _ web: [String], ourWidths: [Double] = [150, 150, 150], webWidths: [Double] = [150, 150, 150]
    ) -> DifferenceKind.Evidence {
        DifferenceKind.Evidence(ours: ours, web: web, ourWidths: ourWidths, webWidths: webWidths, textWidth: 200, line: 1)
    }

    @Test func theLongerLineAtTheWidth_isTheEdge() {
        let ours = ["Rate doctor suffer ", "seek wrong service ", "chance."]
        let web = ["Rate doctor suffer ", "seek wrong service chance."]
        #expect(DifferenceKind(Self.evidence(ours, web, webWidths: [150, 199.4])) == .edge)
        // The same lines with the longer one well inside the width: nothing the rules name.
        #expect(DifferenceKind(Self.evidence(ours, web, webWidths: [150, 180])) == .other)
        // SeeMore's line the longer, at the width by its own measure.
        #expect(DifferenceKind(Self.evidence(web + [], ours, ourWidths: [150, 199.5])) == .edge)
    }

    @Test func aBreakInsideALink_isTheURLRule() {
        let ours = ["Notes at ", "https://", "example.com/a today"]
        let web = ["Notes at ", "https://example.com/a ", "today"]
        var evidence = Self.evidence(ours, web)
        evidence.links = [9..<30]
        #expect(DifferenceKind(evidence) == .url)
        evidence.links = []
        #expect(DifferenceKind(evidence) == .other)
    }

    @Test func smallKanaAndPunctuation_atABreak_areKinsoku() {
        // "器官ホイ|ール": Chromium keeps ー off a line's start under strict, Pango does not.
        #expect(DifferenceKind(Self.evidence(["消化", "器官ホイ", "ール"], ["消化", "器官ホ", "イール"])) == .kinsoku)
        #expect(DifferenceKind(Self.evidence(["これ", "はペン", "。です"], ["これ", "はペン。", "です"])) == .kinsoku)
        #expect(DifferenceKind(Self.evidence(["東京", "大阪名古", "屋"], ["東京", "大阪名", "古屋"])) == .other)
    }

    @Test func thaiWords_areTheDictionary() {
        #expect(DifferenceKind(Self.evidence(["ภาษา ", "ไทยสวัสดี", "ครับ"], ["ภาษา ", "ไทยสวัส", "ดีครับ"])) == .dictionary)
    }

    @Test func fallbackCharacters_andAnotherFamily_areTheFallbackFont() {
        var evidence = Self.evidence(["one ", "two three ", "four"], ["one ", "two ", "three four"])
        #expect(DifferenceKind(evidence) == .other)
        evidence.fallback = [8]  // the "t" of three, drawn in a fallback font
        #expect(DifferenceKind(evidence) == .fallbackFont)
        evidence.fallback = [0]  // on a line both engines agree on: not this difference's
        #expect(DifferenceKind(evidence) == .other)
        evidence.otherFamilies = ["Noto Sans"]
        #expect(DifferenceKind(evidence) == .fallbackFont)
    }

    @Test func mixedDirections_areBidi() {
        #expect(DifferenceKind(Self.evidence(["one ", "שלום world ", "two"], ["one ", "שלום ", "world two"])) == .bidi)
        #expect(DifferenceKind(Self.evidence(["אחד ", "שלום עולם ", "שתיים"], ["אחד ", "שלום ", "עולם שתיים"])) == .other)
    }

    @Test func theEdge_comesFirst() {
        var evidence = Self.evidence(["Notes at ", "https://", "example.com/a"], ["Notes at ", "https://example.com/a"])
        evidence.links = [9..<30]
        evidence.webWidths = [150, 199.9]
        #expect(DifferenceKind(evidence) == .edge)
    }
}
