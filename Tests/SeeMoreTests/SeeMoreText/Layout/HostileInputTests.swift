import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// Inputs a hostile pull request can send: none may crash the process or take unbounded time.
@Suite struct HostileInputTests {
    @Test func zalgoCluster_isRefusedNotShapedForMinutes() throws {
        let engine = try LayoutEngine()
        let zalgo = "a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(throws: TruncationRequestError.combiningRunTooLong(at: 1, limit: 30)) {
            try engine.truncate(TruncationRequest(text: zalgo))
        }
        // Thirty marks on a base are allowed (the stream-safe limit), and so is a long text of such clusters.
        let allowed = String(repeating: "a" + String(repeating: "\u{0301}", count: 30) + " ", count: 2_000)
        #expect(try engine.truncate(TruncationRequest(text: allowed)).truncated)
        // Marks hidden in markup entities count too.
        var markup = TruncationRequest(text: "a" + String(repeating: "&#x301;", count: 31))
        markup.markup = true
        #expect(throws: TruncationRequestError.combiningRunTooLong(at: 1, limit: 30)) { try engine.truncate(markup) }
    }

    /// The check reads UTF-8 bytes; it finds the runs (and their first mark) a reading of the Unicode
    /// scalars finds, in texts of bases, marks of 2-, 3- and 4-byte encodings, joiners and selectors.
    @Test func combiningRuns_foundAsAScalarReadingFindsThem() {
        let pieces = [
            "a", "é", "東", "🎉", "\u{301}", "\u{36F}", "\u{64B}", "\u{1AB0}", "\u{20D0}", "\u{200D}", "\u{FE0F}", "\u{E0100}",
            "\u{2FF}", " ",
        ]
        func expected(_ text: String) -> Int? {
            var run = 0
            for (index, scalar) in text.unicodeScalars.enumerated() {
                switch scalar.value {
                case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: run += 1
                default:
                    let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
                    run = marks.contains(scalar.properties.generalCategory) ? run + 1 : 0
                }
                if run > TextStyle.maximumCombiningRun { return index - TextStyle.maximumCombiningRun }
            }
            return nil
        }
        var random = RandomPieces(pieces, seed: 11)
        var refused = 0
        for _ in 0..<3_000 {
            let text = random.text(longest: 15) { piece, random in
                piece.unicodeScalars.first!.value >= 0x300 ? Int((random >> 20) % 16) : 1
            }
            let found: Int?
            do {
                try TextStyle.checkCombiningRuns(text)
                found = nil
            } catch TruncationRequestError.combiningRunTooLong(let at, _) {
                found = at
            } catch {
                found = -1
            }
            #expect(found == expected(text), "\(text.debugDescription)")
            if found != nil { refused += 1 }
        }
        #expect(refused > 300 && refused < 2_700, "both answers are asked about: \(refused) of 3 000 refused")
    }

    /// Pango 1.50 lays out P paragraphs in O(P × length): the cut lays out no more paragraphs than
    /// its N + 3 lines need, the line limit is bounded, and whole layouts refuse thousands of lines.
    @Test func millionShortLines_areCutQuicklyAndRefusedWhole() throws {
        let text = String(repeating: "x\n", count: 1_000_000)
        let engine = try LayoutEngine()
        let start = Date()
        let cut = try engine.truncate(TruncationRequest(text: text, lines: TruncationRequest.maximumLines))
        #expect(Date().timeIntervalSince(start) < 20, "generous: about 0.2 s in a release build")
        #expect(cut.truncated && cut.lineCount == TruncationRequest.maximumLines)
        #expect(throws: TruncationRequestError.invalidLineLimit(3_000)) {
            try engine.truncate(TruncationRequest(text: text, lines: 3_000))
        }
        #expect(throws: TruncationRequestError.tooManyParagraphs(50_001, limit: LayoutEngine.maximumWholeParagraphs)) {
            try engine.expandedText(TruncationRequest(text: String(text.prefix(100_000))))
        }
    }

    @Test(arguments: [
        ("<span size=\"2000000000\">hello</span> world", "font size of 1953125 pt"),
        ("<span allow_breaks=\"false\">hello world</span>", "allow_breaks is not supported"),
        (String(repeating: "<big>", count: 30) + "x" + String(repeating: "</big>", count: 30), "a size scale of"),
        ("<span rise=\"99999999\">x</span>", "rise of"),
        ("<span letter_spacing=\"-99999999\">x</span>", "letter_spacing of"),
        ("<span font=\"Sans 5000\">x</span>", "font size of 5000 pt"),
        ("<span gravity=\"east\">x</span>", "gravity"),
        ("<span font_scale=\"small-caps\">🎉</span>", "font_scale=\"small-caps\" is not supported"),
    ])
    func dangerousMarkup_isRefusedNamingTheAttribute(markup: String, message: String) throws {
        var request = TruncationRequest(text: markup)
        request.markup = true
        do {
            _ = try LayoutEngine().truncate(request)
            Issue.record("accepted \(markup)")
        } catch let error as TruncationRequestError {
            guard case .invalidMarkup(let text) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func fontSizes_areBounded() throws {
        let engine = try LayoutEngine()
        for font in ["DejaVu Sans 1000000", "DejaVu Sans 0.5"] {
            #expect(throws: TruncationRequestError.self) { try engine.truncate(TruncationRequest(text: "hello", font: font)) }
        }
        var suffix = TruncationRequest(text: "hello world hello world", width: 50, lines: 1)
        suffix.suffixFont = "500000"
        #expect(
            throws: TruncationRequestError.invalidFont("the font size in \"500000\" is 500000 pt; sizes go from 1 to 1000 pt")
        ) {
            try engine.truncate(suffix)
        }
        #expect(try engine.truncate(TruncationRequest(text: "hello", font: "DejaVu Sans 1000")).lineCount >= 1)
        let output = try BinaryRunner.run(["layout", "--text", "hello world", "--suffix-font", "500000"])
        #expect(output.status == 64 && output.stderr.contains("sizes go from 1 to 1000 pt"))
    }

    @Test func hugeInputs_areRefusedBeforeTheyAreRead() throws {
        let big = Data(repeating: 0x61, count: TruncationRequest.maximumTextBytes + 10)
        let piped = try BinaryRunner.run(["layout", "--text-file", "-"], stdin: big)
        #expect(piped.status == 65 && piped.stderr.contains("more than 16777216 bytes"), "\(piped.stderr)")
        let file = try BinaryRunner.temporaryFile([UInt8](big))
        let read = try BinaryRunner.run(["layout", "--text-file", file.path])
        #expect(read.status == 65 && read.stderr.contains("at most 16777216 (16 MB)"), "\(read.stderr)")
        let template = try BinaryRunner.temporaryFile(
            [UInt8](repeating: 0x20, count: PathPolicy.maximumDocumentBytes + 1), name: "t.json")
        let render = try BinaryRunner.run(["render", "--template", template.path, "--text", "hi", "--out", file.path + ".out"])
        #expect(render.status == 65 && render.stderr.contains("a template has at most"), "\(render.stderr)")
    }

    /// Found by the markup fuzzer: with `<sup>` and letter spacing, a line laid out alone breaks
    /// differently than inside its paragraph, so the last-line shortcut must not be used.
    @Test func fontScalesAndLetterSpacing_neverGiveACutTooLong() throws {
        let text =
            "x \u{200F}   <sup>shippedWe <span underline=\"error\">東京 서울은 🇯🇵 \u{200F} x\r\n \t مرحبا "
            + "<span letter_spacing=\"4096\">שלום 👩‍💻 é 東京</span></span></sup>"
        var request = TruncationRequest(text: text, font: "Noto Sans Arabic 15", width: 73, lines: 4, ellipsis: "", suffix: "")
        request.markup = true
        request.cutMode = .grapheme
        let cut = try LayoutEngine().truncate(request)
        #expect(cut.truncated && cut.lineCount <= 4, "\(cut.lines)")
    }
}
