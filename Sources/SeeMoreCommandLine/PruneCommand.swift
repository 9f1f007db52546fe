import FoundationEssentials
import Glibc
import SeeMore

/// `seemore prune`: removes goldens that no case of the suite produces.
struct PruneCommand {
    static let usage = "Usage: seemore prune [--suite golden-images/suite.json] [--templates DIR] [--dry-run]"

    var suitePath = "golden-images/suite.json"
    var templatesFolder: String? = nil
    var dryRun = false

    static func parse(_ arguments: [String]) throws -> PruneCommand {
        var scanner = ArgumentScanner(arguments, usage: usage)
        var command = PruneCommand()
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h":
                throw HelpRequested(
                    text: "Removes golden PNGs and layout snapshots that no case of the suite produces.\n\n" + usage)
            case "--suite": command.suitePath = try scanner.value(of: flag)
            case "--templates": command.templatesFolder = try scanner.value(of: flag)
            case "--dry-run": try scanner.noValue(flag); command.dryRun = true
            default: throw scanner.unknownFlag(flag.name)
            }
        }
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
