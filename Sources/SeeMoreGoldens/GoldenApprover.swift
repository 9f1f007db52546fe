import FoundationEssentials
import SeeMoreImage
import SeeMoreSupport

/// Accepts the actual images of a check (its artifacts folder) as the new goldens: what
/// `seemore approve` and the review's Approve buttons do.
///
/// A report can be stale or forged, so nothing in it is trusted as a path: the suite it names is
/// loaded again (or `suitePath`), only that suite's cases are approved, each case's actual image is
/// read from the artifacts folder under its own name, must decode as a PNG of the card's size and match
/// the hash the check recorded, and is written only to that case's golden path, under the suite's lock.
public struct GoldenApprover: Sendable {
    public var artifactsFolder: String
    /// The suite to approve into; nil: the one the report names, only when it lies inside `currentFolder`.
    public var suitePath: String? = nil
    /// Templates folder for loading the suite; nil: the report's.
    public var templatesFolder: String? = nil
    /// The running program's path, for its built-in templates (`TemplateLoader.standard`).
    package var program: String? = nil
    /// With no names given, approve only the cases whose name matches.
    public var filter: String? = nil
    /// Approve only the cases of these change groups (`ChangeGroups`, by the IDs report.json gives).
    public var groups: [String] = []
    /// Wait for another run writing goldens instead of failing.
    public var wait = false
    /// Check everything and say what would be written, writing nothing.
    public var dryRun = false
    package var currentFolder = FileManager.default.currentDirectoryPath

    public init(artifactsFolder: String) {
        self.artifactsFolder = artifactsFolder
    }

    /// What an approval wrote (with `dryRun`, would write).
    public struct Approval: Sendable {
        /// Each case approved and the golden written for it, in report order.
        public var approved: [(name: String, golden: String)]
        /// Failing cases left alone because their worker died (no picture to approve).
        public var crashed: [String]
        /// Every file written, in order: each case's golden and layout snapshot, then the
        /// environment fingerprint.
        public var files: [String] = []
        /// The environment fingerprint written with the goldens, when one was.
        public var fingerprint: String? = nil
        /// The change groups asked for, each with its sentence and how many of its cases were approved.
        public var groups: [(id: String, sentence: String, approved: Int)] = []
    }

    /// A report entry to approve.
    private struct Candidate {
        var golden: GoldenCase
        var hash: String
    }

    /// Approves `names` (every failing case of the report when empty, those `filter` matches),
    /// calling `approved` with the files written after each case's are (with `dryRun`, checked);
    /// returns what it wrote.
    /// - Throws: `ApprovalError` naming the problem and its kind.
    @discardableResult
    public func approve(
        _ names: [String] = [], approved: (GoldenCase, [String]) -> Void = { _, _ in }
    ) throws -> Approval {
        let report = try readReport()
        let suite = try reportedSuite(report)
        try checkAsked(names, in: report)
        let approvals = try candidates(names, in: report, suite: suite)
        // A dry run writes nothing: it needs no lock.
        let lock = dryRun ? nil : try lockSuite(suite)
        var written = Approval(
            approved: [],
            crashed: report.crashed.filter { name in
                names.isEmpty && groups.isEmpty && (filter.map { Glob.matches($0, name) } ?? true)
            })
        let approvedNames = Set(approvals.map(\.golden.name))
        written.groups = groups.compactMap { id in
            report.groups.first { $0.id == id }.map { group in
                (id, group.sentence, report.members(of: id).filter(approvedNames.contains).count)
            }
        }
        try withExtendedLifetime(lock) {
            for approval in approvals {
                let files = try write(approval, suite: suite)
                written.approved.append((approval.golden.name, files[0]))
                written.files += files
                approved(approval.golden, files)
            }
            // The goldens now match the machine and fonts the check drew with: record them too.
            if !approvals.isEmpty, let environment = report.environment {
                written.fingerprint = try recordEnvironment(environment, suite: suite)
                written.files += written.fingerprint.map { [$0] } ?? []
            }
        }
        return written
    }

