import FoundationEssentials
import SeeMore

/// `seemore approve`: accepts the actual images of the last check as the new goldens
/// (`GoldenApprover`), printing what it wrote.
struct ApproveCommand {
    static let usage =
        "Usage: seemore approve [CASE …] [--artifacts DIR] [--suite FILE] [--templates DIR] [--filter GLOB] [--group ID]… [--wait] [--dry-run]"

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
        var scanner = ArgumentScanner(arguments, usage: usage)
        scanner.acceptsPositional = true
        var command = ApproveCommand(artifactsFolder: environment["SNAPSHOT_ARTIFACTS"] ?? ".build/seemore-artifacts")
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h":
                throw HelpRequested(
                    text: """
                        Copies the actual images and layouts of the last check's failing cases over their goldens.

                        \(usage)

                          --artifacts DIR   The last check's artifacts (default $SNAPSHOT_ARTIFACTS or .build/seemore-artifacts).
                          --suite FILE      The suite to approve into (default: the one the report names,
                                            only when it lies inside the current folder).
                          --templates DIR   Templates folder for loading the suite (default: the report's).
                          CASE …            Approve only these cases (by name, as check prints them).
                          --filter GLOB     Approve only the cases whose name matches.
                          --group ID        Approve only the cases of this change group (the IDs check prints
                                            and report.json lists); may be given more than once.
                          --wait            Wait for another run writing goldens instead of failing.
                          --dry-run         Check everything and list what would be written; write nothing.

                        The report's paths are relative to the folder the check ran in: run approve in the
                        repository (any clone of it) with --artifacts naming the downloaded folder.
                        It prints every file it writes.

                        Exit codes: 0 done, 64 usage, 65 a stale or forged report, 66 no report, 73 cannot write.
                        """)
            case "--artifacts": command.artifactsFolder = try scanner.value(of: flag)
            case "--suite": command.suitePath = try scanner.value(of: flag)
            case "--templates": command.templatesFolder = try scanner.value(of: flag)
            case "--filter": command.filter = try scanner.value(of: flag)
            case "--group": command.groups.append(try scanner.value(of: flag))
            case "--wait": try scanner.noValue(flag); command.wait = true
            case "--dry-run": try scanner.noValue(flag); command.dryRun = true
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        command.names = scanner.positional
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
            case .badData: throw CommandError(error.message, exitCode: .dataError)
            case .noInput: throw CommandError(error.message, exitCode: .noInput)
            case .cannotWrite: throw CommandError(error.message, exitCode: .cannotCreate)
            case .locked: throw CommandError(error.message + ", or pass --wait", exitCode: .cannotCreate)
            }
        }
    }
}
