import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// Text drawn in a font it did not ask for, though the requested family is installed: reported as
/// fallback runs, and a word drawn in two fonts as a lint.
@Suite struct FontMixingTests {
    static func card(_ text: String, font: String) throws -> CardMetadata {
        var request = CardRequest(text: text, template: try CardFixtures.template("inline-more"), font: font)
        request.width = 320
        return try CardRenderer().draw(request, state: .collapsed).metadata
    }

    /// The words found around run ends are those of a plain split of the whole text (white space
    /// between words, unspaced scripts apart, a word break ending one) that hold a run end inside them.
    @Test func wordsAcrossRunEnds_areTheWholeSplitsWordsHoldingOne() {
        var seed: UInt64 = 47
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["a", "é", "ế", "東", "か", "서", "🎉", " ", "\u{3000}", "ب", "\u{2066}", "\u{0301}", "-"]
        var found = 0
        for _ in 0..<500 {
            let text = Array((0..<(1 + next(40))).map { _ in pieces[next(pieces.count)] }.joined().utf8)
            let boundaries = (0...text.count).filter { $0 == text.count || text[$0] & 0xC0 != 0x80 }
            let points = (0..<(1 + next(5))).map { _ in boundaries[next(boundaries.count)] }
            let breaks = Set((0..<next(2)).map { _ in boundaries[next(boundaries.count)] })
            // The whole split, character by character.
            var words: [Range<Int>] = []
            var start: Int? = nil
            var startIsUnspaced = false
            var offset = 0
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
                let unspaced = UnspacedScript.contains(scalar)
                if breaks.contains(offset), let begun = start {
                    words.append(begun..<offset)
                    start = nil
                }
                if scalar.properties.isWhitespace {
                    if let begun = start { words.append(begun..<offset) }
                    start = nil
                } else if start == nil || unspaced != startIsUnspaced {
                    if let begun = start { words.append(begun..<offset) }
                    (start, startIsUnspaced) = (offset, unspaced)
                }
                offset += UTF8.width(scalar)
            }
            if let begun = start { words.append(begun..<offset) }
            let expected = words.filter { word in points.contains { word.lowerBound < $0 && $0 < word.upperBound } }
            let got = FontMixing.wordsAcross(points, in: text, wordBreaks: breaks)
            let label = String(decoding: text, as: UTF8.self).debugDescription
            #expect(got == expected, "\(label) points \(points) breaks \(breaks)")
            found += got.count
        }
        #expect(found > 300)
    }

    /// Runs of one family (the words need no look: none can mix two) start where the text's scalars
    /// say, in order, with gaps between them (lines not drawn), and one run of another family makes
    /// the words count again, with the same starts.
    @Test func runsOfOneFamily_startAtTheirScalars() {
        var seed: UInt64 = 46
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["a", "é", "ế", "東", "서", "🎉", " ", "ب", "\u{2066}"]
        for _ in 0..<200 {
            let text = Array((0..<(1 + next(40))).map { _ in pieces[next(pieces.count)] }.joined().utf8)
            // Runs on scalar boundaries, in order, some bytes left between them.
            let boundaries = (0...text.count).filter { $0 == text.count || text[$0] & 0xC0 != 0x80 }
            var cuts = Array(Set((0..<4).map { _ in boundaries[next(boundaries.count)] })).sorted()
            if cuts.count % 2 == 1 { cuts.append(text.count) }
            var runs: [(bytes: Range<Int>, family: String)] = []
            for pair in stride(from: 0, to: cuts.count - 1, by: 2) where cuts[pair] < cuts[pair + 1] {
                runs.append((cuts[pair]..<cuts[pair + 1], "Fallback Sans"))
            }
            let expected = runs.map { String(decoding: text[..<$0.bytes.lowerBound], as: UTF8.self).unicodeScalars.count }
            for family in ["Fallback Sans", "Other Sans"] {
                let withOther =
                    runs + (family == "Other Sans" && cuts.last! < text.count ? [(cuts.last!..<text.count, family)] : [])
                let mixing = FontMixing(text: text, runs: withOther, requested: ["Body Sans"])
                let starts = mixing.fallbackRuns.filter { $0.font == "Fallback Sans" }.map(\.start)
                let visible = zip(runs, expected).filter { run, _ in
                    String(decoding: text[run.bytes], as: UTF8.self).unicodeScalars.contains {
                        !$0.properties.isWhitespace && $0.properties.generalCategory != .format
                    }
                }
                #expect(starts == visible.map(\.1), "\(String(decoding: text, as: UTF8.self)) \(runs.map(\.bytes))")
            }
        }
    }

    /// NanumGothic has no Vietnamese vowels with two marks: DejaVu Sans draws them inside the words.
    @Test func vietnameseInAKoreanFont_mixesFontsInsideWords() throws {
        let metadata = try Self.card("Tiếng Việt rất đẹp", font: "NanumGothic 15")
        #expect(metadata.fontSubstitutions.isEmpty, "NanumGothic is installed")
        let first = try #require(metadata.fallbackRuns.first)
        #expect(first == FallbackRun(text: "ế", start: 2, length: 1, font: "DejaVu Sans", requested: "NanumGothic"))
        #expect(metadata.mixedFonts.first == "'Tiếng' mixes NanumGothic and DejaVu Sans", "\(metadata.mixedFonts)")
        #expect(metadata.mixedFonts.contains("'Việt' mixes NanumGothic and DejaVu Sans"))
    }

    /// A word of Han drawn in two fonts is a mixed word (#41: "北京烤鸭", IPAGothic has no 鸭, was
    /// none, each Han character counted as a word of its own), and the words are named without the
    /// bidi isolates around a link in right-to-left text.
    @Test func aHanWordInTwoFonts_isMixed_andNamedWithoutControls() throws {
        let han = try Self.card("北京烤鸭 好吃", font: "IPAGothic 15")
        #expect(han.mixedFonts.contains { $0.hasPrefix("'北京烤鸭' mixes IPAGothic and ") }, "\(han.mixedFonts)")
        let arabic = try Self.card("مرحبا على https://seemore.example/Việt/search اليوم", font: "NanumGothic 15")
        #expect(arabic.mixedFonts.contains { $0.contains("Việt") }, "\(arabic.mixedFonts)")
        #expect(!arabic.mixedFonts.joined().unicodeScalars.contains { FontMixing.isBidiControl($0) }, "\(arabic.mixedFonts)")
    }

    /// What a reader does not notice is no mixed word (#41: 16% of a scan's cases, nearly all a Latin
    /// comma after Hangul or CJK): punctuation in the body font after letters of a fallback font, words
    /// of two writing systems, and a text's last word glued to an ending in the suffix's own font.
    @Test func punctuationScriptsAndTheEnding_areNoMixedWords() throws {
        let korean = try Self.card("서울, 부산. 대구! (광주)", font: "DejaVu Sans 15")
        #expect(korean.fallbackRuns.contains { $0.font == "NanumGothic" }, "\(korean.fallbackRuns)")
        #expect(korean.mixedFonts.isEmpty, "on main: '서울,' mixes NanumGothic and DejaVu Sans: \(korean.mixedFonts)")
        let hebrew = try Self.card("עכשיו: ב-iOS ול-WhatsApp", font: "Noto Sans 15")
        #expect(hebrew.mixedFonts.isEmpty, "\(hebrew.mixedFonts)")
        let suffix = try Self.card("..더보기", font: "DejaVu Sans 15")
        #expect(suffix.mixedFonts.isEmpty, "\(suffix.mixedFonts)")
        // read-more-tail: IPAGothic text, 続きを読む in Noto Sans CJK JP Bold glued to its last character.
        var request = CardRequest(
            text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
            template: try CardFixtures.template("read-more-tail"))
        request.width = 240
        let tail = try CardRenderer().draw(request, state: .collapsed).metadata
        #expect(tail.truncated && tail.mixedFonts.isEmpty, "\(tail.mixedFonts)")
        // Letters of one writing system in two fonts stay one: a combining mark counts with its letter.
        let decomposed = try Self.card("Vie\u{0323}\u{0302}t Nam", font: "NanumGothic 15")
        #expect(decomposed.mixedFonts == ["'Vie\u{0323}\u{0302}t' mixes NanumGothic and DejaVu Sans"], "\(decomposed.mixedFonts)")
    }

    /// An emoji is a fallback run but, standing alone, no word of two fonts; text the font covers has neither.
    @Test func anEmojiAlone_isAFallbackRunButNoMixedWord() throws {
        let emoji = try Self.card("We shipped 🎉 today", font: "DejaVu Sans 15")
        #expect(emoji.fallbackRuns.map(\.text) == ["🎉"] && emoji.fallbackRuns.first?.font == "Noto Color Emoji")
        #expect(emoji.mixedFonts.isEmpty)
        // A character of a script written without spaces is a word of its own: Latin glued to Han
        // (a text and read-more-tail's 続きを読む) is no mixed word, though Han is a fallback run.
        let glued = try Self.card("Tokyo東京", font: "DejaVu Sans 15")
        #expect(glued.fallbackRuns.map(\.text) == ["東京"] && glued.mixedFonts.isEmpty, "\(glued.mixedFonts)")
        let plain = try Self.card("We shipped the new flow today", font: "DejaVu Sans 15")
        #expect(plain.fallbackRuns.isEmpty && plain.mixedFonts.isEmpty)
        // Emoji glued to letters (a ZWJ sequence, a skin tone, a flag, a keycap) are drawn in the
        // emoji font: no mixed word (on main, "'tonight🎉' mixes DejaVu Sans and Noto Color Emoji").
        let gluedEmoji = try Self.card("tonight🎉 coding👩🏽‍💻 Tokyo🇯🇵 done✅ 1️⃣st", font: "DejaVu Sans 15")
        #expect(gluedEmoji.fallbackRuns.contains { $0.font == "Noto Color Emoji" })
        #expect(gluedEmoji.mixedFonts.isEmpty, "\(gluedEmoji.mixedFonts)")
    }

    /// A scan's cut finds the fonts from the painted text's items (`Layout.itemFontRuns`), a drawn card
    /// from its lines: the same fallback runs and mixed words for random texts of many scripts, fonts
    /// and templates, links, markup (sizes, weights, a small caps variant) and paragraphs among them
    /// (800 clean once). Not fade-overlay: its cut names the fonts of all the text drawn under the
    /// fade, the drawn card those of its lines (so before the items too).
    @Test func theCutsFonts_areTheDrawnCards() throws {
        var generator = SplitMix(seed: 41)
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        let words = [
            "Tiếng", "Việt", "서울,", "부산", "北京烤鸭", "東京", "吾輩は猫", "مرحبا", "שלום", "ב-iOS", "Привет", "नमस्ते", "ภาษาไทย",
            "🎉", "👩🏽‍💻", "1️⃣", "https://x.example/Việt", "@anna", "#디자인", "(광주)", "Vie\u{0323}\u{0302}t", "done.", "\n",
        ]
        let renderer = try CardRenderer()
        var mixed = 0
        for index in 0..<60 {
            let markup = generator.next() % 4 == 0
            var text = ""
            for _ in 0..<(3 + Int(generator.next() % 30)) {
                var word = pick(words)
                if markup {
                    word = word.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    if generator.next() % 4 == 0 {
                        let tag = pick([
                            ("<b>", "</b>"), ("<span size=\"x-large\">", "</span>"), ("<span variant=\"small-caps\">", "</span>"),
                            ("<i>", "</i>"),
                        ])
                        word = tag.0 + word + tag.1
                    }
                }
                text += word + (generator.next() % 5 == 0 ? "" : " ")
            }
            var request = CardRequest(
                text: text,
                template: try CardFixtures.template(pick(["inline-more", "read-more-tail", "caption", "post", "x", "feed-ja"])),
                font: pick(["DejaVu Sans 15", "NanumGothic 15", "IPAGothic 14", "Noto Sans 13", "DejaVu Serif 16"]))
            request.markup = markup
            request.width = Double(180 + generator.next() % 240)
            let label = "#\(index) \(request.template.name) \(request.font ?? "") \(request.width) \(text.debugDescription)"
            let drawn = try renderer.draw(request, state: .collapsed).metadata
            let cut = try #require(try renderer.cut(request), "\(label)")
            #expect(cut.fallbackRuns == drawn.fallbackRuns, "\(label)")
            #expect(cut.mixedFonts == drawn.mixedFonts, "\(label)")
            if !drawn.mixedFonts.isEmpty { mixed += 1 }
        }
        #expect(mixed > 5, "\(mixed) of 60 cards mix fonts in a word")
    }

    /// check's report carries the lint per case and lists it at the top, from worker processes too.
    @Test func check_reportsMixedWords() throws {
        let path = try GoldenFixtures.suiteFile(
            """
            { "texts": { "vi": "Tiếng Việt rất đẹp", "en": "Morning coffee" },
              "matrices": [ { "templates": ["inline-more"], "texts": ["vi", "en"], "fonts": ["NanumGothic 15"], "widths": [320] } ] }
            """)
        let artifacts = try BinaryRunner.temporaryFolder().path
        let run = try BinaryRunner.run([
            "check", "--suite", path, "--templates", CardFixtures.templatesFolder, "--record", "missing", "--jobs", "2",
            "--artifacts", artifacts,
        ])
        #expect(run.status == 1, "\(run.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: artifacts + "/report.json")))
                as? [String: Any])
        let cases = try #require(report["cases"] as? [[String: Any]])
        let vietnamese = try #require(cases.first { ($0["name"] as? String)?.contains("/vi/") == true })
        #expect((vietnamese["mixedFonts"] as? [String])?.first == "'Tiếng' mixes NanumGothic and DejaVu Sans", "\(vietnamese)")
        #expect(
            cases.filter { ($0["name"] as? String)?.contains("/en/") == true }.allSatisfy {
                ($0["mixedFonts"] as? [String]) == []
            })
        let page = try String(contentsOfFile: artifacts + "/index.html", encoding: .utf8)
        #expect(page.contains("\"mixedFonts\":[\"'Tiếng' mixes NanumGothic and DejaVu Sans\""))
    }

    @Test func render_warnsOfMixedWords() throws {
        let run = try BinaryRunner.run([
            "render", "--font", "NanumGothic 15", "--state", "collapsed", "--out", try BinaryRunner.temporaryFolder().path,
            "--text", "Tiếng Việt rất đẹp và dễ đọc",
        ])
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "Warning: 'Tiếng' mixes NanumGothic and DejaVu Sans (the requested font has no glyph for some letters)"))
        #expect(run.stderr.contains("Warning: 3 more words mix fonts"), "\(run.stderr)")
    }
}
