import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Every template, both states, both themes: sizes, suffix presence and position, scale independence.
@Suite struct CardRendererTests {
    static let cases: [(template: String, theme: String)] = CardFixtures.templateNames.flatMap { name in
        ["light", "dark"].map { (name, $0) }
    }

    static func request(_ template: String, theme: String, text: String, scale: Int = 1) throws -> CardRequest {
        var request = CardRequest(text: text, template: try CardFixtures.template(template))
        request.width = 320
        request.theme = theme
        request.scale = scale
        return request
    }

    @Test(arguments: cases)
    func imageSize_matchesMetadataAtEveryScale(template: String, theme: String) throws {
        let renderer = try CardRenderer()
        for scale in 1...3 {
            for state in CardState.allCases {
                let card = try renderer.render(
                    try Self.request(template, theme: theme, text: CardFixtures.longText, scale: scale), state: state)
                let image = try PNGCodec.decode(card.png)
                #expect(image.width == card.metadata.pixelWidth)
                #expect(image.height == card.metadata.pixelHeight)
                #expect(card.metadata.pixelWidth == 320 * scale)
                #expect(Double(card.metadata.pixelHeight) == card.metadata.height * Double(scale))
                #expect(card.metadata.height == card.metadata.height.rounded())
            }
        }
    }

    @Test(arguments: cases)
    func cutText_expandedIsTallerThanCollapsed(template: String, theme: String) throws {
        let renderer = try CardRenderer()
        let request = try Self.request(template, theme: theme, text: CardFixtures.longText)
        let collapsed = try renderer.render(request, state: .collapsed)
        let expanded = try renderer.render(request, state: .expanded)
        #expect(collapsed.metadata.truncated)
        #expect(!expanded.metadata.truncated)
        #expect(expanded.metadata.height > collapsed.metadata.height)
        #expect(expanded.metadata.lineCount > collapsed.metadata.lineCount)
        // A name drawn inline (caption) is the start of the text.
        let inline = request.template.header.map { $0.placement == .inline ? $0.displayName + " " : "" } ?? ""
        #expect(expanded.metadata.kept == inline + CardFixtures.longText)
    }

    @Test(arguments: cases)
    func textThatFits_hasNoSuffix(template: String, theme: String) throws {
        let renderer = try CardRenderer()
        var request = try Self.request(template, theme: theme, text: CardFixtures.shortText)
        // A color no text has (a gray suffix, as Facebook's, is a shade of the text's anti-aliasing).
        let suffixColor = try #require(Color(hex: "#C000C0"))
        request.suffixColor = suffixColor
        for state in CardState.allCases {
            let card = try renderer.render(request, state: state)
            #expect(!card.metadata.truncated)
            #expect(card.metadata.suffixRect == nil)
            #expect(card.metadata.hitRect == nil)
            #expect(CardFixtures.pixels(near: suffixColor, in: try PNGCodec.decode(card.png)).isEmpty)
        }
    }

    @Test(arguments: CardFixtures.templateNames.filter { $0 != "chat-input" })
    func textThatFitsExactlyNLines_hasNoSuffix(template: String) throws {
        let renderer = try CardRenderer()
        var request = try Self.request(template, theme: "light", text: CardFixtures.longText)
        let expanded = try renderer.render(request, state: .expanded)
        request.lines = expanded.metadata.lineCount
        let collapsed = try renderer.render(request, state: .collapsed)
        #expect(!collapsed.metadata.truncated)
        #expect(collapsed.metadata.suffixRect == nil)
        #expect(collapsed.metadata.lineCount == expanded.metadata.lineCount)
        request.lines = expanded.metadata.lineCount - 1
        #expect(try renderer.render(request, state: .collapsed).metadata.truncated)
    }

