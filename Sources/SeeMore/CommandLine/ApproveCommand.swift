import FoundationEssentials

/// `seemore approve`: accepts the actual images of the last check as the new goldens.
///
/// A report can be stale or forged, so nothing in it is trusted as a path: the suite it names is
/// loaded again (or `--suite`), only that suite's cases are approved, each case's actual image is read
/// from the artifacts folder under its own name, must decode as a PNG of the card's size and match the
/// hash the check recorded, and is written only to that case's golden path, under the suite's lock.
struct ApproveCommand {
    static let usage =
        "Usage: seemore approve [CASE …] [--artifacts DIR] [--suite FILE] [--templates DIR] [--filter GLOB] [--wait]"

    var artifactsFolder: String
    var suitePath: String? = nil
    var templatesFolder: String? = nil
    var filter: String? = nil
    /// Approve only these cases (all failing ones when empty).
    var names: [String] = []
    var wait = false

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
                          --wait            Wait for another run writing goldens instead of failing.

                        Exit codes: 0 done, 64 usage, 65 a stale or forged report, 66 no report, 73 cannot write.
                        """)
            case "--artifacts": command.artifactsFolder = try scanner.value(of: flag)
            case "--suite": command.suitePath = try scanner.value(of: flag)
            case "--templates": command.templatesFolder = try scanner.value(of: flag)
            case "--filter": command.filter = try scanner.value(of: flag)
            case "--wait": try scanner.noValue(flag); command.wait = true
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        command.names = scanner.positional
        return command
    }

    /// A report entry to approve.
    private struct Approval {
        var golden: GoldenCase
        var hash: String
    }

    func run(io: CommandIO) throws {
        let report = try readReport()
        // The suite asked for, or without --suite the report's only when it lies inside the current
        // folder: a report from an artifacts download must not choose where goldens are written.
        let target = suitePath ?? report.suite
        guard PathPolicy.standardized(report.suite) == PathPolicy.standardized(target),
            suitePath != nil || PathPolicy.relativePath(report.suite, root: FileManager.default.currentDirectoryPath) != nil
        else {
            throw CommandError(
                "the report is of the suite \(LogText.escaped(report.suite)), not of \(suitePath ?? "one in this folder"); "
                    + "approve only into the suite asked for (--suite) or one inside the current folder", exitCode: .dataError)
        }
        let suite = try CheckCommand.loadSuite(target, templatesFolder: templatesFolder ?? report.templates)
        guard report.inputs == suite.inputsHash else {
            throw CommandError(
                "the suite or its templates changed since the check that made these images; run seemore check again",
                exitCode: .dataError)
        }
        let cases = Dictionary(suite.cases.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let failing = Set(report.cases.map(\.name))
        let crashed = Set(report.crashed)
        for name in names where crashed.contains(name) {
            throw CommandError(
                "'\(name)' crashed in the last check (its worker died): there is no picture to approve; run seemore check again",
                exitCode: .dataError)
        }
        for name in report.crashed where names.isEmpty && (filter.map({ Glob.matches($0, name) }) ?? true) {
            io.writeError("Note: '\(LogText.escaped(name))' crashed in the last check: no picture to approve\n")
        }
        for name in names where !failing.contains(name) {
            throw CommandError("'\(name)' is not a failing case of the last check", exitCode: .usage, usage: Self.usage)
        }
        var approvals: [Approval] = []
        for entry in report.cases
        where (filter.map({ Glob.matches($0, entry.name) }) ?? true) && (names.isEmpty || names.contains(entry.name)) {
            guard let golden = cases[entry.name] else {
                throw CommandError(
                    "the report names case '\(entry.name)', which \(suite.path) does not have: the report is stale or forged; "
                        + "run seemore check again", exitCode: .dataError)
            }
            guard let hash = entry.actualHash else {
                throw CommandError("the report has no hash for '\(entry.name)'; run seemore check again", exitCode: .dataError)
            }
            approvals.append(Approval(golden: golden, hash: hash))
        }
        let lock: SuiteLock
        do {
            lock = try SuiteLock(folder: suite.folder, wait: wait, purpose: "seemore approve")
        } catch let error as SuiteLock.Busy {
            throw CommandError(error.description, exitCode: .cannotCreate)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        try withExtendedLifetime(lock) {
            for approval in approvals {
                try approve(approval, suite: suite)
                io.writeOutput("approved \(approval.golden.name) → \(suite.folder)/\(approval.golden.pngPath)\n")
            }
            // The goldens now match the machine and fonts the check drew with: record them too.
            if !approvals.isEmpty, let environment = report.environment {
                let path = suite.folder + "/" + EnvironmentFingerprint.fileName
                do {
                    try AtomicFile.write(
                        environment.merged(over: EnvironmentFingerprint.read(path)).json.serialized() + "\n", to: path)
                } catch let error as AtomicFile.WriteError {
                    throw CommandError(error.description, exitCode: .cannotCreate)
                }
            }
        }
        let count = approvals.count
        io.writeOutput(count == 0 ? "nothing to approve\n" : "approved \(count) golden\(count == 1 ? "" : "s")\n")
    }

    /// Copies one case's actual image and layout, checked against the report, over its golden.
    private func approve(_ approval: Approval, suite: GoldenSuite) throws {
        let name = approval.golden.name
        let png = try readArtifact(name + ".actual.png", limit: GoldenCheck.maximumGoldenBytes)
        let layout = try readArtifact(name + ".actual.layout.txt", limit: GoldenCheck.maximumLayoutBytes)
        // Of the size the check drew, within what a card can be, before anything is decoded.
        guard let size = PNGCodec.header(png), GoldenComparison.isCardSized(size) else {
            throw CommandError("the actual image of '\(name)' is not a PNG of a card's size", exitCode: .dataError)
        }
        guard GoldenCheck.actualHash(png: png, layout: layout, width: size.width, height: size.height) == approval.hash else {
            throw CommandError(
                "the actual image of '\(name)' is not the one the check reported (changed since, of another size, or a "
                    + "forged report); run seemore check again", exitCode: .dataError)
        }
        guard (try? PNGCodec.decode(png, maximumPixels: size.width * size.height)) != nil else {
            throw CommandError("the actual image of '\(name)' is not a readable PNG", exitCode: .dataError)
        }
        let pngPath = suite.folder + "/" + approval.golden.pngPath
        let layoutPath = suite.folder + "/" + approval.golden.layoutPath
        do {
            try PathPolicy.checkWritable(pngPath, root: suite.folder)
            try AtomicFile.makeFolder(URL(fileURLWithPath: pngPath).deletingLastPathComponent().path)
            try AtomicFile.write([(png, pngPath), (layout, layoutPath)])
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
    }

    private func readArtifact(_ relative: String, limit: Int) throws -> [UInt8] {
        let path = artifactsFolder + "/" + relative
        switch PathPolicy.read(path, root: artifactsFolder, limit: limit) {
        case .bytes(let bytes): return bytes
        case .missing: throw CommandError("\(path) is missing; run seemore check again", exitCode: .noInput)
        default: throw CommandError("\(path) is not a regular file inside \(artifactsFolder)", exitCode: .dataError)
        }
    }

    /// What approve reads of `report.json`: the suite, and the failing cases with their hashes.
    private struct Report {
        var suite: String
        var templates: String?
        var cases: [(name: String, actualHash: String?)]
        /// Failing cases whose worker died: no picture to approve.
        var crashed: [String] = []
        /// The check's hash of the suite and templates (nil in a report from before it was recorded).
        var inputs: String?
        /// The check's environment fingerprint, merged over the recorded one.
        var environment: EnvironmentFingerprint?
    }

    private func readReport() throws -> Report {
        let path = artifactsFolder + "/" + ArtifactsFolder.reportName
        guard case .bytes(let bytes) = PathPolicy.read(path, root: artifactsFolder, limit: 64 << 20) else {
            throw CommandError("no check report at \(path); run seemore check first", exitCode: .noInput)
        }
        guard let object = JSONNode.read(bytes), let suite = object["suite"]?.string, let entries = object["cases"]?.array
        else {
            throw CommandError("\(path) is not a SeeMore check report", exitCode: .dataError)
        }
        var cases: [(String, String?)] = []
        var crashed: [String] = []
        for entry in entries {
            guard let name = entry["name"]?.string else {
                throw CommandError("\(path) has a case without a name", exitCode: .dataError)
            }
            // Passed cases have nothing to approve (a golden this run wrote is already in place).
            guard entry["status"]?.string != "passed", entry["recorded"]?.isNull ?? true else {
                continue
            }
            if entry["change"]?.string == "crashed" {
                crashed.append(name)
                continue
            }
            cases.append((name, entry["actualHash"]?.string))
        }
        let environment = object["environment"].flatMap(EnvironmentFingerprint.init)
        return Report(
            suite: suite, templates: object["templates"]?.string, cases: cases, crashed: crashed, inputs: object["inputs"]?.string,
            environment: environment)
    }
}
