import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// The pictures as designers expect them: even line pitch in every script, isolated RTL endings,
/// smooth fades, inputs that keep their trailing lines, suffix rects that cover no text.
@Suite struct FidelityTests {
    static func card(_ text: String, template: String = "inline-more", width: Double = 320, state: CardState = .expanded)
        throws -> CardMetadata
    {
        var request = CardRequest(text: text, template: try CardFixtures.template(template))
        request.width = width
        return try CardRenderer().draw(request, state: state).metadata
    }

    @Test func emojiOnlyLine_isAsTallAsALineOfText() throws {
        let emoji = try Self.card("Hello\n🎉")
        let text = try Self.card("Hello\nWorld")
        #expect(emoji.height == text.height)
        #expect(emoji.lines == ["Hello", "🎉"])
    }

    @Test(arguments: ["สวัสดีครับ ทุกคน", "日本語のテキスト", "🎉👩‍💻", "Ỗ Ẫ Ṏ", "مرحبا بكم", "नमस्ते दुनिया", "서울은 맑고"])
    func everyScript_getsTheSamePitchAsLatin(line: String) throws {
        let engine = try LayoutEngine()
        var request = TruncationRequest(text: "Hello world\n" + line + "\nHello world", width: 320)
        request.lineHeight = .multiple(1.3)
        let painted = try engine.paintLayout(request, text: request.text, ending: nil, paint: nil)
        let pitches = painted.layout.lineBoxes.map(\.pitch)
        #expect(pitches.count == 3)
        for pitch in pitches { #expect(abs(pitch - 19.5) < 1e-9, "\(pitches)") }
    }

    /// A line that starts in a script the body font lacks has the body font's pitch, and the suffix on
    /// the last line sits on the baseline it has after a Latin line (Pango 1.50 moved both by the
    /// baseline of the script the line starts in).
    @Test(arguments: [
        "नमस्ते दुनिया यह एक लंबा वाक्य है जो कई पंक्तियों में फैला हुआ है और इसे काटा जाना चाहिए ताकि हम देख सकें कि क्या होता है",
        "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
        "ภาษาไทยมีสระบนและล่าง ปู่ ฟ้า น้ำ ผู้ใหญ่ กี่ปี ที่นี่ ญี่ปุ่น ฐานข้อมูล ฎีกา ฏ ฤๅษี ภาษาไทยมีสระบนและล่าง ปู่ ฟ้า น้ำ ผู้ใหญ่",
        "오늘 서울은 맑고 포근한 날씨가 이어지겠습니다. 낮 최고기온은 18도까지 오르겠고, 저녁부터는 구름이 많아지겠습니다.",
    ])
    func suffix_sitsOnTheLinesBaselineInEveryScript(text: String) throws {
        let latin = try Self.card(
            "Hello world this is a long sentence that spans many lines and should be cut so that we can see what happens",
            width: 240, state: .collapsed)
        let other = try Self.card(text, width: 240, state: .collapsed)
        #expect(latin.truncated && other.truncated && latin.lineCount == other.lineCount)
        let (mine, theirs) = (try #require(other.suffixRect), try #require(latin.suffixRect))
        #expect(abs(mine.y - theirs.y) < 1e-9 && abs(mine.height - theirs.height) < 1e-9, "\(mine) against \(theirs)")
        #expect(other.lineBoxes.map(\.height) == latin.lineBoxes.map(\.height))
    }

    /// A right-to-left card's header is mirrored: the display name at the right edge, the handle and
    /// the time to its left, "@seemore" still in its own order.
    @Test func rightToLeftHeader_isMirrored() throws {
        for (text, rightToLeft) in [("مرحبا بكم في خدمات الخرائط الجديدة", true), ("Hello and welcome to the new maps", false)] {
            let request = CardRequest(text: text, template: try CardFixtures.template("x"))
            let plan = try TextStack.serialized { try CardPlanner(engine: try LayoutEngine(), request: request).plan(.collapsed) }
            guard case .text(let header, _, _, _, _) = try #require(plan.items.first) else { Issue.record("no header"); return }
            let drawn = header.lineTexts().joined()
            let bytes = Array(drawn.utf8)
            func range(of part: String) throws -> Range<Int> {
                let needle = Array(part.utf8)
                let start = try #require(
                    (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
                return start..<(start + needle.count)
            }
            let name = try #require(header.rect(ofBytes: try range(of: "SeeMore")))
            let handle = try #require(header.rect(ofBytes: try range(of: "@seemore")))
            let time = try #require(header.rect(ofBytes: try range(of: "2h")))
            if rightToLeft {
                #expect(name.x > handle.x && handle.x > time.x, "\(drawn.debugDescription): \(name) \(handle) \(time)")
                #expect(header.graphemeRect(atByte: try range(of: "@seemore").lowerBound).x < handle.x + 1, "'@' comes first")
            } else {
                #expect(name.x < handle.x && handle.x < time.x)
            }
        }
    }

    /// A header too long for the card, as X shortens it: the name first, then the handle, each ending
    /// in "…" at its own end (right of "@see" even in a right-to-left card), and the time always kept.
    /// On main the line lost " · 2h" and then the handle, and in Arabic cards read "…@seemo SeeMore".
    @Test func aLongHeader_shortensTheNameThenTheHandle_andKeepsTheTime() throws {
        for text in ["مرحبا بكم في خدمات الخرائط الجديدة", "Hello and welcome to the new maps"] {
            var request = CardRequest(text: text, template: try CardFixtures.template("post"))
            request.width = 240
            request.author = CardRequest.Author(displayName: "Alexandra Konstantinopoulou", handle: "@alexandra_konstantin · 2h")
            let plan = try TextStack.serialized { try CardPlanner(engine: try LayoutEngine(), request: request).plan(.collapsed) }
            guard
                case .text(let header, _, _, _, _) = try #require(
                    plan.items.first(where: { item in
                        if case .text(let layout, _, _, _, _) = item { return layout.lineTexts().joined().contains("Alex") }
                        return false
                    }))
            else { Issue.record("no header"); return }
            let drawn = header.lineTexts().joined()
            let bytes = Array(drawn.utf8)
            func start(of part: String, from: Int = 0) throws -> Int {
                let needle = Array(part.utf8)
                return try #require(
                    (from...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
            }
            #expect(drawn.contains("2h") && drawn.contains("Alex") && drawn.contains("@alex"), "\(drawn.debugDescription)")
            #expect(!drawn.contains("Konstantinopoulou") && !drawn.contains("alexandra_konstantin"), "\(drawn.debugDescription)")
            let nameEllipsis = try start(of: "…")
            let handleEllipsis = try start(of: "…", from: nameEllipsis + 1)
            let x = { (byte: Int) in header.graphemeRect(atByte: byte).x }
            #expect(x(nameEllipsis) > x(try start(of: "Alex")), "the name's … at its right end: \(drawn.debugDescription)")
            #expect(x(handleEllipsis) > x(try start(of: "@alex")), "the handle's … at its right end: \(drawn.debugDescription)")
            #expect(header.lineTexts().count == 1 && !header.isEllipsized, "the line fits without Pango's own ellipsis")
        }
    }

    /// fade-overlay's label reads in the direction of the line it covers: after right-to-left text the
    /// ".." of " ..더보기" sits next to the faded text (right of "더보기"), after left-to-right text left of it.
    @Test func overlayLabel_putsItsDotsNextToTheText() throws {
        let arabic =
            "تعرف على خدمات الخرائط الجديدة من Google Maps and Street View حول تطبيق الخرائط الذي يساعدك في العثور على أفضل المطاعم"
        let english = String(
            repeating: "We shipped the new onboarding flow today! Huge thanks to everyone who tested it. ", count: 3)
        for (text, rightToLeft) in [(arabic, true), (english, false)] {
            var request = CardRequest(text: text, template: try CardFixtures.template("fade-overlay"))
            request.width = 320
            let plan = try TextStack.serialized { try CardPlanner(engine: try LayoutEngine(), request: request).plan(.collapsed) }
            guard case .text(let label, _, _, _, _) = try #require(plan.items.last) else { Issue.record("no label"); return }
            let bytes = Array(label.lineTexts().joined().utf8)
            let dots = try #require(bytes.firstIndex(of: UInt8(ascii: ".")))
            let hangul = try #require(bytes.firstIndex { $0 >= 0xE0 })
            let dotsRect = label.graphemeRect(atByte: dots)
            let labelRect = label.graphemeRect(atByte: hangul)
            #expect(rightToLeft ? dotsRect.x > labelRect.x : dotsRect.x < labelRect.x, "\(dotsRect) \(labelRect)")
        }
    }

    /// A suffix's underline is under its words only: not under the spaces, dots or ellipsis around them.
    @Test(arguments: [
        (" ..더보기", "더보기"), ("… See more", "See more"), ("Read more…", "Read more"), (" ‥もっと ", "もっと"), ("...", "..."),
        ("v1.2 notes", "v1.2 notes"),
    ])
    func suffixUnderline_coversItsWordsOnly(suffix: String, underlined: String) {
        let bytes = Array(suffix.utf8)
        let part = TextStyle.visiblePart(of: 0..<bytes.count, in: bytes)
        #expect(String(decoding: bytes[part], as: UTF8.self) == underlined)
    }

    /// The issue's held-out cases, in every template: a line starting in kana, in Han around a URL,
    /// in Thai before Japanese — every line box as tall as the template's pitch.
    @Test(arguments: CardFixtures.templateNames)
    func linesStartingInAFallbackFont_keepThePitch(template name: String) throws {
        let texts: [(String, String?)] = [
            ("ああああ\nあaあ\nああ a\naaa", "DejaVu Sans 15"),
            ("今日は新しいアプリを公開しました。詳しくはhttps://example.jp/news/2026/release をご覧ください。みなさんありがとう。", nil),
            ("今天天气很好，我们一起去公园散步吧。公园里有很多花，红的、黄的、紫的，真是美不胜收！", nil),
            ("สวัสดีครับ 日本語のテキスト\nこんにちは world", "IPAGothic 15"),
        ]
        for (text, font) in texts {
            var request = CardRequest(text: text, template: try CardFixtures.template(name))
            request.width = 320
            request.font = font
            let boxes = try CardRenderer().draw(request, state: .expanded).metadata.lineBoxes
            let heights = boxes.map(\.height)
            #expect(
                boxes.count >= 2 && (heights.max() ?? 0) - (heights.min() ?? 0) < 1e-9,
                "\(name) \(text.prefix(12)): \(heights)")
        }
    }

    @Test func lineHeight_multipleOfTheSizeOrPoints() throws {
        let engine = try LayoutEngine()
        for (lineHeight, pitch) in [(LineHeight.multiple(1.5), 22.5), (.points(20), 20.0), (.points(31), 31.0)] {
            var request = TruncationRequest(text: "One\nTwo\nThree", width: 320)
            request.lineHeight = lineHeight
            let layout = try engine.paintLayout(request, text: request.text, ending: nil, paint: nil).layout
            #expect(layout.lineBoxes.map(\.pitch) == [pitch, pitch, pitch])
            #expect(layout.logicalSize.height == 3 * pitch)
        }
        // 0: the body font's own height, the same for every line.
        var natural = TruncationRequest(text: "One\n🎉\nสวัสดี", width: 320)
        natural.lineHeight = .natural
        let pitches = try engine.paintLayout(natural, text: natural.text, ending: nil, paint: nil).layout.lineBoxes.map(\.pitch)
        #expect(Set(pitches).count == 1 && pitches[0] > 15)
    }

    @Test func biggerSpan_makesOnlyItsLineTaller() throws {
        let engine = try LayoutEngine()
        var request = TruncationRequest(text: "One\n<span size=\"xx-large\">Two</span>\nThree", width: 320)
        request.markup = true
        request.lineHeight = .multiple(1.3)
        let pitches = try engine.paintLayout(request, text: "One\nTwo\nThree", ending: nil, paint: nil).layout.lineBoxes.map(
            \.pitch)
        #expect(abs(pitches[0] - 19.5) < 1e-9 && abs(pitches[2] - 19.5) < 1e-9, "\(pitches)")
        #expect(pitches[1] > 19.5, "\(pitches)")
    }

    @Test func rightToLeftParagraphEndingInLatin_putsTheSuffixAtTheLeftEnd() throws {
        let text = "تعرف على خدمات الخرائط الجديدة من Google Maps and Street View حول تطبيق الخرائط الذي يساعدك"
        var request = CardRequest(text: text, template: try CardFixtures.template("inline-more"), width: 300)
        request.lines = 2
        let card = try CardRenderer().draw(request, state: .collapsed).metadata
        let rect = try #require(card.suffixRect)
        #expect(card.truncated)
        #expect(rect.x < 60, "the suffix sits at the line's left end: \(rect)")
        let last = try #require(card.lines.last)
        #expect(last.hasSuffix("… More"))
        #expect(!card.lines.joined().unicodeScalars.contains { [0x200E, 0x200F, 0x2066, 0x2067, 0x2069].contains($0.value) })
    }

    @Test func paragraphDirection_comesFromTheTextNotTheSuffix() throws {
        // The kept part holds only digits; the paragraph is Arabic: the ending must still go left.
        let engine = try LayoutEngine()
        let text = "2024 12 31 10 30 45 99 100 200 300 مرحبا بكم في التطبيق الجديد"
        var request = TruncationRequest(text: text, width: 120, lines: 1)
        request.cutMode = .word
        let cut = try engine.truncate(request)
        #expect(cut.truncated)
        let rect = try #require(cut.suffixRect)
        #expect(rect.x < 30, "\(cut.lines) \(rect)")
        // Forced left to right, the same text ends at the right.
        request.direction = .ltr
        let forced = try engine.truncate(request)
        #expect(try #require(forced.suffixRect).x > rect.x + 20, "\(forced.lines)")
    }

    @Test func hyphens_onlyWhenAsked() throws {
        let engine = try LayoutEngine()
        var request = TruncationRequest(text: "Supercalifragilisticexpialidocious words", width: 100, lines: 3)
        let plain = try engine.truncate(request)
        #expect(!plain.lines.joined().contains("\u{2010}") && !plain.lines.joined().contains("-"))
        request.hyphens = .auto
        let hyphenated = try engine.truncate(request)
        #expect(hyphenated.lines.first?.hasSuffix("\u{2010}") == true, "\(hyphenated.lines)")
    }

    /// Korean words stay whole under Pango's breaks with `keep-hangul` (the former `korean: words`)
    /// and under the platforms' with `keep-all` and `keep-hangul`; `normal` breaks between syllables.
    @Test(arguments: [(LineBreak?.none, WordBreak.keepHangul), (.auto, .keepAll), (.auto, .keepHangul), (.strict, .keepAll)])
    func korean_breaksBetweenWordsWhenAsked(lineBreak: LineBreak?, wordBreak: WordBreak) throws {
        let engine = try LayoutEngine()
        let text = "오늘 서울은 맑고 포근한 날씨가 이어지겠습니다. 낮 최고기온은 18도까지 오르겠고, 저녁부터는 구름이 많아지겠습니다."
        var request = TruncationRequest(text: text, font: "NanumGothic 15", width: 200, lines: 8)
        request.lineBreak = lineBreak
        request.wordBreak = wordBreak
        let words = try engine.truncate(request)
        let wordSet = Set(text.split(separator: " ").map(String.init))
        for line in words.lines {
            for word in line.split(separator: " ") { #expect(wordSet.contains(String(word)), "\(words.lines)") }
        }
        request.wordBreak = .normal
        let syllables = try engine.truncate(request)
        #expect(syllables.lines.contains { line in line.split(separator: " ").contains { !wordSet.contains(String($0)) } })
        // A word wider than the line still breaks.
        var long = TruncationRequest(text: "대한민국헌법제일조대한민국은민주공화국이다", font: "NanumGothic 15", width: 60, lines: 9)
        long.lineBreak = lineBreak
        long.wordBreak = wordBreak
        #expect(try engine.truncate(long).lineCount > 1)
    }

    /// CSS Text 3's example: under `strict` a line never starts with a small kana, under `normal` and
    /// `loose` it may (ten ideographs' width, then "ャ"); Pango's own breaks are `strict`'s.
    @Test func smallKana_startALineOnlyBelowStrict() throws {
        let engine = try LayoutEngine()
        var request = TruncationRequest(text: "一二三四五六七八九ャ十", font: "IPAGothic 10", width: 90, lines: 5)
        request.language = LanguageTag("ja")
        let pango = try engine.truncate(request).lines
        request.lineBreak = .strict
        let strict = try engine.truncate(request).lines
        request.lineBreak = .normal
        let normal = try engine.truncate(request).lines
        request.lineBreak = .loose
        let loose = try engine.truncate(request).lines
        #expect(strict == ["一二三四五六七八", "九ャ十"])
        #expect(pango == strict)
        #expect(normal == ["一二三四五六七八九", "ャ十"])
        #expect(loose == normal)
    }

    @Test func language_picksHanFormsAndFallbacks() throws {
        let engine = try LayoutEngine()
        let han = "今天天气很好，我们一起去公园散步吧。"
        #expect(try engine.truncate(TruncationRequest(text: han)).fonts == ["Noto Sans CJK SC"])
        var japanese = TruncationRequest(text: han)
        japanese.language = LanguageTag("ja")
        let japaneseFonts = try engine.truncate(japanese).fonts
        // IPAGothic (JIS) lacks some simplified characters, which fall to Noto's Japanese face.
        #expect(japaneseFonts.first == "IPAGothic" && !japaneseFonts.contains("Noto Sans CJK SC"), "\(japaneseFonts)")
        var traditional = TruncationRequest(text: han)
        traditional.language = LanguageTag("zh-Hant")
        #expect(try engine.truncate(traditional).fonts == ["Noto Sans CJK TC"])
        // The Devanagari danda comes with the Devanagari text, not from another script's font.
        #expect(try engine.truncate(TruncationRequest(text: "नमस्ते दुनिया। धन्यवाद।")).fonts == ["Noto Sans Devanagari"])
        #expect(try engine.truncate(TruncationRequest(text: "今天天气很好")).unknownGlyphs == 0)
    }

    /// The card's metadata says which language its text was shaped in and whether it was guessed
    /// (#41: a Traditional Chinese text guessed zh-Hant said so nowhere).
    @Test func metadata_namesTheLanguage_andWhetherItWasGuessed() throws {
        let renderer = try CardRenderer()
        var request = CardRequest(text: "這間店裡與朋友一起點了個蛋糕。", template: try CardFixtures.template("inline-more"))
        let guessed = try renderer.render(request, state: .collapsed)
        #expect(guessed.metadata.language == "zh-Hant" && guessed.metadata.languageGuessed)
        let json = CardFiles.metadata([guessed], files: [:], request: request)
        let serialized = json.serialized(indent: nil)
        #expect(serialized.contains("\"language\":\"zh-Hant\",\"languageGuessed\":true"), "\(serialized)")
        request.language = LanguageTag("ja")
        let given = try renderer.render(request, state: .collapsed).metadata
        #expect(given.language == "ja" && !given.languageGuessed)
        request.language = nil
        request.text = "123 …"
        #expect(try renderer.render(request, state: .collapsed).metadata.language == nil)
    }

    @Test func languageGuess_followsTheDocumentedRule() {
        #expect(TextLanguage.guess("吾輩は猫である") == "ja")
        #expect(TextLanguage.guess("今天天气很好") == "zh-Hans")
        // Traditional Chinese by its Traditional-only characters (#41: drawn in the Simplified font).
        #expect(TextLanguage.guess("這間店裡與朋友一起點了個蛋糕。") == "zh-Hant")
        #expect(TextLanguage.guess("这间店里与朋友一起点了个蛋糕。") == "zh-Hans")
        #expect(TextLanguage.guess("天氣很好") == "zh-Hant")
        #expect(TextLanguage.guess("今天天氣很好，这里") == "zh-Hans", "a tie is Simplified")
        #expect(TextLanguage.guess("오늘 漢字") == "ko")
        #expect(TextLanguage.guess("Hello world") == "en")
        #expect(TextLanguage.guess("مرحبا") == "ar")
        #expect(TextLanguage.guess("नमस्ते") == "hi")
        #expect(TextLanguage.guess("123 …") == nil)
        // The most common script decides; a tie goes to the script seen first.
        #expect(TextLanguage.guess("OK: مرحبا بكم") == "ar")
        #expect(TextLanguage.guess("abc مرح") == "en" && TextLanguage.guess("مرح abc") == "ar")
        #expect(TextLanguage.guess("[{(Zz@`~)}] 漢") == "en")
        #expect(TextLanguage.pangoTag("zh-Hans") == "zh-cn")
        #expect(TextLanguage.pangoTag("zh-Hant-HK") == "zh-hk")
        // Chinese by its first subtag alone, whatever the case; every other tag lowercased.
        for (tag, pango) in [
            ("zh", "zh-cn"), ("zh-tw", "zh-tw"), ("ZH-mo", "zh-hk"), ("zh-sg", "zh-sg"), ("-zh", "zh-cn"), ("zhx", "zhx"),
            ("he", "he"), ("pt-BR", "pt-br"), ("sr-latn-rs", "sr-latn-rs"), ("", ""),
        ] {
            #expect(TextLanguage.pangoTag(tag) == pango, "\(tag)")
        }
        #expect(LanguageTag("pt-BR") != nil && LanguageTag("x") == nil && LanguageTag("ja_JP") == nil)
    }

    @Test func fade_rampsFromTransparent_andLeadInZeroIsTheReferenceStep() throws {
        var template = try CardFixtures.template("fade-overlay")
        let text = String(repeating: "We shipped the new onboarding flow today. ", count: 6)
        func fadeStops() throws -> [CardPlan.FadeStop] {
            let plan = try CardPlanner(engine: try LayoutEngine(), request: CardRequest(text: text, template: template)).plan(
                .collapsed)
            for case .fade(_, let stops) in plan.items { return stops }
            return []
        }
        let smooth = try fadeStops()
        #expect(smooth.map(\.alpha) == [0, 0.8, 1])
        #expect(abs(smooth[1].x - smooth[0].x - 24) < 1e-9 && abs(smooth[2].x - smooth[1].x - 32) < 1e-9)
        template.suffix.fade.leadIn = 0
        let step = try fadeStops()
        #expect(step[0].x == step[1].x)
    }

    @Test func chatInput_keepsTrailingLineBreaks() throws {
        let one = try Self.card("Hello", template: "chat-input", state: .collapsed)
        let four = try Self.card("Hello\n\n\n", template: "chat-input", state: .collapsed)
        #expect(four.lineCount == 4)
        #expect(abs((four.height - one.height) - 3 * 20) <= 1)  // chat-input: 20 pt lines
        let spaces = try Self.card("   ", template: "chat-input", state: .collapsed)
        #expect(spaces.kept == "   ")  // not empty: no placeholder
    }

    @Test func wrappedSuffix_hasARectPerLine_andItsRectCoversNoText() throws {
        var request = CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more"), width: 200)
        request.lines = 2
        request.suffix = "Continue reading the full story"
        let card = try CardRenderer().draw(request, state: .collapsed).metadata
        #expect(card.suffixRects.count == 2)
        let rect = try #require(card.suffixRect)
        #expect(rect == card.suffixRects.last)
        #expect(card.suffixRects.allSatisfy { $0.width > 0 })
        // A suffix on one line: its rect is that line's.
        let short = try CardRenderer().draw(
            CardRequest(text: CardFixtures.longText, template: try CardFixtures.template("inline-more"), width: 320),
            state: .collapsed
        ).metadata
        #expect(short.suffixRects.count == 1 && short.suffixRect == short.suffixRects.first)
    }

    @Test func hitRect_growsAwayFromTheText() {
        let suffix = Rect(x: 200, y: 50, width: 30, height: 16)
        let hit = CardMetadata.hitRect(around: suffix, cardWidth: 343, cardHeight: 100)
        #expect(hit.x == 200 && hit.width == 44)  // to the right: the text is on the left
        #expect(hit.y == 50 && hit.height == 44)  // downwards first
        let rtl = CardMetadata.hitRect(around: suffix, cardWidth: 343, cardHeight: 100, rightToLeft: true)
        #expect(rtl.x + rtl.width == 230)
        let corner = CardMetadata.hitRect(around: Rect(x: 320, y: 90, width: 20, height: 8), cardWidth: 343, cardHeight: 100)
        #expect(corner.x + corner.width <= 343 && corner.y + corner.height <= 100 && corner.width == 44)
    }
}
