import FoundationEssentials
import Glibc
import SeeMore

/// `seemore check`: renders a suite's cases, compares them with their goldens, reports what changed.
struct CheckCommand {
    /// Made on each use: a declaration holds closures and key paths, which are not Sendable.
    static var flags: CommandFlags<CheckCommand> {
        CommandFlags<CheckCommand>(
            command: "seemore check",
            summary: "Renders every case of a golden-image suite and compares it with its committed golden.",
            flags: flagList,
            footer: """
                Exit codes: 0 all passed, 1 a case failed (or its golden was written), 64 usage,
                65 a broken suite, an unreadable or unsafe golden, or no case selected, 66 no suite file,
                73 a golden, artifact or report that cannot be written (a full disk, a read-only folder),
                130/143 stopped by SIGINT (Ctrl-C)/SIGTERM: the cases begun finish, their goldens are written
                whole, and the report shows the cases checked (a second Ctrl-C stops at once).
                """,
            also: [CheckMergeCommand.flags.synopsis(indent: "       ")])
    }
    static var usage: String { flags.usage }

    /// The flags, declared apart so `seemore check merge` takes some of them.
    static var flagList: [CommandFlags<CheckCommand>.Flag] {
        [
            .text(
                "--suite", "PATH", synopsis: defaultSuite, \.suitePath,
                help: "The suite file (default \(defaultSuite)); goldens live next to it."),
            CommandFlags.Flag(
                "--record", value: "MODE", synopsis: RecordMode.allCases.map(\.rawValue).joined(separator: "|"),
                help: "never: only compare; missing: write absent goldens; failed: also replace failing ones; all: rewrite "
                    + "every golden that would change. A written golden still fails the run. Default: $SEEMORE_RECORD when "
                    + "set, else missing, or never when $CI is set."
            ) { command, text, scanner in command.options.record = try scanner.choice(text, flag: "--record") },
            CommandFlags.Flag(
                "--threshold", value: "T", synopsis: "0.1",
                help: "Per-pixel color distance in YIQ space, 0–1 (default 0.1)."
            ) { command, text, scanner in
                command.options.tolerance.threshold = try scanner.fraction(text, flag: "--threshold")
            },
            CommandFlags.Flag("--max-diff-pixels", value: "N", help: "Differing pixels allowed per case (default 0).") {
                command, text, scanner in
                command.options.tolerance.maxDiffPixels = try scanner.integer(text, flag: "--max-diff-pixels", minimum: 0)
            },
            CommandFlags.Flag(
                "--max-diff-ratio", value: "R",
                help: "Differing pixels allowed as a share, 0–1 (default 0); the larger limit wins."
            ) { command, text, scanner in
                command.options.tolerance.maxDiffRatio = try scanner.fraction(text, flag: "--max-diff-ratio")
            },
            .text(
                "--artifacts", "DIR", \.options.artifactsFolder,
                help: "Actual and diff images, report.json and index.html (default $SNAPSHOT_ARTIFACTS or "
                    + ".build/seemore-artifacts)."),
            .jobs(
                \.options.jobs,
                help: "Check in N worker processes (default: the number of cores); output is the same for any N."),
            .timeBudget(
                \.caseBudget,
                help: "Seconds a worker may spend on one case (default 60): past it the worker is ended and the case "
                    + "fails as not drawn; the run goes on."),
            .text(
                "--skip-cache", "DIR", \.skipCache,
                help: "Where the skip ledgers are (default $XDG_CACHE_HOME/seemore/skip, else ~/.cache/seemore/skip): a "
                    + "case whose inputs, font files and golden are exactly as when it last passed is not drawn again. "
                    + "Restore it in CI only from runs of your own."),
            .toggle("--no-skip", \.noSkip, help: "Draw every case, as when nothing was checked before (--record all does too)."),
            .shard(\.options.shard, help: "Run only shard I of N, a stable share of the cases."),
            .filter(\.options.filter, help: "Run only cases whose name matches, e.g. 'inline-more/*' ('*' crosses '/')."),
            .toggle(
                "--allow-empty", \.allowEmpty,
                help: "Pass when --filter or --shard selects no case (by default that is exit 65)."),
            .wait(
                \.options.waitForLock,
                help:
                    "When recording, wait for another run writing goldens into the suite instead of failing at once (exit 73)."
            ),
            .templatesFolder(
                \.templatesFolder,
                help: "Look for templates here first (default: the suite's \"templates\"), then in ./Templates, then the "
                    + "built-in ones."),
            .text(
                "--junit", "FILE", \.junitPath, help: "Also write the results as JUnit XML (one test case per golden case)."),
            .text(
                "--summary", "FILE", \.summaryPath,
                help: "Also write a Markdown summary (counts, failing cases, diff paths); it is appended to "
                    + "$GITHUB_STEP_SUMMARY too when that is set."),
            .text(
                "--pr-comment", "FILE", \.pullRequestCommentPath,
                help: "Also write Markdown for a pull-request comment: the counts, one row per change group with the "
                    + "command that approves it, links to the run ($GITHUB_SERVER_URL, $GITHUB_REPOSITORY, $GITHUB_RUN_ID) "
                    + "and to the report ($SEEMORE_REPORT_URL), how to download the artifacts ($SEEMORE_ARTIFACT_NAME); "
                    + "always under GitHub's 65 536 characters."),
            .toggle(
                "--exit-zero-on-changes", \.exitZeroOnChanges,
                help: "Exit 0 when the only failures are changed or new pictures (report-only, for teams that gate on "
                    + "review); a crashed case, an unreadable golden or a write error still fails."),
            .choice(
                "--color", "WHEN", \.color,
                help: "Color the status words: auto (on a terminal, unless NO_COLOR is set), always or never (default auto)."),
            .json(\.json, help: "Print the report as JSON."),
        ]
    }

