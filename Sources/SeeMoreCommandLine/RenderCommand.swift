import FoundationEssentials
import SeeMore

/// `seemore render`: paints a card collapsed and expanded, writes the PNGs and their metadata.
struct RenderCommand {
    static let usage = """
        Usage: seemore render (--text TEXT | --text-file PATH|-) [--template inline-more] [--width POINTS]
                              [--font DESC] [--lines N] [--ellipsis S] [--suffix S] [--suffix-color #RRGGBB]
                              [--theme light|dark] [--scale 1|2|3] [--state collapsed|expanded|both]
                              [--lang TAG] [--direction auto|ltr|rtl] [--markup] [--out DIR] [--name NAME]
                              [--templates DIR] [--strict-fonts] [--font-files PATH[,PATH…]] [--hermetic-fonts]
                              [--json]
               seemore render --batch FILE.jsonl|- [--jobs N] [--time-budget S] [--out DIR] [--templates DIR]
        """

    static let help = """
        Renders a "see more" card collapsed and expanded as PNG files, with their metadata as JSON.

        \(usage)

          --template NAME|PATH  A template from Templates/ by name, or a template file (default inline-more).
          --width POINTS        The card's outer width (default: the template's).
          --font DESC           Body font, a Pango description (default: the template's).
          --lines N             The collapsed card's line limit (an input's maximum lines).
          --ellipsis S, --suffix S, --suffix-color #RRGGBB
                                Override the template's ellipsis, suffix and suffix color.
          --theme NAME          A theme of the template (default light).
          --scale 1|2|3         Pixels per point; changes nothing but the resolution (default 1).
          --state S             collapsed, expanded or both (default both).
          --lang TAG            The text's language, BCP 47 (ja, zh-Hans, ko, hi…), for shaping and font
                                fallback (default: the template's, else guessed from the text's letters).
          --direction D         Base direction of the paragraphs: auto, ltr or rtl (default: the template's).
          --markup              The text is Pango markup; the cut closes spans, `kept` is plain text.
          --out DIR             Where to write (default previews).
          --name NAME           File name stem (default: the template and a hash of the text).
          --templates DIR       Look for templates here first, then in ./Templates, then the built-in ones.
          --strict-fonts        Fail (exit 65) when a requested font family is not installed.
          --font-files PATHS    Font files (.ttf, .otf, .ttc) and folders of them, separated by commas,
                                whose families resolve to them before any installed font.
          --hermetic-fonts      With --font-files: those are the only fonts; no installed font is used,
                                and a character none of them has is drawn as a box (reported).
          --json                Also print the metadata to standard output.
          --batch FILE|-        One JSON request per line (the fields of seemore serve's POST /render,
                                plus "name", and "state": collapsed, expanded or both); prints one JSON
                                result per line in input order: the metadata --json prints, or
                                {"line": N, "error": …, "field": …}. Exit 65 if any line was refused.
          --jobs N              Worker processes for --batch (default: the number of cores).
          --time-budget S       Seconds a worker may spend on one line of --batch (default 60): past it
                                the worker is ended and the line answered with an error.

        Writes DIR/NAME.collapsed.png, DIR/NAME.expanded.png and DIR/NAME.json, each atomically.
        Exit codes: 0 done, 64 usage, 65 bad text, markup or template, 66 unreadable file,
        73 output folder not writable.
        """

    var source: TextSource
    var template = "inline-more"
    var templatesFolder: String? = nil
    var width: Double? = nil
    var font: String? = nil
    var lines: Int? = nil
    var ellipsis: String? = nil
    var suffix: String? = nil
    var suffixColor: Color? = nil
    var theme = "light"
    var scale = 1
    var states: [CardState] = CardState.allCases
    var markup = false
    var language: String? = nil
    var direction: TextDirection? = nil
    var outputFolder = "previews"
    var name: String? = nil
    var batch: String? = nil
    /// Worker processes for a batch; nil: the number of cores (asked only for a batch: it is read
    /// from cgroup files, which a one-card process need not read).
    var jobs: Int? = nil
    var lineBudget = RenderBatch.defaultLineBudget
    var strictFonts = false
    var json = false
    var fontFiles: [String] = []
    var hermeticFonts = false
    /// The fonts the cards are drawn with (`--font-files`, `--hermetic-fonts`).
    var fonts = FontFiles.system

