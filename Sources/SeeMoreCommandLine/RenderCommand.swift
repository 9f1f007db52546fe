import FoundationEssentials
import SeeMore

/// `seemore render`: paints a card collapsed and expanded, writes the PNGs and their metadata.
struct RenderCommand {
    /// The flags only a batch takes; with `--out` and `--templates`, the usage's second form.
    private static let batchFlags: Set<String> = ["--batch", "--jobs", "--time-budget"]

    static var flags: CommandFlags<RenderCommand> {
        typealias Flag = CommandFlags<RenderCommand>.Flag
        var text = Flag.text(\.givenSource)
        text[0].required = true
        var all = CommandFlags<RenderCommand>(
            command: "seemore render",
            summary: "Renders a \"see more\" card collapsed and expanded as PNG files, with their metadata as JSON.",
            flags: text + [
                .text(
                    "--template", "NAME|PATH", synopsis: "inline-more", \.template,
                    help: "A template from Templates/ by name, or a template file (default inline-more)."),
                Flag("--width", value: "POINTS", help: "The card's outer width (default: the template's).") {
                    command, value, scanner in command.width = try scanner.width(value, flag: "--width")
                },
                .text("--font", "DESC", \.font, help: "Body font, a Pango description (default: the template's)."),
                Flag("--lines", value: "N", help: "The collapsed card's line limit (an input's maximum lines).") {
                    command, value, scanner in command.lines = try scanner.lineLimit(value, flag: "--lines")
                },
                .text("--ellipsis", "S", \.ellipsis, help: "The template's ellipsis, overridden."),
                .text("--suffix", "S", \.suffix, help: "The template's suffix, overridden."),
                Flag("--suffix-color", value: "#RRGGBB", help: "The template's suffix color, overridden.") {
                    command, value, scanner in
                    guard let color = Color(hex: value) else {
                        throw scanner.usageError("--suffix-color must be #RRGGBB or #RRGGBBAA, not '\(value)'")
                    }
                    command.suffixColor = color
                },
                .text("--theme", "NAME", synopsis: "light|dark", \.theme, help: "A theme of the template (default light)."),
                Flag(
                    "--scale", value: "1|2|3", help: "Pixels per point; changes nothing but the resolution (default 1)."
                ) { command, value, scanner in command.scale = try scanner.scale(value, flag: "--scale") },
                Flag(
                    "--state", value: "S", synopsis: "collapsed|expanded|both",
                    help: "collapsed, expanded or both (default both)."
                ) { command, value, scanner in
                    let choice: StateChoice = try scanner.choice(value, flag: "--state")
                    command.states = choice == .both ? CardState.allCases : [choice == .collapsed ? .collapsed : .expanded]
                },
                .language(
                    \.language,
                    help: "The text's language, BCP 47 (ja, zh-Hans, ko, hi…), for shaping and font fallback (default: "
                        + "the template's, else guessed from the text's letters)."),
                Flag(
                    "--direction", value: "D", synopsis: "auto|ltr|rtl",
                    help: "Base direction of the paragraphs: auto, ltr or rtl (default: the template's)."
                ) { command, value, scanner in command.direction = try scanner.choice(value, flag: "--direction") },
                .markup(\.markup, help: "The text is Pango markup; the cut closes spans, `kept` is plain text."),
                Flag(
                    "--pseudo", value: "P", synopsis: PseudoLocale.allCases.map(\.rawValue).joined(separator: "|"),
                    help: "Draw the text and the card's strings pseudo-localized (Android's en-XA and ar-XB): accented, "
                        + "expanded (accented, 30–40% longer, in brackets) or bidi (forced right to left)."
                ) { command, value, scanner in command.pseudo = try scanner.choice(value, flag: "--pseudo") as PseudoLocale },
                Flag(
                    "--text-size", value: "S",
                    help: "Draw at a reader's text size: an iOS category (large is the default, AX1–AX5 the accessibility "
                        + "sizes), android:SCALE (Android 14's non-linear scaling) or a factor; fonts scale by the template's text styles."
                ) { command, value, scanner in
                    guard let size = TextSize(parsing: value) else {
                        throw scanner.usageError("--text-size takes \(TextSize.rule), not '\(value)'")
                    }
                    command.textSize = size
                },
                Flag(
                    "--locale", value: "L",
                    help: "Draw as an app in this locale does: the template's strings from --catalog, the chrome in the "
                        + "locale's direction (ar, he: mirrored), the text read in its language unless --lang says."
                ) { command, value, scanner in
                    guard let tag = LanguageTag(value) else {
                        throw scanner.usageError("--locale takes \(LanguageTag.rule), not '\(value)'")
                    }
                    command.locale = tag
                },
                Flag(
                    "--catalog", value: "PATH",
                    help: "A string catalog or a folder of them (.xcstrings, .strings, strings.xml, .arb, .po, i18next "
                        + ".json) that --locale (or a batch line's locale) takes the template's strings from. Repeat for more.",
                    repeatable: true
                ) { command, path, _ in command.catalogs.append(path) },
                .out(\.outputFolder, help: "Where to write (default previews)."),
                Flag("--name", value: "NAME", help: "File name stem (default: the template and a hash of the text).") {
                    command, name, scanner in
                    guard PathPolicy.isSafeName(name) else {
                        throw scanner.usageError(
                            "--name must be a plain file name (\(PathPolicy.namePattern)), not \(name.debugDescription)")
                    }
                    command.name = name
                },
                .templatesFolder(\.templatesFolder),
                .strictFonts(\.strictFonts),
                .fontFiles(\.fontFiles),
                .hermeticFonts(\.hermeticFonts),
                .json(\.json, help: "Also print the metadata to standard output."),
                .text(
                    "--batch", "FILE|-", synopsis: "FILE.jsonl|-", \.batch,
                    help: "One JSON request per line (the fields of seemore serve's POST /render, plus \"name\", and "
                        + "\"state\": collapsed, expanded or both); prints one JSON result per line in input order: the "
                        + "metadata --json prints, or {\"line\": N, \"error\": …, \"field\": …}. Exit 65 if any line was "
                        + "refused."),
                Flag("--jobs", value: "N", help: "Worker processes for --batch (default: the number of cores).") {
                    command, value, scanner in command.jobs = min(64, try scanner.integer(value, flag: "--jobs", minimum: 1))
                },
                .timeBudget(
                    \.lineBudget,
                    help: "Seconds a worker may spend on one line of --batch (default 60): past it the worker is ended "
                        + "and the line answered with an error."),
            ],
            footer: """
                Writes DIR/NAME.collapsed.png, DIR/NAME.expanded.png and DIR/NAME.json, each atomically.
                Exit codes: 0 done, 64 usage, 65 bad text, markup or template, 66 unreadable file,
                73 output folder not writable.
                """)
        // Two forms: one card, and a batch (the flags declared last, which the first form leaves out).
        var batch = all
        batch.flags = all.flags.filter { batchFlags.contains($0.name) || ["--out", "--templates"].contains($0.name) }
        if let first = batch.flags.firstIndex(where: { $0.name == "--batch" }) {
            batch.flags[first].required = true
            batch.flags.insert(batch.flags.remove(at: first), at: 0)
        }
        all.shownFlags = all.flags.map(\.name).filter { !batchFlags.contains($0) }
        all.also = [batch.synopsis(indent: "       ")]
        return all
    }