    /// The suite the report is of, loaded, when it is the one asked for (or, without `suitePath`,
    /// one inside the current folder) and has not changed since the check.
    private func reportedSuite(_ report: Report) throws -> GoldenSuite {
        // The report's paths are relative to the folder its check ran in (a checkout): here they are
        // read against the current folder, wherever the repository and the artifacts now are.
        let reportSuite = PortablePaths.resolved(report.suite, in: currentFolder)
        // The suite asked for, or without --suite the report's only when it lies inside the current
        // folder: a report from an artifacts download must not choose where goldens are written.
        let target = suitePath ?? reportSuite
        guard PathPolicy.standardized(reportSuite) == PathPolicy.standardized(target),
            suitePath != nil || PathPolicy.relativePath(reportSuite, root: currentFolder) != nil
        else {
            throw ApprovalError(
                "the report is of the suite \(LogText.escaped(report.suite)), not of \(suitePath ?? "one in this folder"); "
                    + "approve only into the suite asked for (--suite) or one inside the current folder", kind: .untrusted)
        }
        guard FileManager.default.isReadableFile(atPath: target) else {
            throw ApprovalError("cannot read suite file \(target)", kind: .missing)
        }
        let suite: GoldenSuite
        do {
            suite = try GoldenSuite.load(
                path: target,
                templatesFolder: templatesFolder ?? report.templates.map { PortablePaths.resolved($0, in: currentFolder) },
                program: program)
        } catch let error as SuiteError {
            throw ApprovalError(error.description, kind: .untrusted)
        }
        guard report.inputs == suite.inputsHash else {
            throw ApprovalError(
                "the suite or its templates changed since the check that made these images; run seemore check again",
                kind: .untrusted)
        }
        return suite
    }

    /// Every name asked for is a failing case of the report (not a crashed one), every group one of its groups.
    private func checkAsked(_ names: [String], in report: Report) throws {
        let failing = Set(report.cases.map(\.name))
        let crashed = Set(report.crashed)
        for name in names where crashed.contains(name) {
            throw ApprovalError(
                "'\(name)' crashed in the last check (its worker died): there is no picture to approve; run seemore check again",
                kind: .untrusted)
        }
        for name in names where !failing.contains(name) {
            throw ApprovalError("'\(name)' is not a failing case of the last check", kind: .notFailing)
        }
        let known = Set(report.groups.map(\.id))
        for id in groups where !known.contains(id) {
            let some = report.groups.prefix(5).map(\.id).joined(separator: ", ")
            throw ApprovalError(
                "'\(LogText.escaped(id))' is not a change group of the last check"
                    + (report.groups.isEmpty
                        ? " (it has none)" : " (its groups: \(some)\(report.groups.count > 5 ? ", …" : ""))"),
                kind: .notFailing)
        }
    }