    /// The suite a check uses when --suite is not given.
    static let defaultSuite = "golden-images/suite.json"
    var suitePath = CheckCommand.defaultSuite
    /// How long a worker may spend on one case (`--time-budget`).
    var caseBudget = CheckWorkers.defaultCaseBudget
    var options: CheckOptions
    var templatesFolder: String? = nil
    var json = false
    /// A selection of no case passes instead of failing.
    var allowEmpty = false
    var junitPath: String? = nil
    var summaryPath: String? = nil
    var pullRequestCommentPath: String? = nil
    /// The environment the links of a pull-request comment come from.
    var environment: [String: String] = [:]
    /// `$GITHUB_STEP_SUMMARY`: a file the Markdown summary is appended to.
    var stepSummaryPath: String? = nil
    var color = ColorChoice.auto
    /// `--exit-zero-on-changes`: changed and new pictures do not fail the run.
    var exitZeroOnChanges = false
    /// `--skip-cache`: the folder of skip ledgers; nil when neither it nor a home folder is known.
    var skipCache: String? = nil
    /// `--no-skip`: every case is drawn.
    var noSkip = false
    /// `GITHUB_ACTIONS=true`: failing cases are also printed as annotations.
    var annotates = false
    /// `NO_COLOR` is set: `auto` never colors.
    var noColorRequested = false

    /// When to color the output.
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> CheckCommand {
        let record: RecordMode
        do {
            record = try RecordMode.fromEnvironment(environment)
        } catch let error as RecordModeError {
            throw CommandError(error.description, exitCode: .usage, usage: usage)
        }
        var options = CheckOptions(
            record: record,
            artifactsFolder: environment["SNAPSHOT_ARTIFACTS"] ?? ".build/seemore-artifacts")
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        var command = CheckCommand(options: options)
        command.environment = environment
        command.skipCache = Self.defaultSkipCache(environment)
        command.stepSummaryPath = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        command.annotates = environment["GITHUB_ACTIONS"] == "true"
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { command.noColorRequested = true }
        try ProjectFile.apply(to: &command, flags: flags, skipping: ProjectFile.decidedByEnvironment(environment))
        try flags.parse(arguments, into: &command)
        return command
    }

