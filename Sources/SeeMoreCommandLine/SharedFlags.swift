import SeeMore

/// The flags several commands take, declared once each: the same name means the same thing
/// everywhere (`--templates` is always a folder, `--jobs` always worker processes).
extension CommandFlags.Flag {
    /// `--templates DIR`: the folder templates are looked up in first.
    package static func templatesFolder(
        _ keyPath: WritableKeyPath<Command, String?>,
        help: String = "Look for templates here first, then in ./Templates, then the built-in ones."
    ) -> Self {
        .text("--templates", "DIR", keyPath, help: help)
    }

    /// `--jobs N`: worker processes.
    package static func jobs(_ keyPath: WritableKeyPath<Command, Int>, help: String) -> Self {
        Self("--jobs", value: "N", help: help) { command, text, scanner in
            command[keyPath: keyPath] = try scanner.integer(text, flag: "--jobs", minimum: 1)
        }
    }

    /// `--time-budget S`: seconds a worker may spend on one unit of work.
    package static func timeBudget(_ keyPath: WritableKeyPath<Command, Duration>, help: String) -> Self {
        Self("--time-budget", value: "S", help: help) { command, text, scanner in
            command[keyPath: keyPath] = try scanner.seconds(text, flag: "--time-budget")
        }
    }

    /// `--shard I/N`: a stable share of the work.
    package static func shard(_ keyPath: WritableKeyPath<Command, Shard?>, help: String) -> Self {
        Self("--shard", value: "I/N", help: help) { command, text, scanner in
            command[keyPath: keyPath] = try scanner.shard(text, flag: "--shard")
        }
    }

    /// `--filter GLOB`: cases by name.
    package static func filter(_ keyPath: WritableKeyPath<Command, String?>, help: String) -> Self {
        .text("--filter", "GLOB", keyPath, help: help)
    }

    /// `--json`: JSON on standard output.
    package static func json(_ keyPath: WritableKeyPath<Command, Bool>, help: String) -> Self {
        .toggle("--json", keyPath, help: help)
    }

    /// `--wait`: wait for the suite's lock.
    package static func wait(_ keyPath: WritableKeyPath<Command, Bool>, help: String) -> Self {
        .toggle("--wait", keyPath, help: help)
    }

    /// `--dry-run`: check everything, write nothing.
    package static func dryRun(_ keyPath: WritableKeyPath<Command, Bool>, help: String) -> Self {
        .toggle("--dry-run", keyPath, help: help)
    }

    /// `--out DIR`: the output folder.
    package static func out(_ keyPath: WritableKeyPath<Command, String>, help: String) -> Self {
        .text("--out", "DIR", keyPath, help: help)
    }

    /// `--font-files PATHS`: font files and folders before any installed font.
    package static func fontFiles(
        _ keyPath: WritableKeyPath<Command, [String]>,
        help: String = "Font files (.ttf, .otf, .ttc) and folders of them, separated by commas, whose families resolve to "
            + "them before any installed font."
    ) -> Self {
        Self("--font-files", value: "PATHS", synopsis: "PATH[,PATH…]", help: help) { command, text, scanner in
            command[keyPath: keyPath] = try scanner.fontFiles(text, flag: "--font-files")
        }
    }

    /// `--hermetic-fonts`: with `--font-files`, only those fonts.
    package static func hermeticFonts(
        _ keyPath: WritableKeyPath<Command, Bool>,
        help: String = "With --font-files: those are the only fonts; no installed font is used, and a character none of "
            + "them has is drawn as a box (reported as unknown glyphs)."
    ) -> Self {
        .toggle("--hermetic-fonts", keyPath, help: help)
    }

    /// `--strict-fonts`: a family that is not installed is an error.
    package static func strictFonts(_ keyPath: WritableKeyPath<Command, Bool>) -> Self {
        .toggle("--strict-fonts", keyPath, help: "Fail (exit 65) when a requested font family is not installed.")
    }

    /// `--lang TAG`: the text's language.
    package static func language(_ keyPath: WritableKeyPath<Command, LanguageTag?>, help: String) -> Self {
        Self("--lang", value: "TAG", help: help) { command, text, scanner in
            command[keyPath: keyPath] = try scanner.language(text, flag: "--lang")
        }
    }

    /// `--markup`: the text is Pango markup.
    package static func markup(_ keyPath: WritableKeyPath<Command, Bool>, help: String) -> Self {
        .toggle("--markup", keyPath, help: help)
    }

    /// `--text TEXT` and `--text-file PATH|-`, one of them.
    static func text(_ keyPath: WritableKeyPath<Command, TextSource?>) -> [Self] {
        func source(_ flag: String) -> (inout Command, String, ArgumentScanner) throws -> Void {
            { command, text, scanner in
                guard command[keyPath: keyPath] == nil else {
                    throw scanner.usageError("give the text once: --text or --text-file (\(flag))")
                }
                command[keyPath: keyPath] = flag == "--text" ? .inline(text) : TextSource(textFile: text)
            }
        }
        return [
            Self("--text", value: "TEXT", help: "The paragraph.", apply: source("--text")),
            Self(
                "--text-file", value: "PATH|-", help: "Read the paragraph from a UTF-8 file, or from standard input with -.",
                alternativeTo: "--text", apply: source("--text-file")),
        ]
    }
}