    @Test(arguments: cases.filter { $0.template != "chat-input" })
    func suffixColor_appearsInsideSuffixRectOnly(template: String, theme: String) throws {
        let renderer = try CardRenderer()
        for scale in [1, 2] {
            var request = try Self.request(template, theme: theme, text: CardFixtures.longText, scale: scale)
            // A color no text has (a gray suffix, as Facebook's, is a shade of the text's anti-aliasing).
            let suffixColor = try #require(Color(hex: "#C000C0"))
            request.suffixColor = suffixColor
            for state in CardState.allCases {
                let card = try renderer.render(request, state: state)
                let image = try PNGCodec.decode(card.png)
                let found = CardFixtures.pixels(near: suffixColor, in: image)
                guard let rect = card.metadata.suffixRect else {
                    #expect(found.isEmpty, "\(template) \(state): suffix color without a suffix")
                    continue
                }
                let s = Double(scale)
                let outside = found.filter { pixel in
                    Double(pixel.x) + 1 < rect.x * s || Double(pixel.x) > (rect.x + rect.width) * s + 1
                        || Double(pixel.y) + 1 < rect.y * s || Double(pixel.y) > (rect.y + rect.height) * s + 1
                }
                #expect(found.count > 10 * scale * scale, "\(template) \(state) @\(scale)x: too few suffix pixels")
                #expect(outside.isEmpty, "\(template) \(state) @\(scale)x: \(outside.count) suffix pixels outside \(rect)")
            }
        }
    }

    @Test(arguments: CardFixtures.templateNames)
    func scale_changesOnlyResolution(template: String) throws {
        let renderer = try CardRenderer()
        for state in CardState.allCases {
            var results: [CardMetadata] = []
            for scale in 1...3 {
                var metadata = try renderer.render(
                    try Self.request(template, theme: "light", text: CardFixtures.longText, scale: scale), state: state
                ).metadata
                #expect(metadata.pixelWidth == 320 * scale)
                metadata.pixelWidth = 0
                metadata.pixelHeight = 0
                results.append(metadata)
            }
            #expect(results[0] == results[1])
            #expect(results[0] == results[2])
        }
    }

    @Test func hitRect_isAtLeast44PointsAndInsideTheCard() throws {
        let renderer = try CardRenderer()
        for template in CardFixtures.templateNames where template != "chat-input" {
            let card = try renderer.render(
                try Self.request(template, theme: "light", text: CardFixtures.longText), state: .collapsed)
            let hit = try #require(card.metadata.hitRect)
            let suffix = try #require(card.metadata.suffixRect)
            #expect(hit.width >= 44 && hit.height >= 44, "\(template)")
            #expect(hit.x >= 0 && hit.y >= 0)
            #expect(hit.x + hit.width <= card.metadata.width + 1e-9 && hit.y + hit.height <= card.metadata.height + 1e-9)
            #expect(hit.x <= suffix.x && hit.x + hit.width >= suffix.x + suffix.width, "\(template): hit \(hit) suffix \(suffix)")
        }
    }

    @Test func hitRect_isClampedToTheCorner() {
        let hit = CardMetadata.hitRect(around: Rect(x: 300, y: 90, width: 15, height: 8), cardWidth: 320, cardHeight: 100)
        #expect(hit == Rect(x: 276, y: 56, width: 44, height: 44))
        let tiny = CardMetadata.hitRect(around: Rect(x: 2, y: 2, width: 10, height: 10), cardWidth: 30, cardHeight: 20)
        #expect(tiny == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func unknownTheme_isAnErrorListingTheThemes() throws {
        let renderer = try CardRenderer()
        var request = try Self.request("x", theme: "sepia", text: "hi")
        request.theme = "sepia"
        #expect(throws: CardError.unknownTheme("sepia", template: "x", available: ["dark", "light"])) {
            try renderer.render(request, state: .collapsed)
        }
    }

    @Test func cardNarrowerThanItsPadding_isAnError() throws {
        let renderer = try CardRenderer()
        var request = try Self.request("x", theme: "light", text: "hi")
        request.width = 30
        #expect(throws: CardError.tooNarrow(width: 30, padding: 32)) { try renderer.render(request, state: .collapsed) }
    }
}

@Suite struct RightToLeftCardTests {
    static let hebrew =
        "שלום לכולם! זהו טקסט בעברית שנועד לבדוק את חיתוך השורות ואת המיקום של הסיומת בכרטיס. תודה רבה על הסבלנות, ועוד קצת טקסט כדי שיהיה ארוך."

    @Test func linkBelowRightToLeftText_sitsAtTheRight() throws {
        let renderer = try CardRenderer()
        let rtl = try renderer.render(
            CardRequest(text: Self.hebrew, template: try CardFixtures.template("x"), width: 300, lines: 2), state: .collapsed)
        let link = try #require(rtl.metadata.suffixRect)
        #expect(abs(link.x + link.width - (300 - 16)) < 1, "\(link)")
        let ltr = try renderer.render(
            CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("x"), width: 300, lines: 2),
            state: .collapsed)
        #expect(abs(try #require(ltr.metadata.suffixRect).x - 16) < 1)
    }
}

