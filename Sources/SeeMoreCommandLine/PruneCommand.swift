import FoundationEssentials
import Glibc
import SeeMore

/// `seemore prune`: removes goldens that no case of the suite produces.
struct PruneCommand {
    static var flags: CommandFlags<PruneCommand> {
        CommandFlags(
            command: "seemore prune",
            summary: "Removes golden PNGs and layout snapshots that no case of the suite produces.",
            flags: [
                .text(
                    "--suite", "PATH", synopsis: CheckCommand.defaultSuite, \.suitePath,
                    help: "The suite file (default \(CheckCommand.defaultSuite))."),
                .templatesFolder(\.templatesFolder, help: "Templates folder for loading the suite (default: the suite's)."),
                .dryRun(\.dryRun, help: "List what would be removed; remove nothing."),
            ])
    }

    var suitePath = "golden-images/suite.json"
    var templatesFolder: String? = nil
    var dryRun = false

    static func parse(_ arguments: [String]) throws -> PruneCommand {
        var command = PruneCommand()
        try ProjectFile.apply(to: &command, flags: flags)
        try flags.parse(arguments, into: &command)
        return command
    }

    func run(io: CommandIO) throws {
        let suite = try CheckCommand.loadSuite(suitePath, templatesFolder: templatesFolder, program: io.program)
        let stale = GoldenPruner.stale(in: suite)
        for path in stale {
            if dryRun {
                io.writeOutput("would remove \(path)\n")
            } else if unlink(path) == 0 {
                io.writeOutput("removed \(path)\n")
            } else {
                throw CommandError("cannot remove \(path): \(String(cString: strerror(errno)))", exitCode: .cannotCreate)
            }
        }
        if !dryRun { GoldenPruner.removeEmptyFolders(under: suite.folder) }
        io.writeOutput(
            stale.isEmpty
                ? "nothing to prune\n"
                : "\(dryRun ? "would remove" : "removed") \(stale.count) file\(stale.count == 1 ? "" : "s")\n")
    }
}
