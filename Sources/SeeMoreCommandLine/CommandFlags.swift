/// A command's flags declared once, as values: the usage lines, the flag list of `--help` and the
/// parsing are all made from them, so a flag cannot be parsed without being documented, nor
/// documented under another name. docs/reference.md's synopses are checked against them by a test.
package struct CommandFlags<Command> {
    /// One flag: its name, the placeholder of its value (nil for a switch), what the usage line shows
    /// of it, its help, and what it does to the command.
    package struct Flag {
        package var name: String
        /// `N`, `DIR`, `GLOB`; nil: the flag takes no value.
        package var value: String?
        /// The usage line's form of the value when it says more than the placeholder
        /// (`never|missing|failed|all`, `golden-images/suite.json`).
        package var synopsis: String?
        package var help: String
        /// Given more than once, each time with a value of its own (a list).
        package var repeatable = false
        /// Shown with the flag before it in one usage bracket (`--text TEXT | --text-file PATH`).
        package var alternativeTo: String? = nil
        /// Shown in parentheses, not brackets: the command needs it (its check is the command's own).
        package var required = false
        /// An old name kept working, shown nowhere.
        package var hidden = false
        /// Sets the command from the value ("" for a switch); conversions throw usage errors through the scanner.
        package var apply: (inout Command, String, ArgumentScanner) throws -> Void

        package init(
            _ name: String, value: String? = nil, synopsis: String? = nil, help: String, repeatable: Bool = false,
            alternativeTo: String? = nil, apply: @escaping (inout Command, String, ArgumentScanner) throws -> Void
        ) {
            self.name = name
            self.value = value
            self.synopsis = synopsis
            self.help = help
            self.repeatable = repeatable
            self.alternativeTo = alternativeTo
            self.apply = apply
        }

        /// The same flag for a command that holds this one's (`seemore check merge` holds a check's
        /// output flags).
        package func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Command>) -> CommandFlags<Outer>.Flag {
            let apply = self.apply
            var flag = CommandFlags<Outer>.Flag(
                name, value: value, synopsis: synopsis, help: help, repeatable: repeatable, alternativeTo: alternativeTo
            ) { outer, text, scanner in try apply(&outer[keyPath: keyPath], text, scanner) }
            flag.required = required
            flag.hidden = hidden
            return flag
        }

        /// A switch that sets a Boolean.
        package static func toggle(_ name: String, _ keyPath: WritableKeyPath<Command, Bool>, help: String) -> Flag {
            Flag(name, help: help) { command, _, _ in command[keyPath: keyPath] = true }
        }

        /// A flag whose value is kept as it is written.
        package static func text(
            _ name: String, _ value: String, synopsis: String? = nil, _ keyPath: WritableKeyPath<Command, String>, help: String
        ) -> Flag {
            Flag(name, value: value, synopsis: synopsis, help: help) { command, text, _ in command[keyPath: keyPath] = text }
        }

        /// A flag whose value is kept as it is written, absent when not given.
        package static func text(
            _ name: String, _ value: String, synopsis: String? = nil, _ keyPath: WritableKeyPath<Command, String?>,
            help: String
        ) -> Flag {
            Flag(name, value: value, synopsis: synopsis, help: help) { command, text, _ in command[keyPath: keyPath] = text }
        }

        /// One of a fixed set of values; the usage line lists them.
        package static func choice<Choice: RawRepresentable & CaseIterable>(
            _ name: String, _ value: String, _ keyPath: WritableKeyPath<Command, Choice>, help: String
        ) -> Flag where Choice.RawValue == String {
            Flag(name, value: value, synopsis: Choice.allCases.map(\.rawValue).joined(separator: "|"), help: help) {
                command, text, scanner in command[keyPath: keyPath] = try scanner.choice(text, flag: name)
            }
        }
    }

    /// "seemore check".
    package var command: String
    /// The first line of `--help`: what the command does.
    package var summary: String
    package var flags: [Flag]
    /// Arguments that are not flags, as the usage line shows them (`[CASE …]`); nil: none are taken.
    package var positional: String? = nil
    /// What `--help` says after the flags: exit codes, notes.
    package var footer: String = ""
    /// Other forms of the command, each a line of the usage (`seemore scan merge …`).
    package var also: [String] = []
    /// The flags the first usage line shows, when not all (those of another form are in `also`).
    package var shownFlags: [String]? = nil

    package init(
        command: String, summary: String, flags: [Flag], positional: String? = nil, footer: String = "", also: [String] = []
    ) {
        self.command = command
        self.summary = summary
        self.flags = flags
        self.positional = positional
        self.footer = footer
        self.also = also
    }

    /// The usage lines: `Usage: seemore check [--suite …] …`, wrapped under the command's name, then
    /// the other forms of the command (`also`).
    package var usage: String {
        let indent = String(repeating: " ", count: "Usage: ".count)
        return (["Usage: " + synopsis(indent: indent)] + also.map { indent + $0 }).joined(separator: "\n")
    }

    /// The command and its flags, wrapped; continuation lines start with `indent` and line up under
    /// the first flag.
    package func synopsis(indent: String = "") -> String {
        var items: [String] = []
        if let positional { items.append(positional) }
        for flag in flags where flag.alternativeTo == nil && !flag.hidden && shownFlags?.contains(flag.name) ?? true {
            let alternatives = [flag] + flags.filter { $0.alternativeTo == flag.name }
            let forms = alternatives.map { flag in
                [flag.name, flag.synopsis ?? flag.value].compactMap { $0 }.joined(separator: " ")
            }
            items.append(
                (flag.required ? "(" : "[") + forms.joined(separator: " | ") + (flag.required ? ")" : "]")
                    + (flag.repeatable ? "…" : ""))
        }
        let lead = command + " "
        let continuation = indent + String(repeating: " ", count: lead.count)
        var lines: [String] = []
        var line = lead
        for item in items {
            if indent.count + line.count + item.count > Self.width, line != lead, line != continuation {
                lines.append(String(line.dropLast()))
                line = continuation
            }
            line += item + " "
        }
        lines.append(String(line.dropLast()))
        return lines.joined(separator: "\n")
    }

    /// The text `--help` prints: the summary, the usage lines, one entry a flag, the footer.
    package var help: String {
        let column = 24
        var text = summary + "\n\n" + usage + "\n\n"
        for flag in flags where !flag.hidden {
            let head = "  " + [flag.name, flag.value].compactMap { $0 }.joined(separator: " ")
            let words = flag.help.split(separator: " ", omittingEmptySubsequences: true)
            var line = head.count + 2 <= column ? head + String(repeating: " ", count: column - head.count) : head + "\n"
            if line.hasSuffix("\n") {
                text += line
                line = String(repeating: " ", count: column)
            }
            var empty = true
            for word in words {
                if !empty && line.count + 1 + word.count > Self.width {
                    text += line + "\n"
                    line = String(repeating: " ", count: column)
                    empty = true
                }
                line += (empty ? "" : " ") + word
                empty = false
            }
            text += line + "\n"
        }
        return footer.isEmpty ? text : text + "\n" + footer
    }

    /// The scanner's value checks and usage errors, with this command's usage, for what the command
    /// checks once every flag is read (a flag it needs, two that go together).
    package var checks: ArgumentScanner { ArgumentScanner([], usage: usage) }

    /// The lines of usage and help are at most this wide.
    static var width: Int { 104 }

    /// Parses `arguments` into `command`: each flag by its declaration, `--help` as `HelpRequested`,
    /// any other flag an error suggesting the closest declared one; positional arguments, when taken,
    /// are returned.
    @discardableResult
    package func parse(_ arguments: [String], into command: inout Command) throws -> [String] {
        var scanner = ArgumentScanner(arguments, usage: usage)
        scanner.acceptsPositional = positional != nil
        scanner.repeatable = Set(flags.filter(\.repeatable).map(\.name))
        while let given = try scanner.nextFlag() {
            if given.name == "--help" || given.name == "-h" { throw HelpRequested(text: help) }
            guard let flag = flags.first(where: { $0.name == given.name }) else { throw scanner.unknownFlag(given.name) }
            let value: String
            if flag.value == nil {
                try scanner.noValue(given)
                value = ""
            } else {
                value = try scanner.value(of: given)
            }
            try flag.apply(&command, value, scanner)
        }
        return scanner.positional
    }
}