    private enum StateChoice: String, CaseIterable {
        case collapsed, expanded, both
    }

    static func parse(_ arguments: [String]) throws -> RenderCommand {
        var scanner = ArgumentScanner(arguments, usage: usage)
        var source: TextSource? = nil
        var command = RenderCommand(source: .inline(""))
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h": throw HelpRequested(text: help)
            case "--text", "--text-file": try scanner.textSource(flag, into: &source)
            case "--template": command.template = try scanner.value(of: flag)
            case "--templates": command.templatesFolder = try scanner.value(of: flag)
            case "--width": command.width = try scanner.width(try scanner.value(of: flag), flag: flag.name)
            case "--font": command.font = try scanner.value(of: flag)
            case "--lines": command.lines = try scanner.lineLimit(try scanner.value(of: flag), flag: flag.name)
            case "--ellipsis": command.ellipsis = try scanner.value(of: flag)
            case "--suffix": command.suffix = try scanner.value(of: flag)
            case "--suffix-color":
                let value = try scanner.value(of: flag)
                guard let color = Color(hex: value) else {
                    throw scanner.usageError("--suffix-color must be #RRGGBB or #RRGGBBAA, not '\(value)'")
                }
                command.suffixColor = color
            case "--theme": command.theme = try scanner.value(of: flag)
            case "--scale": command.scale = try scanner.scale(try scanner.value(of: flag), flag: flag.name)
            case "--state":
                let choice: StateChoice = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
                command.states = choice == .both ? CardState.allCases : [choice == .collapsed ? .collapsed : .expanded]
            case "--markup": try scanner.noValue(flag); command.markup = true
            case "--lang": command.language = try scanner.language(try scanner.value(of: flag), flag: flag.name)
            case "--direction": command.direction = try scanner.choice(try scanner.value(of: flag), flag: flag.name)
            case "--out": command.outputFolder = try scanner.value(of: flag)
            case "--name":
                let name = try scanner.value(of: flag)
                guard PathPolicy.isSafeName(name) else {
                    throw scanner.usageError(
                        "--name must be a plain file name (\(PathPolicy.namePattern)), not \(name.debugDescription)")
                }
                command.name = name
            case "--strict-fonts": try scanner.noValue(flag); command.strictFonts = true
            case "--font-files": command.fontFiles = try scanner.fontFiles(try scanner.value(of: flag), flag: flag.name)
            case "--hermetic-fonts": try scanner.noValue(flag); command.hermeticFonts = true
            case "--json": try scanner.noValue(flag); command.json = true
            case "--batch": command.batch = try scanner.value(of: flag)
            case "--jobs": command.jobs = min(64, try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1))
            case "--time-budget": command.lineBudget = try scanner.seconds(try scanner.value(of: flag), flag: flag.name)
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        command.fonts = try scanner.fonts(files: command.fontFiles, hermetic: command.hermeticFonts)
        if command.batch != nil {
            guard source == nil else { throw scanner.usageError("--batch reads its texts from its file; give no --text") }
            return command
        }
        guard let source else { throw scanner.usageError("give the text with --text or --text-file") }
        command.source = source
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        if let batch {
            return try RenderBatch(
                source: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, lineBudget: lineBudget,
                templatesFolder: templatesFolder,
                outputFolder: outputFolder, fonts: fonts,
                fontArguments: FontFiles(files: fontFiles, hermetic: hermeticFonts).workerArguments
            ).run(
                io: io)
        }
        try renderOne(io: io)
        return .success
    }

    private func renderOne(io: CommandIO) throws {
        // First: making the renderer starts fontconfig's initialisation on Pango's own thread, which
        // then overlaps reading the text and the template.
        let renderer = try CardRenderer(fonts: fonts)
        let text = try source.read(io: io)
        let template = try Self.loadTemplate(self.template, folder: templatesFolder, io: io)
        var request = CardRequest(
            text: text, template: template, markup: markup, width: width, font: font, lines: lines, ellipsis: ellipsis,
            suffix: suffix, suffixColor: suffixColor, theme: theme, scale: scale)
        request.language = language
        request.direction = direction
        let cards = try states.map { state in try Self.render(request, state: state, renderer: renderer) }
        if let first = cards.first {
            try FontWarnings.report(first.metadata.fontSubstitutions, strict: strictFonts, io: io)
        }
        // A word drawn in two fonts is what a designer sees as wrong letters: said, a few at most.
        var mixed: [String] = []
        for card in cards { for word in card.metadata.mixedFonts where !mixed.contains(word) { mixed.append(word) } }
        for line in mixed.prefix(3) {
            io.writeError("Warning: \(LogText.escaped(line)) (the requested font has no glyph for some letters)\n")
        }
        if mixed.count > 3 { io.writeError("Warning: \(mixed.count - 3) more words mix fonts (fallbackRuns in the metadata)\n") }
        let stem = name ?? Self.defaultName(template: template.name, text: text)
        let report = try CardFiles.write(cards, request: request, folder: outputFolder, stem: stem)
        if json { io.writeOutput(report.serialized() + "\n") }
        for card in cards where card.metadata.unknownGlyphs > 0 {
            io.writeError(
                "Warning: \(card.metadata.unknownGlyphs) glyph(s) have no font and show as boxes (tofu) on the \(card.state.rawValue) card\n"
            )
        }
        if !json {
            for card in cards {
                io.writeOutput(
                    "\(outputFolder)/\(stem).\(card.state.rawValue).png  \(card.metadata.pixelWidth)×\(card.metadata.pixelHeight)\(card.metadata.truncated ? "  truncated" : "")\n"
                )
            }
        }
    }

    /// Renders, mapping library errors to exit codes.
    static func render(_ request: CardRequest, state: CardState, renderer: CardRenderer) throws -> RenderedCard {
        do {
            return try renderer.render(request, state: state)
        } catch let error as CardError {
            switch error {
            case .tooLarge, .tooManyPixels: throw CommandError(error.description, exitCode: .dataError)
            default: throw CommandError(error.description, exitCode: .usage, usage: usage)
            }
        } catch let error as TruncationRequestError {
            throw error.commandError(usage: usage)
        } catch let error as CairoError {
            throw CommandError("cannot draw the card: \(error)", exitCode: .dataError)
        }
    }

    /// Loads a template, mapping its errors to exit codes: an unknown name is a usage error, a broken file bad data.
    /// A name found in two folders is noted on standard error, naming both files.
    static func loadTemplate(_ name: String, folder: String?, io: CommandIO? = nil) throws -> CardTemplate {
        do {
            let loader = TemplateLoader.standard(templatesFolder: folder, program: io?.program)
            if let note = loader.shadowingNote(for: name) { io?.writeError("Note: \(LogText.escaped(note))\n") }
            return try loader.load(name)
        } catch let error as TemplateError {
            switch error {
            case .unknown: throw CommandError(error.description, exitCode: .usage, usage: usage)
            case .unreadable: throw CommandError(error.description, exitCode: .noInput)
            case .invalid: throw CommandError(error.description, exitCode: .dataError)
            }
        }
    }

    /// The template's name and a short, stable hash of the text: `inline-more-1f3a9c2e`.
    static func defaultName(template: String, text: String) -> String {
        template + "-" + ContentHash.hex(ContentHash.fnv1a32(text.utf8), digits: 8)
    }
}
