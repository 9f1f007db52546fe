import FoundationEssentials
import SeeMore

/// `seemore layout`: cuts a paragraph and prints where, as JSON or a short summary.
struct LayoutCommand: Equatable {
    /// What the flags set, before the text is known to be given.
    struct Arguments {
        var source: TextSource? = nil
        var request = TruncationRequest(text: "")
        var strictFonts = false
        var json = false
        var fontFiles: [String] = []
        var hermetic = false
    }

    static var flags: CommandFlags<Arguments> {
        typealias Flag = CommandFlags<Arguments>.Flag
        var text = Flag.text(\.source)
        text[0].required = true
        return CommandFlags(
            command: "seemore layout",
            summary: """
                Lays out a paragraph and finds where to cut it so that it ends in an ellipsis and a styled suffix
                within N lines.
                """,
            flags: text + [
                .text(
                    "--font", "DESC", \.request.font,
                    help: "Pango font description of the body (default \"\(TruncationRequest.defaultFont)\")."),
                Flag("--width", value: "POINTS", help: "Width of the text box in points (default 343).") {
                    arguments, value, scanner in
                    arguments.request.width = try scanner.width(value, flag: "--width", maximum: TruncationRequest.maximumWidth)
                },
                Flag("--lines", value: "N", help: "Most lines of the collapsed text, at least 1 (default 3).") {
                    arguments, value, scanner in arguments.request.lines = try scanner.lineLimit(value, flag: "--lines")
                },
                .text(
                    "--ellipsis", "S", \.request.ellipsis, help: "Drawn in the body font after the kept text (default \"… \")."),
                .text(
                    "--suffix", "S", \.request.suffix, help: "Drawn after the ellipsis in the suffix font (default \"See more\")."
                ),
                .text(
                    "--suffix-font", "DESC", \.request.suffixFont,
                    help: "Font description merged onto the body font for the suffix, e.g. \"Bold\"."),
                .choice("--cut", "MODE", \.request.cutMode, help: "Cut between words (default) or at any grapheme boundary."),
                Flag(
                    "--line-height", value: "LH", synopsis: "0|MULTIPLE|POINTSpt",
                    help: "Line pitch: a multiple of the font size (1.25), points (20pt), or 0 for the font's own height "
                        + "(default 0); moves lines, never changes the cut."
                ) { arguments, value, scanner in
                    arguments.request.lineHeight = try scanner.lineHeight(value, flag: "--line-height")
                },
                .language(
                    \.request.language,
                    help: "The text's language, BCP 47 (ja, zh-Hans, zh-Hant, ko, hi…), for shaping and font fallback "
                        + "(default: guessed from the text's letters)."),
                .choice(
                    "--direction", "D", \.request.direction,
                    help: "Base direction of the paragraphs: auto (each from its first strong character; default), ltr or rtl."),
                .choice(
                    "--hyphens", "H", \.request.hyphens, help: "Draw a hyphen where a word is broken inside (default none)."),
                Flag(
                    "--line-break", value: "L", synopsis: LineBreak.allCases.map(\.rawValue).joined(separator: "|"),
                    help: "Break lines as the web, Android and iOS do (ICU, CSS line-break); by default as Pango does."
                ) { arguments, value, scanner in
                    arguments.request.lineBreak = try scanner.choice(value, flag: "--line-break") as LineBreak
                },
                .choice(
                    "--word-break", "W", \.request.wordBreak,
                    help: "CSS word-break: normal (default), keep-all, keep-hangul (Korean words only, as iOS) or break-all."),
                Flag(
                    "--korean", value: "K", synopsis: "words|syllables",
                    help: "Deprecated: words is --word-break keep-hangul, syllables is --word-break normal."
                ) { arguments, value, scanner in
                    let korean: KoreanLineBreak = try scanner.choice(value, flag: "--korean")
                    arguments.request.wordBreak = korean == .words ? .keepHangul : .normal
                },
                .markup(
                    \.request.markup,
                    help: "The text is Pango markup (<b>, <i>, <span foreground=\"#…\">); the cut closes spans and `kept` "
                        + "is the plain text."),
                .strictFonts(\.strictFonts),
                .fontFiles(\.fontFiles),
                .hermeticFonts(\.hermetic),
                Flag(
                    "--full-count",
                    help: "Count every line of a text of any length for fullLineCount (by default only texts of up to "
                        + "100000 characters are counted past the cut)."
                ) { arguments, _, _ in arguments.request.fullCountLimit = nil },
                Flag(
                    "--no-full-count",
                    help: "Never lay out the text past the cut just to count its lines: fullLineCount is then a lower "
                        + "bound (fullLineCountIsExact false).", alternativeTo: "--full-count"
                ) { arguments, _, _ in arguments.request.fullCountLimit = 0 },
                .json(\.json, help: "Print one JSON object instead of a summary."),
            ],
            footer: """
                Exit codes: 0 done, 64 usage, 65 bad text, a file that is no font, or a missing font with
                --strict-fonts, 66 unreadable file.
                """)
    }

    static var usage: String { flags.usage }

    var source: TextSource
    var request: TruncationRequest
    var strictFonts = false
    var json = false
    var fonts = FontFiles.system

    /// Parses the arguments after `layout`.
    /// - Throws: `CommandError` (exit 64) naming the flag; `HelpRequested` for `--help`.
    static func parse(_ arguments: [String]) throws -> LayoutCommand {
        var given = Arguments()
        try flags.parse(arguments, into: &given)
        let scanner = flags.checks
        guard let source = given.source else { throw scanner.usageError("give the text with --text or --text-file") }
        return LayoutCommand(
            source: source, request: given.request, strictFonts: given.strictFonts, json: given.json,
            fonts: try scanner.fonts(files: given.fontFiles, hermetic: given.hermetic))
    }

    func run(io: CommandIO) throws {
        var request = self.request
        request.text = try source.read(io: io)
        let truncation: Truncation
        do {
            truncation = try LayoutEngine(fonts: fonts).truncate(request)
        } catch let error as TruncationRequestError {
            throw error.commandError(usage: Self.usage)
        }
        try FontWarnings.report(truncation.fontSubstitutions, strict: strictFonts, io: io)
        if truncation.unknownGlyphs > 0 {
            io.writeError("Warning: \(truncation.unknownGlyphs) glyph(s) have no font and show as boxes (tofu)\n")
        }
        io.writeOutput(json ? truncation.json.serialized() + "\n" : Self.summary(truncation, request: request))
    }

    static func summary(_ truncation: Truncation, request: TruncationRequest) -> String {
        var text: String
        if truncation.truncated {
            let total = (truncation.fullLineCountIsExact ? "" : "at least ") + "\(truncation.fullLineCount)"
            text = "Truncated: \(truncation.lineCount) of \(total) lines shown, "
            text += "cut after \(truncation.cutIndex) characters (\(request.cutMode.rawValue) mode)"
            if truncation.suffixWraps { text += "; the suffix wraps" }
            text += "\n"
        } else {
            text = "Fits: \(truncation.lineCount) of \(request.lines) lines, not truncated\n"
        }
        for line in truncation.lines {
            text += "  | \(line)\n"
        }
        if let rect = truncation.suffixRect {
            text += "Suffix: x \(points(rect.x)), y \(points(rect.y)), \(points(rect.width)) × \(points(rect.height)) pt\n"
        }
        text += "Fonts: \(truncation.fonts.joined(separator: ", "))\n"
        return text
    }

    private static func points(_ value: Double) -> String {
        FixedPoint.string(value, places: 1)
    }
}