    static var usage: String { flags.usage }

    var source: TextSource
    /// `--text` or `--text-file` as given; nil when neither was.
    var givenSource: TextSource? = nil
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
    var pseudo: PseudoLocale? = nil
    var textSize: TextSize? = nil
    var locale: LanguageTag? = nil
    var catalogs: [String] = []
    var language: LanguageTag? = nil
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
        var command = RenderCommand(source: .inline(""))
        try flags.parse(arguments, into: &command)
        let scanner = flags.checks
        let source = command.givenSource
        command.fonts = try scanner.fonts(files: command.fontFiles, hermetic: command.hermeticFonts)
        if !command.catalogs.isEmpty && command.locale == nil && command.batch == nil {
            throw scanner.usageError("--catalog goes with --locale: the locale whose strings to draw")
        }
        if command.batch != nil {
            guard command.locale == nil else {
                throw scanner.usageError("--locale is for one card; a batch line gives its own \"locale\"")
            }
            guard source == nil else { throw scanner.usageError("--batch reads its texts from its file; give no --text") }
            return command
        }
        guard let source else { throw scanner.usageError("give the text with --text or --text-file") }
        command.source = source
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        let catalog = try Self.loadCatalog(catalogs)
        if let batch {
            var run = RenderBatch(
                source: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, lineBudget: lineBudget,
                templatesFolder: templatesFolder,
                outputFolder: outputFolder, fonts: fonts,
                fontArguments: FontFiles(files: fontFiles, hermetic: hermeticFonts).workerArguments)
            run.catalog = catalog
            run.catalogPaths = catalogs
            return try run.run(io: io)
        }
        try renderOne(io: io, catalog: catalog)
        return .success
    }

    /// The catalogs of `--catalog`, read once; a catalog that cannot be read is its file and line (65),
    /// one that is not there 66.
    static func loadCatalog(_ paths: [String]) throws -> StringCatalog {
        guard !paths.isEmpty else { return StringCatalog() }
        do {
            return try CatalogLoader.load(paths)
        } catch {
            throw CommandError("--catalog: \(error)", exitCode: error.message.contains("no such file") ? .noInput : .dataError)
        }
    }

    private func renderOne(io: CommandIO, catalog: StringCatalog) throws {
        // First: making the renderer starts fontconfig's initialisation on Pango's own thread, which
        // then overlaps reading the text and the template.
        let renderer = try CardRenderer(fonts: fonts)
        var text = try source.read(io: io)
        var template = try Self.loadTemplate(self.template, folder: templatesFolder, io: io)
        var suffix = self.suffix
        if let locale, !catalogs.isEmpty {
            guard !template.stringKeys.isEmpty else {
                throw CommandError(
                    "template '\(template.name)' names no catalog keys (\"strings\"), so --catalog has nothing to translate",
                    exitCode: .usage)
            }
            do {
                template = try template.localized(locale, catalog: catalog)
            } catch {
                throw CommandError("--locale \(locale): \(error)", exitCode: .dataError)
            }
        }
        if let pseudo {
            text = pseudo.apply(to: text, markup: markup)
            template = template.pseudoLocalized(pseudo)
            suffix = suffix.map { pseudo.apply(to: $0) }
        }
        var font = self.font
        if let textSize {
            template = try template.scaled(for: textSize)
            let style = template.body.textStyle
            font = try font.map { try FontDescription.resized($0) { textSize.scaled($0, style: style) } }
        }
        var request = CardRequest(
            text: text, template: template, markup: markup, width: width, font: font, lines: lines, ellipsis: ellipsis,
            suffix: suffix, suffixColor: suffixColor, theme: theme, scale: scale)
        request.language = language
        if let locale { request.setAppLocale(locale) }
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
