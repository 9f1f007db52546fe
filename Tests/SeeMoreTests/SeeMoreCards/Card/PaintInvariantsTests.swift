import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// What every painted card must hold, checked on every case of the repository's golden suite and on a
/// hostile corpus: lines follow one another without gaps or overlaps, no line's ink reaches into another
/// line's, all ink lies inside the card (inside the field for an input), and the card is exactly as tall
/// as its padding, its line pitches and the spacing between header, body and link. In plain text
/// every line has its body font's pitch and baseline, whatever script it starts in.
@Suite struct PaintInvariantsTests {
    /// Texts that broke the pictures before: emoji-only lines, scripts mixed in one paragraph, stacked
    /// marks, RTL with LTR tails, markup with big and small spans.
    static let hostile: [(name: String, text: String, markup: Bool)] = [
        ("emoji-only-lines", "Hello\n🎉\n👩‍💻👨‍👩‍👧‍👦🇯🇵\nWorld 🎉 again", false),
        ("mixed-scripts", "Tokyo 東京 and สวัสดีครับ with مرحبا and नमस्ते, 서울 and Ỗ Ẫ Ṏ in one paragraph that wraps a lot", false),
        ("vietnamese", "Ỗ Ẫ Ṏ Tiếng Việt có nhiều dấu chồng lên nhau: Ỗ Ẫ Ṏ Ổ Ẩ Ở Ữ Ựỗ ẫ ṏ — chữ hoa có dấu", false),
        ("thai", "ภาษาไทยมีสระบนและล่าง ปู่ ฟ้า น้ำ ผู้ใหญ่ กี่ปี ที่นี่ ญี่ปุ่น ฐานข้อมูล ฎีกา ฏ ฤๅษี", false),
        ("arabic-harakat", "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ الْحَمْدُ لِلَّهِ رَبِّ الْعَالَمِينَ Google Maps and Apple", false),
        ("rtl-latin-tail", "تعرف على خدمات الخرائط الجديدة من Google Maps and Street View حول تطبيق الخرائط Apple Music", false),
        ("hebrew-digits", "2024 12 31 שלום לכולם, הפגישה עם Apple ו-Google תתקיים ביום 3 בדצמבר", false),
        (
            "markup-spans",
            "Small <span size=\"small\">tiny text</span> then <span size=\"xx-large\">BIG words here</span> and "
                + "<b>bold</b> <span rise=\"4000\">risen</span> with more words to wrap the paragraph again",
            true
        ),
        ("trailing-breaks", "Hello\n\n\n", false),
        // Lines that start in a script the body font lacks, then go on in the body font.
        (
            "fallback-starts",
            "ああ then Latin\n漢字 then Latin\n한국 then Latin\nสวัสดี then Latin\nمرحبا then Latin\n🎉 then Latin\n"
                + "नमस्ते then Latin\nLatin then かな",
            false
        ),
        ("fallback-wraps", "あいうえおかきくけこさしすせそたちつてとなにぬねの Latin words after kana again and again 漢字 more Latin words", false),
    ]

    @Test func goldenSuiteCases_holdTheInvariants() throws {
        let suitePath = URL(fileURLWithPath: CardFixtures.templatesFolder).appendingPathComponent("../golden-images/suite.json")
            .standardized.path
        let suite = try GoldenSuite.load(path: suitePath, templatesFolder: CardFixtures.templatesFolder)
        #expect(suite.cases.count > 300)
        let engine = try LayoutEngine()
        for golden in suite.cases {
            let failures = try Self.violations(golden.request, state: golden.state, engine: engine)
            #expect(failures.isEmpty, "\(golden.name): \(failures.joined(separator: "; "))")
        }
    }