/// read-more-tail as a Japanese reader expects it (#41): Latin and Cyrillic proportional, and the
/// suffix apart from text written with spaces, glued to Japanese.
@Suite struct ReadMoreTailTests {
    static func collapsed(_ text: String, width: Double = 320) throws -> CardMetadata {
        let request = CardRequest(text: text, template: try CardFixtures.template("read-more-tail"), width: width)
        return try CardRenderer().draw(request, state: .collapsed).metadata
    }

    @Test func latinTextIsProportional_andTheSuffixStandsApartFromIt() throws {
        let latin = try Self.collapsed(CardFixtures.longText)
        // On main: IPAGothic's fixed-pitch Latin, and "…builds,続きを読む" glued.
        #expect(latin.fonts.first == "Noto Sans", "\(latin.fonts)")
        let last = try #require(latin.lines.last)
        #expect(last.hasSuffix(" 続きを読む") && !last.hasSuffix("  続きを読む"), "\(latin.lines)")
        let cyrillic = try Self.collapsed("Москва 2024 " + CardFixtures.longText)
        #expect(!cyrillic.fallbackRuns.contains { $0.text.contains("Москва") }, "\(cyrillic.fallbackRuns)")
        #expect(cyrillic.fonts.first == "Noto Sans" && !cyrillic.fonts.contains("IPAGothic"), "\(cyrillic.fonts)")
        // Japanese keeps IPAGothic and runs on into the suffix.
        let japanese = try Self.collapsed(
            "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
            width: 240)
        #expect(japanese.fonts.first == "IPAGothic", "\(japanese.fonts)")
        let tail = try #require(japanese.lines.last)
        #expect(tail.hasSuffix("続きを読む") && !tail.hasSuffix(" 続きを読む"), "\(japanese.lines)")
        // The engine decides by the kept text's last visible character: a gap after Latin or a Hangul
        // syllable, none after kana or Han.
        let engine = try LayoutEngine()
        func lastLine(_ text: String) throws -> String {
            var request = TruncationRequest(
                text: text, font: "DejaVu Sans 15", width: 200, lines: 1, ellipsis: "", suffix: "続きを読む")
            request.gap = " "
            return try #require(try engine.truncate(request).lines.last)
        }
        #expect(try lastLine("Morning coffee on the balcony with friends").hasSuffix(" 続きを読む"))
        #expect(try lastLine("今日はいい天気ですね。散歩に行きましょう。公園へ") == "今日はいい天気で続きを読む")
        #expect(try lastLine("오늘 서울은 맑고 포근한 날씨가 이어지겠습니다").hasSuffix(" 続きを読む"))
    }
}

@Suite struct OverlayTests {
    static func collapsed(_ text: String) throws -> CardMetadata {
        var request = CardRequest(text: text, template: try CardFixtures.template("fade-overlay"), width: 300, lines: 2)
        request.suffix = " ..עוד"
        return try CardRenderer().render(request, state: .collapsed).metadata
    }

    @Test func overlay_sitsAtTheTrailingCornerOfTheLastLine() throws {
        let ltr = try Self.collapsed(CardFixtures.longText)
        let rect = try #require(ltr.suffixRect)
        #expect(abs(rect.x + rect.width - (300 - 16)) < 1, "LTR: at the right edge of the text box, \(rect)")
        #expect(ltr.lineCount == 2)
        #expect(ltr.lines.last?.contains("עוד") == false, "the overlay is painted over the text, not laid out in it")

        let hebrew = "שלום לכולם! זהו טקסט בעברית שנועד לבדוק את חיתוך השורות ואת המיקום של הסיומת בכרטיס. תודה רבה על הסבלנות."
        let rtl = try #require(try Self.collapsed(hebrew).suffixRect)
        #expect(abs(rtl.x - 16) < 1, "RTL: at the left edge of the text box, \(rtl)")
        #expect(abs(rtl.y - rect.y) < 3)
    }

