/// The `seemore` command line: dispatches to a subcommand and maps errors to exit codes.
public enum SeeMoreCommand {
    static let usage = """
        Usage: seemore <command> [options]

        Commands:
          layout    Cut a paragraph to N lines ending in an ellipsis and a suffix, and print where.
          render    Paint a card collapsed and expanded as PNG files with metadata.
          preview   Lay out the built-in demo texts.

        Run 'seemore <command> --help' for a command's options.
        """

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], io: CommandIO = .standard) -> Int32 {
        do {
            try dispatch(arguments, io: io)
            return ExitCode.success.rawValue
        } catch let help as HelpRequested {
            io.writeOutput(help.text + "\n")
            return ExitCode.success.rawValue
        } catch let error as CommandError {
            io.writeError("Error: \(error.message)\n")
            if let usage = error.usage { io.writeError(usage + "\n") }
            return error.exitCode.rawValue
        } catch {
            io.writeError("Error: \(error)\n")
            return ExitCode.failure.rawValue
        }
    }

    private static func dispatch(_ arguments: [String], io: CommandIO) throws {
        guard let command = arguments.first else {
            throw CommandError("no command given", exitCode: .usage, usage: usage)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "layout": try LayoutCommand.parse(rest).run(io: io)
        case "render": try RenderCommand.parse(rest).run(io: io)
        case "preview": try PreviewCommand.parse(rest).run(io: io)
        case "--help", "-h", "help": throw HelpRequested(text: usage)
        default: throw CommandError("unknown command '\(command)'", exitCode: .usage, usage: usage)
        }
    }
}
