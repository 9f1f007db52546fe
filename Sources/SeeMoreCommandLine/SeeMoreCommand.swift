import FoundationEssentials
import SeeMore

/// The `seemore` command line: dispatches to a subcommand and maps errors to exit codes.
package enum SeeMoreCommand {
    static let usage = """
        Usage: seemore <command> [options]

        Commands:
          layout    Cut a paragraph to N lines ending in an ellipsis and a suffix, and print where.
          render    Paint a card collapsed and expanded as PNG files with metadata.
          preview   Render the built-in demo cards and a contact sheet into previews/.
          check     Compare a golden-image suite with freshly rendered cards.
          approve   Accept the last check's actual images as the new goldens.
          prune     Remove goldens that no case of the suite produces.
          scan      Cut every text of a corpus and report how the cut behaves: statistics, plots, worst cases.
          compare   Compare SeeMore's line breaks with a browser's (--web) for every text of a corpus.
          serve     Serve rendered cards over HTTP on this machine.

        Run 'seemore <command> --help' for a command's options, 'seemore --version' for the version.
        """

    static let commands = ["layout", "render", "preview", "check", "approve", "prune", "scan", "compare", "serve"]

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    /// - Parameter more: commands from other modules (`serve`), by name.
    package static func run(
        _ arguments: [String], io: CommandIO = .standard, more: [String: ([String], CommandIO) throws -> ExitCode] = [:]
    ) -> Int32 {
        do {
            if let name = arguments.first, let command = more[name] {
                return try command(Array(arguments.dropFirst()), io).rawValue
            }
            return try dispatch(arguments, io: io).rawValue
        } catch let help as HelpRequested {
            io.writeOutput(help.text + "\n")
            return ExitCode.success.rawValue
        } catch let error as FontFilesError {
            // A font file fontconfig cannot read, found when the fonts are loaded.
            io.writeError("Error: \(LogText.escaped(error.description))\n")
            return (error.isMissing ? ExitCode.noInput : ExitCode.dataError).rawValue
        } catch let error as CommandError {
            // A message may quote input (a font name, a path): printed inert, on one line.
            io.writeError("Error: \(LogText.escaped(error.message))\n")
            if let usage = error.usage { io.writeError(usage + "\n") }
            return error.exitCode.rawValue
        } catch {
            io.writeError("Error: \(LogText.escaped("\(error)"))\n")
            return ExitCode.failure.rawValue
        }
    }

    private static func dispatch(_ arguments: [String], io: CommandIO) throws -> ExitCode {
        guard let command = arguments.first else {
            throw CommandError("no command given", exitCode: .usage, usage: usage)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "layout": try LayoutCommand.parse(rest).run(io: io)
        case "render": return try RenderCommand.parse(rest).run(io: io)
        case "preview": try PreviewCommand.parse(rest).run(io: io)
        case "check":
            if rest.first == "merge" {
                return try CheckMergeCommand.parse(Array(rest.dropFirst()), environment: environment).run(io: io)
            }
            return try CheckCommand.parse(rest, environment: environment).run(io: io)
        case "approve": try ApproveCommand.parse(rest, environment: environment).run(io: io)
        case "prune": try PruneCommand.parse(rest, environment: environment).run(io: io)
        case "scan":
            if rest.first == "merge" { return try ScanMergeCommand.parse(Array(rest.dropFirst())).run(io: io) }
            return try ScanCommand.parse(rest).run(io: io)
        case "compare": return try CompareCommand.parse(rest).run(io: io)
        case "worker": return try WorkerCommand.parse(rest).run(io: io)
        case "--help", "-h", "help": throw HelpRequested(text: usage)
        case "--version", "-V", "version": throw HelpRequested(text: Version.line)
        default:
            // A flag in the command's place is one of the program's own: -v is the usual slip for --version.
            let candidates = command.hasPrefix("-") ? ["--version", "--help"] : commands
            let closest = command == "-v" ? "--version" : Suggestion.closest(to: command, among: candidates)
            let hint = closest.map { "; did you mean '\($0)'?" } ?? ""
            throw CommandError("unknown command '\(command)'\(hint)", exitCode: .usage, usage: usage)
        }
        return .success
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
}