    @Test(arguments: CardFixtures.templateNames)
    func hostileCorpus_holdsTheInvariants(template name: String) throws {
        let template = try CardFixtures.template(name)
        let engine = try LayoutEngine()
        for text in Self.hostile {
            for width in [200.0, 320, 414] {
                for font in ["DejaVu Sans 15", "NanumGothic 15", "IPAGothic 15"] {
                    var request = CardRequest(text: text.text, template: template, markup: text.markup, width: width, font: font)
                    request.theme = "light"
                    for state in CardState.allCases {
                        let failures = try Self.violations(request, state: state, engine: engine)
                        #expect(
                            failures.isEmpty,
                            "\(name)/\(text.name) \(font) @\(width) \(state): \(failures.joined(separator: "; "))")
                    }
                }
            }
        }
    }

    /// Whether every run of line `index` is drawn at the layout's body font size (a suffix or header
    /// in a larger size legitimately makes its line taller).
    static func runsAreAtTheStrutSize(_ layout: Layout, line index: Int) -> Bool {
        guard let size = layout.strut?.size else { return false }
        var same = true
        layout.forEachRun(inLines: index..<(index + 1)) { run in
            guard let font = run.pointee.item.pointee.analysis.font else { return }
            if let runSize = layout.context.fontFacts.size(of: font), abs(runSize - size) > 0.001 { same = false }
        }
        return same
    }

    /// The checks can fail: lines packed tighter than their glyphs, an overflowing card, a clipped field.
    @Test func brokenPictures_areCaught() throws {
        let engine = try LayoutEngine()
        var tight = try CardFixtures.template("inline-more")
        tight.body.lineHeight = .multiple(0.5)
        let overlapping = try Self.violations(
            CardRequest(text: "Ỗ Ẫ Ṏ gjpq\nỖ Ẫ Ṏ gjpq\nỖ Ẫ Ṏ gjpq", template: tight), state: .expanded, engine: engine)
        #expect(overlapping.contains { $0.contains("the ink of line 1 and line 2 overlap") }, "\(overlapping)")
        var noPadding = try CardFixtures.template("chat-input")
        noPadding.card.padding = .init(all: 0)
        let clipped = try Self.violations(CardRequest(text: "Ỗ Ẫ Ṏ", template: noPadding), state: .collapsed, engine: engine)
        #expect(clipped.contains { $0.contains("leaves the field") }, "\(clipped)")
    }

    /// Pixels per point of the ink masks.
    static let maskScale = 2

    /// Each line of `layout` drawn alone, black on transparent, as it sits on the card.
    static func inkMasks(of layout: Layout, lines: Range<Int>, origin: Point, plan: CardPlan) throws -> [Int: RGBAImage] {
        var masks: [Int: RGBAImage] = [:]
        for index in lines {
            let surface = try ImageSurface(
                pixelWidth: Int(plan.width) * maskScale, pixelHeight: Int(plan.height.rounded(.up)) * maskScale)
            let context = try DrawingContext(surface: surface, scale: Double(maskScale))
            context.draw(
                layout, x: origin.x, y: origin.y, color: Color(red: 0, green: 0, blue: 0, alpha: 1), lines: index..<(index + 1))
            masks[index] = RGBAImage(surface)
        }
        return masks
    }

    /// A pixel where both lines lay down clear ink (more than half covered, so anti-aliased fringes that
    /// merely touch do not count), or nil.
    static func sharedInk(_ first: RGBAImage?, _ second: RGBAImage?) -> (x: Int, y: Int)? {
        guard let first, let second else { return nil }
        for y in 0..<first.height {
            for x in 0..<first.width {
                let offset = (y * first.width + x) * 4 + 3
                if first.pixels[offset] > 128 && second.pixels[offset] > 128 { return (x, y) }
            }
        }
        return nil
    }

    /// Every invariant the card breaks, each naming the line.
    static func violations(_ request: CardRequest, state: CardState, engine: LayoutEngine) throws -> [String] {
        try TextStack.serialized { try violationsAlone(request, state: state, engine: engine) }
    }

    private static func violationsAlone(_ request: CardRequest, state: CardState, engine: LayoutEngine) throws -> [String] {
        let plan = try CardPlanner(engine: engine, request: request).plan(state)
        let template = request.template
        let tolerance = 0.01
        var failures: [String] = []
        var flowHeight = 0.0
        var flowItems = 0
        var afterFade = false
        var avatars: [Rect] = []
        for item in plan.items {
            switch item {
            case .fade:
                afterFade = true
            case .avatar(let rect, _, _, _, _):
                avatars.append(rect)
                if rect.x < -tolerance || rect.y < -tolerance || rect.x + rect.width > plan.width + tolerance
                    || rect.y + rect.height > plan.height + tolerance
                {
                    failures.append("the avatar \(rect) leaves the card")
                }
            case .text(let layout, let origin, _, _, _)
            where avatars.contains {
                origin.x >= $0.x && origin.x <= $0.x + $0.width && origin.y >= $0.y && origin.y <= $0.y + $0.height
            }:
                // The avatar's initials: inside it, not part of the card's flow.
                for ink in layout.lineInkRects.compactMap({ $0?.offsetBy(x: origin.x, y: origin.y) }) {
                    guard let avatar = avatars.last, ink.x >= avatar.x - tolerance, ink.y >= avatar.y - tolerance,
                        ink.x + ink.width <= avatar.x + avatar.width + tolerance,
                        ink.y + ink.height <= avatar.y + avatar.height + tolerance
                    else {
                        failures.append("the initials' ink \(ink) leaves the avatar")
                        continue
                    }
                }
            case .text(let layout, let origin, _, let clip, let range):
                let boxes = layout.lineBoxes
                let visible = range ?? boxes.indices
                let inks = layout.lineInkRects
                let lineInk = try Self.inkMasks(of: layout, lines: visible, origin: origin, plan: plan)
                let strut = layout.strut.map { layout.lineHeight.box(size: $0.size, metrics: $0) }
                for index in visible {
                    let box = boxes[index]
                    if box.pitch <= 0 { failures.append("line \(index + 1) has pitch \(box.pitch)") }
                    if !request.markup, let strut, Self.runsAreAtTheStrutSize(layout, line: index),
                        abs(box.pitch - (strut.above + strut.below)) > tolerance
                            || abs(box.baseline - box.top - strut.above) > tolerance
                    {
                        failures.append(
                            "line \(index + 1) is \(box.pitch) pt tall with its baseline \(box.baseline - box.top) pt down, "
                                + "not the body font's \(strut.above + strut.below) and \(strut.above)")
                    }
                    if index > visible.lowerBound && abs(box.top - boxes[index - 1].bottom) > tolerance {
                        failures.append(
                            "line \(index + 1) starts at \(box.top), not where line \(index) ends (\(boxes[index - 1].bottom))")
                    }
                    guard let ink = inks[index]?.offsetBy(x: origin.x, y: origin.y) else { continue }
                    let bounds = clip ?? Rect(x: 0, y: 0, width: plan.width, height: plan.height)
                    if ink.x < bounds.x - tolerance || ink.y < bounds.y - tolerance
                        || ink.x + ink.width > bounds.x + bounds.width + tolerance
                        || ink.y + ink.height > bounds.y + bounds.height + tolerance
                    {
                        failures.append(
                            "line \(index + 1)'s ink \(ink) leaves \(clip == nil ? "the card" : "the field") \(bounds)")
                    }
                    // Stacked Arabic harakat (a shadda and its vowel above, a kasra below) reach past a line
                    // pitch of 1.4: where two such lines meet, Chromium draws the same marks touching.
                    let texts = layout.lineTexts()
                    let harakat = { (line: Int) in
                        line < texts.count
                            && texts[line].unicodeScalars.contains { (0x064B...0x065F).contains($0.value) || $0.value == 0x0670 }
                    }
                    if index + 1 < visible.upperBound, !(harakat(index) && harakat(index + 1)),
                        let pixel = Self.sharedInk(lineInk[index], lineInk[index + 1])
                    {
                        failures.append(
                            "the ink of line \(index + 1) and line \(index + 2) overlap at (\(pixel.x), \(pixel.y)) px @\(Self.maskScale)x"
                        )
                    }
                }
                if !afterFade {
                    flowItems += 1
                    flowHeight += visible.reduce(0) { $0 + boxes[$1].pitch }
                }
            }
        }
        // Header, body and link follow one another with the template's spacing between them.
        let hasHeader = template.header?.placement == .line  // an inline name is part of the text
        let hasLink = flowItems > (hasHeader ? 2 : 1)
        let padding = template.card.padding
        let avatar = hasHeader ? template.avatar : nil
        let above = avatar.map { $0.placement == .above ? $0.size + $0.spacing : 0 } ?? 0
        let flow =
            padding.top + above + (hasHeader ? (template.header?.spacing ?? 0) : 0) + flowHeight
            + (hasLink ? template.suffix.spacing : 0) + padding.bottom
        let beside = avatar.map { $0.placement == .beside ? padding.top + $0.size + padding.bottom : 0 } ?? 0
        let expected = max(flow, beside).rounded(.up)
        if abs(plan.height - expected) > tolerance {
            failures.append("the card is \(plan.height) pt tall, not padding + line pitches = \(expected)")
        }
        return failures
    }
}
