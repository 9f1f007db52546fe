import FoundationEssentials
import SeeMore

/// `seemore layout`: cuts a paragraph and prints where, as JSON or a short summary.
struct LayoutCommand: Equatable {
    static let usage = """
        Usage: seemore layout (--text TEXT | --text-file PATH|-) [--font DESC] [--width POINTS] [--lines N]
                              [--ellipsis S] [--suffix S] [--suffix-font DESC] [--cut word|grapheme]
                              [--line-height 0|MULTIPLE|POINTSpt] [--lang TAG] [--direction auto|ltr|rtl]
                              [--hyphens none|auto] [--korean words|syllables] [--markup] [--strict-fonts]
                              [--font-files PATH[,PATH…]] [--hermetic-fonts] [--full-count|--no-full-count] [--json]
        """

    static let help = """
        Lays out a paragraph and finds where to cut it so that it ends in an ellipsis and a styled suffix
        within N lines.

        \(usage)

          --text TEXT          The paragraph.
          --text-file PATH|-   Read the paragraph from a UTF-8 file, or from standard input with -.
          --font DESC          Pango font description of the body (default "\(TruncationRequest.defaultFont)").
          --width POINTS       Width of the text box in points (default 343).
          --lines N            Most lines of the collapsed text, at least 1 (default 3).
          --ellipsis S         Drawn in the body font after the kept text (default "… ").
          --suffix S           Drawn after the ellipsis in the suffix font (default "See more").
          --suffix-font DESC   Font description merged onto the body font for the suffix, e.g. "Bold".
          --cut word|grapheme  Cut between words (default) or at any grapheme boundary.
          --line-height LH     Line pitch: a multiple of the font size (1.25), points (20pt), or 0 for the
                               font's own height (default 0); moves lines, never changes the cut.
          --lang TAG           The text's language, BCP 47 (ja, zh-Hans, zh-Hant, ko, hi…), for shaping
                               and font fallback (default: guessed from the text's letters).
          --direction D        Base direction of the paragraphs: auto (each from its first strong
                               character; default), ltr or rtl.
          --hyphens none|auto  Draw a hyphen where a word is broken inside (default none).
          --korean K           syllables: break Korean between any syllables, as Pango does (default);
                               words: only between words, as iOS and CSS keep-all do.
          --markup             The text is Pango markup (<b>, <i>, <span foreground="#…">); the cut
                               closes spans and `kept` is the plain text.
          --strict-fonts       Fail (exit 65) when a requested font family is not installed.
          --font-files PATHS   Font files (.ttf, .otf, .ttc) and folders of them, separated by commas,
                               whose families resolve to them before any installed font.
          --hermetic-fonts     With --font-files: those are the only fonts; no installed font is used, and
                               a character none of them has is drawn as a box (reported as unknown glyphs).
          --full-count         Count every line of a text of any length for fullLineCount (by default
                               only texts of up to 100000 characters are counted past the cut).
          --no-full-count      Never lay out the text past the cut just to count its lines:
                               fullLineCount is then a lower bound (fullLineCountIsExact false).
          --json               Print one JSON object instead of a summary.

        Exit codes: 0 done, 64 usage, 65 bad text, a file that is no font, or a missing font with
        --strict-fonts, 66 unreadable file.
        """

    var source: TextSource
    var request: TruncationRequest
    var strictFonts = false
    var json = false
    var fonts = FontFiles.system

    /// Parses the arguments after `layout`.
    /// - Throws: `CommandError` (exit 64) naming the flag; `HelpRequested` for `--help`.
    static func parse(_ arguments: [String]) throws -> LayoutCommand {
        var scanner = ArgumentScanner(arguments, usage: usage)
        var source: TextSource? = nil
        var request = TruncationRequest(text: "")
        var strictFonts = false
        var json = false
        var fontFiles: [String] = []
        var hermetic = false
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h": throw HelpRequested(text: help)
            case "--text", "--text-file": try scanner.textSource(flag, into: &source)
            case "--font": request.font = try scanner.value(of: flag)
            case "--width":
                request.width = try scanner.width(
                    try scanner.value(of: flag), flag: flag.name, maximum: TruncationRequest.maximumWidth)
            case "--lines": request.lines = try scanner.lineLimit(try scanner.value(of: flag), flag: flag.name)
            case "--ellipsis": request.ellipsis = try scanner.value(of: flag)
            case "--suffix": request.suffix = try scanner.value(of: flag)
            case "--suffix-font": request.suffixFont = try scanner.value(of: flag)
            case "--cut": request.cutMode = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            case "--strict-fonts": try scanner.noValue(flag); strictFonts = true
            case "--font-files": fontFiles = try scanner.fontFiles(try scanner.value(of: flag), flag: flag.name)
            case "--hermetic-fonts": try scanner.noValue(flag); hermetic = true
            case "--json": try scanner.noValue(flag); json = true
            case "--no-full-count": try scanner.noValue(flag); request.fullCountLimit = 0
            case "--full-count": try scanner.noValue(flag); request.fullCountLimit = nil
            case "--markup": try scanner.noValue(flag); request.markup = true
            case "--line-height": request.lineHeight = try scanner.lineHeight(try scanner.value(of: flag), flag: flag.name)
            case "--lang": request.language = try scanner.language(try scanner.value(of: flag), flag: flag.name)
            case "--direction": request.direction = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            case "--hyphens": request.hyphens = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            case "--korean": request.korean = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        guard let source else { throw scanner.usageError("give the text with --text or --text-file") }
        return LayoutCommand(
            source: source, request: request, strictFonts: strictFonts, json: json,
            fonts: try scanner.fonts(files: fontFiles, hermetic: hermetic))
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