    /// `$XDG_CACHE_HOME/seemore/skip`, else `$HOME/.cache/seemore/skip`; nil without either.
    static func defaultSkipCache(_ environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/seemore/skip" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/seemore/skip" }
        return nil
    }

    /// - Returns: the exit code: 0 passed, 1 failed, 65 an unreadable golden.
    func run(io: CommandIO) throws -> ExitCode {
        // SIGINT and SIGTERM stop the run in order: no case is begun, those begun finish, the report shows what ran.
        let signals = io.ownsSignals ? SignalStop(command: "seemore check", again: true, io: io) : nil
        defer { signals?.cancel() }
        let suite = try Self.loadSuite(suitePath, templatesFolder: templatesFolder, program: io.program)
        for note in suite.templateNotes { io.writeError("Note: \(LogText.escaped(note))\n") }
        var options = self.options
        options.stop = signals?.request
        options.skipCache = noSkip ? nil : skipCache
        // Cases are checked in worker processes, one of them with --jobs 1, so each has a time and memory budget.
        if let executable = io.program {
            options.workers = CheckWorkers(
                executable: executable, job: CheckJob(suitePath: suitePath, templatesFolder: templatesFolder, options: options),
                count: options.jobs, budget: caseBudget)
        }
        if GoldenRunner.selection(suite, options: options).isEmpty && !allowEmpty {
            var what = [options.filter.map { "--filter '\($0)'" }, options.shard.map { "--shard \($0.index)/\($0.count)" }]
                .compactMap { $0 }.joined(separator: " and ")
            if what.isEmpty { what = "the suite" }
            throw CommandError(
                "no case matches \(what) (of \(suite.cases.count) in \(suitePath)); a check of nothing would pass, so it fails "
                    + "(--allow-empty to allow it)", exitCode: .dataError)
        }
        if isatty(2) == 1 && !json {
            options.progress = { done, total in
                let width = 30
                let filled = total == 0 ? width : done * width / total
                let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
                Descriptor.writeAll(Array("\r\(bar) \(done)/\(total)\(done == total ? "\n" : "")".utf8), to: STDERR_FILENO)
            }
        }
        let summary: CheckSummary
        do {
            summary = try GoldenRunner.run(suite, options: options)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        } catch let error as ArtifactsFolder.UnsafeFolder {
            throw CommandError(error.description, exitCode: .cannotCreate)
        } catch let error as SuiteLock.Busy {
            throw CommandError(error.description + ", or pass --wait", exitCode: .cannotCreate)
        }
        return try report(summary, suite: suite, options: options, io: io, stopped: signals?.exitCode)
    }

    /// The run's outputs besides its artifacts — the CI files asked for, annotations, the text or
    /// JSON report — and its exit code: a check's, and a merge of a check's shards.
    func report(_ summary: CheckSummary, suite: GoldenSuite, options: CheckOptions, io: CommandIO, stopped: ExitCode?) throws
        -> ExitCode
    {
        try writeCIOutputs(summary, suite: suite)
        // Annotations on standard output, where the runner reads workflow commands (standard error
        // when it carries the JSON report).
        if annotates {
            let lines = GitHubAnnotations(summary: summary).lines
            if json { io.writeError(lines) } else { io.writeOutput(lines) }
        }
        if json {
            // A piece at a time, as report.json: the cases are never held whole.
            try GoldenReport(summary: summary, suite: suite, options: options).writeJSON { io.writeOutputBytes($0) }
            io.writeOutput("\n")
        } else {
            let colored = color == .always || (color == .auto && !noColorRequested && isatty(1) == 1)
            io.writeOutput(Self.text(summary, options: options, color: colored))
        }
        if let stopped { return stopped }
        if summary.hasWriteError { return .cannotCreate }
        if summary.hasUnreadableGolden { return .dataError }
        if summary.failures.isEmpty { return .success }
        return exitZeroOnChanges && summary.results.count(matching: { $0.failed && !$0.isChange }) == 0 ? .success : .failure
    }

    /// JUnit XML and the Markdown summary, where asked for.
    /// - Throws: `CommandError` with exit 73 naming a file that cannot be written.
    private func writeCIOutputs(_ summary: CheckSummary, suite: GoldenSuite) throws {
        do {
            if let junitPath {
                try AtomicFile.write(to: junitPath) { write in
                    try JUnitReport(
                        summary: summary, suite: suite, artifactsFolder: PortablePaths().shown(options.artifactsFolder)
                    ).write { try write(Array($0.utf8)) }
                }
            }
            let markdown = MarkdownSummary(summary: summary, artifactsFolder: options.artifactsFolder).markdown
            if let summaryPath { try AtomicFile.write(markdown, to: summaryPath) }
            if let pullRequestCommentPath {
                let comment = PullRequestComment(
                    summary: summary, artifactsFolder: PortablePaths().shown(options.artifactsFolder), environment: environment)
                try AtomicFile.write(comment.markdown, to: pullRequestCommentPath)
            }
            if let stepSummaryPath {
                // Appended, as GitHub Actions collects every step's summary in that file.
                let descriptor = open(stepSummaryPath, O_WRONLY | O_APPEND | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw AtomicFile.WriteError(path: stepSummaryPath, reason: "it cannot be opened")
                }
                defer { close(descriptor) }
                guard Descriptor.writeAll(Array((markdown + "\n").utf8), to: descriptor) else {
                    throw AtomicFile.WriteError(path: stepSummaryPath, reason: String(cString: strerror(errno)))
                }
            }
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        } catch {
            throw CommandError("cannot write the step summary: \(error)", exitCode: .cannotCreate)
        }
    }

    static func text(_ summary: CheckSummary, options: CheckOptions, color: Bool = false) -> String {
        func paint(_ word: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(word)\u{1B}[0m" : word }
        var text = ""
        if summary.fingerprintIsNew {
            text +=
                summary.fingerprintWritten
                ? "Environment: recorded for the first time in \(LogText.escaped(summary.fingerprintPath)) (the fonts and libraries these goldens are drawn with)\n"
                : "Environment: \(LogText.escaped(summary.fingerprintPath)) not recorded yet (a run that records goldens writes it)\n"
        } else if summary.environmentChanges.isEmpty {
            text += "Environment: unchanged since \(LogText.escaped(summary.fingerprintPath))\n"
        } else {
            text += "Environment changed (the machine, not the design) since \(LogText.escaped(summary.fingerprintPath)):\n"
            text += summary.environmentChanges.map { "  \(LogText.escaped($0))\n" }.joined()
            if summary.fingerprintWritten { text += "  (recorded the new fingerprint)\n" }
        }
        if !summary.designChanges.isEmpty {
            text += "The design's fonts changed (not recorded in \(summary.fingerprintPath) yet):\n"
            text += summary.designChanges.map { "  \(LogText.escaped($0))\n" }.joined()
        }
        for result in summary.failures {
            let status = result.facts.status
            let label = paint(status.uppercased(), status == "new" ? "33" : "31")
            text += "\(label) \(LogText.escaped(result.name)): \(LogText.escaped(result.message))"
            if let recorded = result.recordedPath { text += "; recorded \(LogText.escaped(recorded))" }
            text += "\n"
        }
        for path in summary.orphanedGoldens {
            text += "\(paint("MISSING", "2")) \(LogText.escaped(path)): no case produces this golden (seemore prune removes it)\n"
        }
        let results = summary.results
        let recorded = results.count(matching: \.recorded)
        let passed = results.count - summary.failures.count
        if let reason = summary.stoppedBy {
            text +=
                "\(paint("STOPPED", "31")) by \(LogText.escaped(reason)) after \(results.count) of \(Plural.count(summary.selectedCount, "case")): "
            text += "the others were not checked\n"
        }
        text += "\(Plural.count(results.count, "case")): \(paint("\(passed) passed", "32")), "
        text += summary.failures.isEmpty ? "0 failed" : paint("\(summary.failures.count) failed", "31")
        if recorded > 0 {
            text +=
                " (\(Plural.count(recorded, "golden")) written: look at \(recorded == 1 ? "it and commit it" : "them and commit them"); the next check compares with \(recorded == 1 ? "it" : "them"))"
        }
        text += "\n"
        if let skip = summary.skip {
            text += "Skipped: \(LogText.escaped(skip.line))\n"
            if let error = skip.writeError {
                text += "Skip ledger not written (the next run skips less): \(LogText.escaped(error))\n"
            }
        }
        // A golden this run wrote is already in place: approve has nothing to do for its group.
        let approvable = summary.changeGroups.groups.contains { group in
            group.members.contains { !summary.results.facts($0).recorded }
        }
        text += groupsText(summary.changeGroups, approvable: approvable)
        if let report = summary.reportPath { text += "Report: \(report)\n" }
        return text
    }

    /// The failing cases' change groups, largest first, each with its ID, count and sentence, and how
    /// to approve one; at most `shownGroups` of them.
    static func groupsText(_ groups: ChangeGroups, approvable: Bool = true) -> String {
        guard !groups.groups.isEmpty else { return "" }
        let count = groups.groups.count
        var text = "\(Plural.count(count, "change group")):\n"
        for group in groups.groups.prefix(shownGroups) {
            text += "  \(group.id)  \(Plural.count(group.members.count, "case"))  \(LogText.escaped(group.sentence))\n"
        }
        if count > shownGroups { text += "  … and \(count - shownGroups) more in the report\n" }
        text +=
            approvable
            ? "Approve one group: seemore approve --group ID\n"
            : "Every golden of these groups was written by this run: nothing to approve\n"
        return text
    }

    /// How many change groups the console lists.
    static let shownGroups = 20

    /// Loads a suite: 66 when the file is missing, 65 when it is broken.
    static func loadSuite(_ path: String, templatesFolder: String?, program: String?) throws -> GoldenSuite {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CommandError("cannot read suite file \(path)", exitCode: .noInput)
        }
        do {
            return try GoldenSuite.load(path: path, templatesFolder: templatesFolder, program: program)
        } catch let error as SuiteError {
            throw CommandError(error.description, exitCode: .dataError)
        }
    }
}
