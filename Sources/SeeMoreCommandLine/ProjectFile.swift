import FoundationEssentials
import Glibc
import SeeMoreGoldens
import SeeMoreSupport

/// `seemore.json`, a repository's defaults for `check`, `approve` and `prune`, so `seemore check`
/// alone works in a team's repository: found in the working folder or above it, up to the
/// repository's root (the folder holding `.git`), as git finds `.git`.
///
/// Each field stands for the flag of the same meaning and is checked as that flag is; paths are
/// relative to the file's folder. Flags override it, and so do `SNAPSHOT_ARTIFACTS` and
/// `SEEMORE_RECORD`; with `CI` set its `record` is not used (CI never records unless told).
/// An error names the file, line, column and field (exit 65).
struct ProjectFile: Decodable {
    static let fileName = "seemore.json"

    var suite: String?
    var templates: String?
    var artifacts: String?
    var record: String?
    var threshold: Double?
    var maxDiffPixels: Int?
    var maxDiffRatio: Double?
    var jobs: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case suite, templates, artifacts, record, threshold, maxDiffPixels, maxDiffRatio, jobs
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        suite = try container.decodeIfPresent(String.self, forKey: .suite)
        templates = try container.decodeIfPresent(String.self, forKey: .templates)
        artifacts = try container.decodeIfPresent(String.self, forKey: .artifacts)
        record = try container.decodeIfPresent(String.self, forKey: .record)
        threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
        maxDiffPixels = try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels)
        maxDiffRatio = try container.decodeIfPresent(Double.self, forKey: .maxDiffRatio)
        jobs = try container.decodeIfPresent(Int.self, forKey: .jobs)
    }

    /// The fields the environment decides instead: `artifacts` when `SNAPSHOT_ARTIFACTS` is set,
    /// `record` when `SEEMORE_RECORD` or `CI` is.
    static func decidedByEnvironment(_ environment: [String: String]) -> Set<String> {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        var decided = Set<String>()
        if isSet("SNAPSHOT_ARTIFACTS") { decided.insert("artifacts") }
        if isSet("SEEMORE_RECORD") || isSet("CI") { decided.insert("record") }
        return decided
    }

    /// The flag each field stands for, and whether its value is a path.
    static let flags: [(field: CodingKeys, flag: String, isPath: Bool)] = [
        (.suite, "--suite", true), (.templates, "--templates", true), (.artifacts, "--artifacts", true),
        (.record, "--record", false), (.threshold, "--threshold", false), (.maxDiffPixels, "--max-diff-pixels", false),
        (.maxDiffRatio, "--max-diff-ratio", false), (.jobs, "--jobs", false),
    ]

    /// The nearest `seemore.json` from `folder` up to the repository's root; nil when there is none.
    static func find(from folder: String) -> String? {
        var current = PathPolicy.standardized(folder)
        for _ in 0..<64 {
            let candidate = current + (current == "/" ? "" : "/") + fileName
            var info = stat()
            if lstat(candidate, &info) == 0 { return candidate }
            if lstat(current + "/.git", &info) == 0 || current == "/" { return nil }
            current = URL(fileURLWithPath: current).deletingLastPathComponent().path
        }
        return nil
    }

    /// Parses the project file found from the working folder (if any) into `command` with the
    /// command's own flags, skipping the fields the command does not take and those `skipped` names
    /// (an environment variable or CI decided them). Flags given after it override it.
    /// - Throws: `CommandError` (exit 65) naming the file, line, column and field.
    static func apply<Command>(
        to command: inout Command, flags: CommandFlags<Command>, skipping skipped: Set<String> = [],
        from folder: String = FileManager.default.currentDirectoryPath
    ) throws {
        guard let path = find(from: folder) else { return }
        let shown = PortablePaths().shown(path)
        func failure(_ message: String, line: Int? = nil, column: Int? = nil, field: String? = nil) -> CommandError {
            let place = line.map { ":\($0):\(column ?? 1)" } ?? ""
            return CommandError("\(shown)\(place): \(field.map { $0 + ": " } ?? "")\(message)", exitCode: .dataError)
        }
        // A stranger's repository: the file is read where it is, through no link.
        let data: Data
        switch PathPolicy.read(
            path, root: URL(fileURLWithPath: path).deletingLastPathComponent().path, limit: PathPolicy.maximumDocumentBytes)
        {
        case .bytes(let bytes): data = Data(bytes)
        case .tooLarge(let size):
            throw failure("the file has \(size) bytes; a project file has at most \(PathPolicy.maximumDocumentBytes)")
        case .symbolicLink(let target): throw failure("is a symbolic link (to \(target)); SeeMore follows none")
        case .missing, .notRegularFile, .outsideRoot: throw failure("cannot read the project file (it must be a regular file)")
        }
        let file: ProjectFile
        do {
            file = try JSONDocument.decode(ProjectFile.self, from: data)
        } catch let error as JSONDocument.DecodeError {
            throw failure(error.message, line: error.line, column: error.column, field: error.field)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let taken = Set(flags.flags.map(\.name))
        for (field, flag, isPath) in Self.flags where taken.contains(flag) && !skipped.contains(field.rawValue) {
            guard var value = file.value(of: field) else { continue }
            if isPath && !value.hasPrefix("/") { value = PortablePaths().shown(folder + "/" + value) }
            do {
                try flags.parse([flag, value], into: &command)
            } catch let error as CommandError {
                let position = JSONDocument.locate([field], in: data)
                throw failure(
                    error.message.replacing(flag, with: field.rawValue), line: position?.line,
                    column: position?.column, field: field.rawValue)
            }
        }
    }

    /// A field's value as its flag's argument.
    private func value(of field: CodingKeys) -> String? {
        switch field {
        case .suite: return suite
        case .templates: return templates
        case .artifacts: return artifacts
        case .record: return record
        case .threshold: return threshold.map(JSONValue.format)
        case .maxDiffPixels: return maxDiffPixels.map(String.init)
        case .maxDiffRatio: return maxDiffRatio.map(JSONValue.format)
        case .jobs: return jobs.map(String.init)
        }
    }
}