    /// The card reports what a reader sees (#41): `kept`, the last line and the entities end where
    /// the fade starts to hide the text (the background past 80% opaque), so a hashtag under
    /// "..더보기" is neither listed nor tappable, and the scan's cut says the same.
    @Test func overlay_reportsOnlyTheTextAReaderSees() throws {
        let text = "오늘 서울에서 열린 디자인 컨퍼런스에 다녀왔습니다 정말 많은 것을 배웠어요 다음에는 도쿄에서 만나요 #東京 #디자인 #컨퍼런스 그리고 더 많은 이야기"
        var request = CardRequest(text: text, template: try CardFixtures.template("fade-overlay"), width: 320)
        let renderer = try CardRenderer()
        let card = try renderer.render(request, state: .collapsed).metadata
        // On main: kept and the last line ran on to "#디자인", drawn under the fade and the label.
        #expect(card.kept.hasSuffix("만나요 #東京"), "\(card.kept)")
        #expect(card.lines.last == "다음에는 도쿄에서 만나요 #東京", "\(card.lines)")
        #expect(card.entities.map(\.text) == ["#東京"], "\(card.entities.map(\.text))")
        let suffix = try #require(card.suffixRect)
        let fadeStart = suffix.x - request.template.suffix.fadeWidth
        for rect in card.entities.flatMap(\.rects) { #expect(rect.x + rect.width <= fadeStart + 0.01, "\(rect)") }
        let cut = try #require(try renderer.cut(request))
        #expect(cut.truncation.kept == card.kept && cut.truncation.lines == card.lines)
        #expect(cut.truncation.cutIndex == card.kept.unicodeScalars.count)
        // Right to left: the fade is at the left; the text read stops where it starts to hide it.
        request.text =
            "مرحبا بالجميع، هذا منشور طويل عن التصميم الجديد للتطبيق الذي أطلقناه اليوم مع الكثير من التحسينات #تصميم #تطبيق والمزيد من الأخبار قريبا جدا إن شاء الله"
        request.font = "Noto Sans Arabic 15"
        let arabic = try renderer.render(request, state: .collapsed).metadata
        let label = try #require(arabic.suffixRect)
        #expect(arabic.kept.hasSuffix("#تطبيق والم"), "\(arabic.kept)")
        for rect in arabic.entities.flatMap(\.rects) {
            #expect(rect.x >= label.x + label.width + request.template.suffix.fadeWidth - 0.01, "\(rect)")
        }
        // Text that ends before the fade is reported whole.
        request.text = "Short text."
        #expect(try renderer.render(request, state: .collapsed).metadata.kept == "Short text.")
    }

    /// No built-in template asks for a bold its font has no face for: the renderer would smear the
    /// letters wider rather than draw a bold design (read-more-tail's IPAGothic suffix did).
    @Test(arguments: CardFixtures.templateNames)
    func builtInTemplates_drawNoSyntheticBold(template name: String) throws {
        let template = try CardFixtures.template(name)
        let renderer = try CardRenderer()
        for text in [CardFixtures.longText, "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で"] {
            for state in CardState.allCases {
                let metadata = try renderer.draw(CardRequest(text: text, template: template), state: state).metadata
                #expect(metadata.syntheticBold.isEmpty, "\(name) \(state): \(metadata.syntheticBold)")
            }
        }
        // The check can fail: IPAGothic has no bold face.
        var smeared = template
        smeared.body.font = "IPAGothic Bold 15"
        #expect(
            try renderer.draw(CardRequest(text: "吾輩は猫である", template: smeared), state: .expanded).metadata.syntheticBold == [
                "IPAGothic"
            ])
    }

    /// An italic a family has no face for is slanted by fontconfig, and said so as a synthetic bold is;
    /// a real italic face is not.
    @Test func aSyntheticOblique_isReported() throws {
        let renderer = try CardRenderer()
        var template = try CardFixtures.template("inline-more")
        template.body.font = "IPAGothic Italic 15"
        let slanted = try renderer.draw(CardRequest(text: "吾輩は猫である", template: template), state: .expanded).metadata
        #expect(slanted.syntheticOblique == ["IPAGothic"], "\(slanted.syntheticOblique)")
        template.body.font = "DejaVu Serif Italic 15"
        let designed = try renderer.draw(CardRequest(text: "A designed italic.", template: template), state: .expanded).metadata
        #expect(designed.syntheticOblique.isEmpty, "DejaVu Serif has an italic face: \(designed.syntheticOblique)")
        #expect(slanted.json.serialized().contains("\"syntheticOblique\""))
    }
}
