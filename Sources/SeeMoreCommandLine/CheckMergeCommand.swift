import FoundationEssentials
import SeeMore

/// `seemore check merge`: the artifacts folders of a check's shards combined into the artifacts
/// and report of one run, with the check's outputs (JUnit, summaries, annotations, exit code).
struct CheckMergeCommand {
    /// The check whose suite, artifacts folder and outputs the merge uses.
    var check: CheckCommand
    var shards: [String] = []

    /// The check's flags a merge takes: where the suite is, where the merged artifacts go, and the
    /// outputs; none that decides how a case is drawn or compared (the shards decided).
    static let checkFlags: Set<String> = [
        "--suite", "--templates", "--artifacts", "--junit", "--summary", "--pr-comment", "--exit-zero-on-changes", "--color",
        "--json",
    ]

    static var flags: CommandFlags<CheckMergeCommand> {
        CommandFlags(
            command: "seemore check merge",
            summary: "Combines the artifacts folders of a check's shards (--shard I/N) into the report one run would write.",
            flags: CheckCommand.flagList.filter { checkFlags.contains($0.name) }.map { $0.lifted(\CheckMergeCommand.check) },
            positional: "DIR…",
            footer: """
                Each DIR is a shard's artifacts folder with its shard.records; all N shards of one run of this
                suite are needed. Exit codes as for seemore check; 65 also for shards that are not of one
                run of this suite or are damaged, 66 for a folder without shard.records.
                """)
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> CheckMergeCommand {
        // The check's defaults, its project file's and its environment's; then a merge's own flags.
        var command = CheckMergeCommand(check: try CheckCommand.parse([], environment: environment))
        command.shards = try flags.parse(arguments, into: &command)
        guard !command.shards.isEmpty else {
            throw flags.checks.usageError("give the shards' artifacts folders: seemore check merge DIR…")
        }
        return command
    }

    func run(io: CommandIO) throws -> ExitCode {
        let suite = try CheckCommand.loadSuite(check.suitePath, templatesFolder: check.templatesFolder, program: io.program)
        let (summary, options): (CheckSummary, CheckOptions)
        do {
            (summary, options) = try CheckMerge.merge(shards, suite: suite, artifactsFolder: check.options.artifactsFolder)
        } catch let error as CheckMerge.MergeError {
            throw CommandError(error.description, exitCode: error.missing ? .noInput : .dataError)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        } catch let error as ArtifactsFolder.UnsafeFolder {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        return try check.report(summary, suite: suite, options: options, io: io, stopped: nil)
    }
}