    /// The report's cases that `filter`, `names` and `groups` choose, each a case of the suite with the
    /// hash of the picture the check drew.
    private func candidates(_ names: [String], in report: Report, suite: GoldenSuite) throws -> [Candidate] {
        let cases = Dictionary(suite.cases.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let inGroups = Set(groups.flatMap { report.members(of: $0) })
        var approvals: [Candidate] = []
        for entry in report.cases
        where (filter.map({ Glob.matches($0, entry.name) }) ?? true) && (names.isEmpty || names.contains(entry.name))
            && (groups.isEmpty || inGroups.contains(entry.name))
        {
            guard let golden = cases[entry.name] else {
                throw ApprovalError(
                    "the report names case '\(entry.name)', which \(suite.path) does not have: the report is stale or forged; "
                        + "run seemore check again", kind: .untrusted)
            }
            guard let hash = entry.actualHash else {
                throw ApprovalError("the report has no hash for '\(entry.name)'; run seemore check again", kind: .untrusted)
            }
            approvals.append(Candidate(golden: golden, hash: hash))
        }
        return approvals
    }

    private func lockSuite(_ suite: GoldenSuite) throws -> SuiteLock {
        do {
            return try SuiteLock(folder: suite.folder, wait: wait, purpose: "seemore approve")
        } catch let error as SuiteLock.Busy {
            throw ApprovalError(error.description, kind: .locked)
        } catch let error as AtomicFile.WriteError {
            throw ApprovalError(error.description, kind: .unwritable)
        }
    }

    /// Writes the check's environment over the suite's ENVIRONMENT.json (with `dryRun`, nothing); its path.
    private func recordEnvironment(_ environment: EnvironmentFingerprint, suite: GoldenSuite) throws -> String {
        let path = suite.folder + "/" + EnvironmentFingerprint.fileName
        do {
            if !dryRun {
                try AtomicFile.write(
                    environment.merged(over: EnvironmentFingerprint.read(path)).json.serialized() + "\n", to: path)
            }
            return path
        } catch let error as AtomicFile.WriteError {
            throw ApprovalError(error.description, kind: .unwritable)
        }
    }

    /// Copies one case's actual image and layout, checked against the report, over its golden
    /// (with `dryRun`, only checks them); the golden's and the layout's paths.
    private func write(_ approval: Candidate, suite: GoldenSuite) throws -> [String] {
        let name = approval.golden.name
        let png = try readArtifact(name + ".actual.png", limit: GoldenCheck.maximumGoldenBytes)
        let layout = try readArtifact(name + ".actual.layout.txt", limit: GoldenCheck.maximumLayoutBytes)
        // Of the size the check drew, within what a card can be, before anything is decoded.
        guard let size = PNGCodec.header(png), GoldenComparison.isCardSized(size) else {
            throw ApprovalError("the actual image of '\(name)' is not a PNG of a card's size", kind: .untrusted)
        }
        guard GoldenCheck.actualHash(png: png, layout: layout, width: size.width, height: size.height) == approval.hash else {
            throw ApprovalError(
                "the actual image of '\(name)' is not the one the check reported (changed since, of another size, or a "
                    + "forged report); run seemore check again", kind: .untrusted)
        }
        guard (try? PNGCodec.decode(png, maximumPixels: size.width * size.height)) != nil else {
            throw ApprovalError("the actual image of '\(name)' is not a readable PNG", kind: .untrusted)
        }
        let pngPath = suite.folder + "/" + approval.golden.pngPath
        let layoutPath = suite.folder + "/" + approval.golden.layoutPath
        do {
            try PathPolicy.checkWritable(pngPath, root: suite.folder)
            if !dryRun {
                try AtomicFile.makeFolder(URL(fileURLWithPath: pngPath).deletingLastPathComponent().path)
                try AtomicFile.write([(png, pngPath), (layout, layoutPath)])
            }
        } catch let error as AtomicFile.WriteError {
            throw ApprovalError(error.description, kind: .unwritable)
        }
        return [pngPath, layoutPath]
    }

    private func readArtifact(_ relative: String, limit: Int) throws -> [UInt8] {
        let path = artifactsFolder + "/" + relative
        switch PathPolicy.read(path, root: artifactsFolder, limit: limit) {
        case .bytes(let bytes): return bytes
        case .missing: throw ApprovalError("\(path) is missing; run seemore check again", kind: .missing)
        default: throw ApprovalError("\(path) is not a regular file inside \(artifactsFolder)", kind: .untrusted)
        }
    }

    /// What approve reads of `report.json`: the suite, and the failing cases with their hashes.
    private struct Report {
        /// The names of the cases in change group `id`.
        func members(of id: String) -> [String] { cases.compactMap { $0.group == id ? $0.name : nil } }

        var suite: String
        var templates: String?
        var cases: [(name: String, actualHash: String?, group: String?)]
        /// The change groups, by ID, with their sentences.
        var groups: [(id: String, sentence: String)] = []
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
            throw ApprovalError("no check report at \(path); run seemore check first", kind: .missing)
        }
        guard let object = JSONNode.read(bytes), let suite = object["suite"]?.string, let entries = object["cases"]?.array
        else {
            throw ApprovalError("\(path) is not a SeeMore check report", kind: .untrusted)
        }
        var cases: [(String, String?, String?)] = []
        var crashed: [String] = []
        for entry in entries {
            guard let name = entry["name"]?.string else {
                throw ApprovalError("\(path) has a case without a name", kind: .untrusted)
            }
            // Passed cases have nothing to approve (a golden this run wrote is already in place).
            guard entry["status"]?.string != "passed", entry["recorded"]?.isNull ?? true else {
                continue
            }
            if entry["change"]?.string == "crashed" {
                crashed.append(name)
                continue
            }
            cases.append((name, entry["actualHash"]?.string, entry["changeGroup"]?.string))
        }
        var groups: [(String, String)] = []
        for group in object["groups"]?.array ?? [] {
            guard let id = group["id"]?.string else {
                throw ApprovalError("\(path) has a change group without an ID", kind: .untrusted)
            }
            groups.append((id, group["sentence"]?.string ?? ""))
        }
        let environment = object["environment"].flatMap(EnvironmentFingerprint.init)
        return Report(
            suite: suite, templates: object["templates"]?.string, cases: cases, groups: groups, crashed: crashed,
            inputs: object["inputs"]?.string, environment: environment)
    }
}

/// Why nothing was approved.
public struct ApprovalError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in the approval's terms (the command line and the server each word it: an
    /// exit code, an HTTP status).
    public enum Kind: Sendable, Equatable {
        /// A case named that the last check did not find failing.
        case notFailing
        /// A stale or forged report, a changed suite, an artifact that is not what the check wrote.
        case untrusted
        /// No report, no suite file, or an artifact gone.
        case missing
        /// A golden or the fingerprint that cannot be written.
        case unwritable
        /// The suite is locked by another run writing goldens.
        case locked
    }

    public var message: String
    public var kind: Kind
    public var description: String { message }

    init(_ message: String, kind: Kind) {
        self.message = message
        self.kind = kind
    }
}
