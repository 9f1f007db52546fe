import FoundationEssentials
import SeeMore

/// `seemore approve`: accepts the actual images of the last check as the new goldens
/// (`GoldenApprover`), printing what it wrote.
struct ApproveCommand {
    static var flags: CommandFlags<ApproveCommand> {
        CommandFlags(
            command: "seemore approve",
            summary: "Copies the actual images and layouts of the last check's failing cases over their goldens.",
            flags: [
                .text(
                    "--artifacts", "DIR", \.artifactsFolder,
                    help: "The last check's artifacts (default $SNAPSHOT_ARTIFACTS or .build/seemore-artifacts)."),
                .text(
                    "--suite", "FILE", \.suitePath,
                    help: "The suite to approve into (default: the one the report names, only when it lies inside the "
                        + "current folder)."),
                .templatesFolder(\.templatesFolder, help: "Templates folder for loading the suite (default: the report's)."),
                .filter(\.filter, help: "Approve only the cases whose name matches."),
                CommandFlags.Flag(
                    "--group", value: "ID",
                    help: "Approve only the cases of this change group (the IDs check prints and report.json lists); may "
                        + "be given more than once.", repeatable: true
                ) { command, text, _ in command.groups.append(text) },
                .wait(\.wait, help: "Wait for another run writing goldens instead of failing."),
                .dryRun(\.dryRun, help: "Check everything and list what would be written; write nothing."),
            ],
            positional: "[CASE …]",
            footer: """
                CASE … approves only these cases (by name, as check prints them).

                The report's paths are relative to the folder the check ran in: run approve in the
                repository (any clone of it) with --artifacts naming the downloaded folder.
                It prints every file it writes.

                Exit codes: 0 done, 64 usage, 65 a stale or forged report, 66 no report, 73 cannot write.
                """)
    }
    static var usage: String { flags.usage }

    var artifactsFolder: String
    var suitePath: String? = nil
    var templatesFolder: String? = nil
    var filter: String? = nil
    /// Approve only the cases of these change groups.
    var groups: [String] = []
    /// Approve only these cases (all failing ones when empty).
    var names: [String] = []
    var wait = false
    var dryRun = false

    static func parse(_ arguments: [String], environment: [String: String]) throws -> ApproveCommand {
        var command = ApproveCommand(artifactsFolder: environment["SNAPSHOT_ARTIFACTS"] ?? ".build/seemore-artifacts")
        try ProjectFile.apply(to: &command, flags: flags, skipping: ProjectFile.decidedByEnvironment(environment))
        command.names = try flags.parse(arguments, into: &command)
        return command
    }

    func run(io: CommandIO) throws {
        var approver = GoldenApprover(artifactsFolder: artifactsFolder)
        approver.suitePath = suitePath
        approver.templatesFolder = templatesFolder
        approver.program = io.program
        approver.filter = filter
        approver.groups = groups
        approver.wait = wait
        approver.dryRun = dryRun
        let paths = PortablePaths()
        // What is written, in the current folder's terms: each case's golden and layout, then the
        // environment fingerprint.
        let verb = dryRun ? "would approve" : "approved"
        do {
            let approval = try approver.approve(names) { golden, files in
                io.writeOutput("\(verb) \(golden.name) → \(files.map(paths.shown).joined(separator: ", "))\n")
            }
            if let fingerprint = approval.fingerprint {
                io.writeOutput("\(dryRun ? "would record" : "recorded") the environment → \(paths.shown(fingerprint))\n")
            }
            for group in approval.groups {
                io.writeOutput(
                    "\(verb) group \(group.id) (\(group.approved) case\(group.approved == 1 ? "" : "s")): \(LogText.escaped(group.sentence))\n"
                )
            }
            for name in approval.crashed {
                io.writeError("Note: '\(LogText.escaped(name))' crashed in the last check: no picture to approve\n")
            }
            let count = approval.approved.count
            let files = approval.files.count
            io.writeOutput(
                count == 0
                    ? "nothing to approve\n"
                    : "\(verb) \(count) golden\(count == 1 ? "" : "s")\n"
                        + "\(dryRun ? "would write" : "wrote") \(files) file\(files == 1 ? "" : "s")\(dryRun ? "; nothing written" : "")\n"
            )
        } catch let error as ApprovalError {
            switch error.kind {
            case .notFailing: throw CommandError(error.message, exitCode: .usage, usage: Self.usage)
            case .untrusted: throw CommandError(error.message, exitCode: .dataError)
            case .missing: throw CommandError(error.message, exitCode: .noInput)
            case .unwritable: throw CommandError(error.message, exitCode: .cannotCreate)
            case .locked: throw CommandError(error.message + ", or pass --wait", exitCode: .cannotCreate)
            }
        }
    }
}
