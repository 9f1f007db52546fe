import FoundationEssentials
import Glibc
import SeeMore

/// `seemore prune`: removes goldens that no case of the suite produces, or (`--testing DIR`) that no
/// `assertCardSnapshot` of a Swift package's tests takes any more.
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
                .text(
                    "--testing", "DIR", \.testingFolder,
                    help: "Prune assertCardSnapshot's goldens (__Goldens__ folders) under DIR instead of a suite's, by what "
                        + "the tests run since the last prune compared with: run every test first."),
                .text(
                    "--artifacts", "DIR", \.artifactsFolder,
                    help:
                        "With --testing: the tests' artifacts folder (default $SNAPSHOT_ARTIFACTS, else .build/seemore-snapshots "
                        + "of the package holding DIR)."),
                .dryRun(\.dryRun, help: "List what would be removed; remove nothing."),
            ])
    }

    var suitePath = "golden-images/suite.json"
    var templatesFolder: String? = nil
    var dryRun = false
    var testingFolder: String? = nil
    var artifactsFolder: String? = nil

    static func parse(_ arguments: [String], environment: [String: String]) throws -> PruneCommand {
        var command = PruneCommand()
        try ProjectFile.apply(to: &command, flags: flags)
        command.artifactsFolder = environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        try flags.parse(arguments, into: &command)
        if command.artifactsFolder != nil && command.testingFolder == nil && arguments.contains("--artifacts") {
            throw flags.checks.usageError("--artifacts is for --testing")
        }
        return command
    }

    func run(io: CommandIO) throws {
        if let testingFolder { return try pruneTesting(testingFolder, io: io) }
        let suite = try CheckCommand.loadSuite(suitePath, templatesFolder: templatesFolder, program: io.program)
        let stale = GoldenPruner.stale(in: suite)
        try remove(stale, io: io)
        if !dryRun { GoldenPruner.removeEmptyFolders(under: suite.folder) }
        io.writeOutput(Self.total(stale.count, dryRun: dryRun))
    }

    /// Removes `paths` (with `--dry-run`, lists them), each said on its line.
    /// - Throws: `CommandError` (73) for a file that cannot be removed.
    private func remove(_ paths: [String], io: CommandIO) throws {
        for path in paths {
            if dryRun {
                io.writeOutput("would remove \(path)\n")
            } else if unlink(path) == 0 {
                io.writeOutput("removed \(path)\n")
            } else {
                throw CommandError("cannot remove \(path): \(String(cString: strerror(errno)))", exitCode: .cannotCreate)
            }
        }
    }

    /// The last line: how many files went (or would).
    private static func total(_ count: Int, dryRun: Bool) -> String {
        count == 0 ? "nothing to prune\n" : "\(dryRun ? "would remove" : "removed") \(count) file\(count == 1 ? "" : "s")\n"
    }

    /// `--testing DIR`: the goldens of `assertCardSnapshot` under DIR that no test takes any more.
    private func pruneTesting(_ folder: String, io: CommandIO) throws {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError("--testing \(folder) is not a folder", exitCode: .noInput)
        }
        guard let artifacts = artifactsFolder ?? Self.snapshotsFolder(of: folder) else {
            throw CommandError(
                "no Package.swift holds \(folder), so its tests' artifacts are not known: give --artifacts", exitCode: .usage)
        }
        let findings = TestingGoldenPruner.findings(under: folder, artifacts: artifacts)
        try remove(findings.stale, io: io)
        if !dryRun { TestingGoldenPruner.forgetNotes(artifacts: artifacts) }
        io.writeOutput(Self.total(findings.stale.count, dryRun: dryRun))
        if !findings.keptUnrun.isEmpty {
            io.writeOutput(
                "kept \(findings.keptUnrun.count) golden\(findings.keptUnrun.count == 1 ? "" : "s") of tests that did not run "
                    + "since the last prune (run every test, then prune), e.g. \(findings.keptUnrun[0])\n")
        }
    }

    /// `.build/seemore-snapshots` of the package holding `folder`, where `assertCardSnapshot` writes.
    static func snapshotsFolder(of folder: String) -> String? {
        var current = PathPolicy.standardized(folder)
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: current + "/Package.swift") { return current + "/.build/seemore-snapshots" }
            if current == "/" { return nil }
            current = URL(fileURLWithPath: current).deletingLastPathComponent().path
        }
        return nil
    }
}
