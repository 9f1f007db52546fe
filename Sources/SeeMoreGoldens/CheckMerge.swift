import FoundationEssentials
import SeeMoreSupport

/// `seemore check merge`: the artifacts of a check's shards (`--shard I/N`, each with its
/// `shard.records`) combined into the artifacts one run of every case would have written — the
/// results in case order, their pictures copied, the change groups, the unused goldens, report.json
/// and index.html — so CI shows one report and `approve` reads one.
///
/// The shards are strangers' files: each must have checked this suite (the same inputs hash), be
/// one of the same N, and hold only its own cases, each once, with artifacts named as that case's.
/// A result's golden path and group are this suite's, never the file's. Memory: one shard's file
/// at a time (read twice: all are checked before the artifacts folder is touched) and a few bytes a
/// case; the results wait in a file, as a check's do.
package enum CheckMerge {
    /// Shards that cannot be merged: not shards of one run of this suite, or damaged.
    package struct MergeError: Error, CustomStringConvertible {
        package var message: String
        /// A shard's folder or file is not there (exit 66, not 65).
        package var missing = false
        package var description: String { message }
    }

    /// - Parameters:
    ///   - shards: the shards' artifacts folders.
    ///   - artifactsFolder: where the merged artifacts and report go (not one of the shards).
    /// - Returns: the merged run's summary and the options its shards checked with.
    /// - Throws: `MergeError`, `ArtifactsFolder.UnsafeFolder`, `AtomicFile.WriteError`.
    package static func merge(_ shards: [String], suite: GoldenSuite, artifactsFolder: String) throws -> (
        CheckSummary, CheckOptions
    ) {
        let target = PathPolicy.standardized(artifactsFolder)
        if let same = shards.first(where: { PathPolicy.standardized($0) == target }) {
            throw MergeError(
                message: "the artifacts folder \(artifactsFolder) is also a shard (\(same)): give another --artifacts")
        }
        // Everything checked before anything is written.
        let names = Set(suite.cases.map(\.name))
        var headers: [CheckShardFile] = []
        for folder in shards {
            var file = try read(folder)
            try checkCases(file, folder: folder, names: names, suite: suite)
            file.results = []
            headers.append(file)
        }
        let first = try together(headers, folders: shards, suite: suite)
        var options = CheckOptions(record: first.record, artifactsFolder: artifactsFolder)
        options.tolerance = first.tolerance
        options.filter = first.filter
        let selected = GoldenRunner.selection(suite, options: options)
        let positions = Dictionary(selected.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

        let artifacts = ArtifactsFolder(path: artifactsFolder)
        _ = try artifacts.prepare()
        let spool = ResultSpool(count: selected.count, folder: artifacts.path)
        for folder in shards {
            let file = try read(folder)
            try checkCases(file, folder: folder, names: names, suite: suite)
            for var result in file.results {
                guard let position = positions[result.name] else {
                    throw MergeError(message: "\(folder): case '\(result.name)' is not one its --filter selects")
                }
                let golden = selected[position]
                // Where the golden is and how the report groups it are this suite's to say.
                result.goldenPath = suite.folder + "/" + golden.pngPath
                if result.recordedPath != nil { result.recordedPath = result.goldenPath }
                result.group = GoldenRunner.group(of: golden)
                for file in result.artifacts.values.sorted() {
                    do {
                        try artifacts.copy(file, from: folder)
                    } catch let error as ArtifactsFolder.CopyError {
                        throw MergeError(message: "\(error) (an artifact of case '\(result.name)')")
                    }
                }
                spool.store(result, at: position)
            }
        }
        let stoppedBy = headers.lazy.compactMap(\.stoppedBy).first
        if stoppedBy == nil, let unanswered = selected.indices.first(where: { !spool.has($0) }) {
            throw MergeError(
                message: "case '\(selected[unanswered].name)' has a result in no shard, though none was stopped: "
                    + "the shards' files are damaged or were made for another suite")
        }
        let answered = selected.indices.filter(spool.has)
        let results = CaseResults(spool, chosen: answered.count == selected.count ? nil : answered)
        var summary = CheckSummary(
            results: results, environmentChanges: union(headers.map(\.environmentChanges)),
            fingerprintPath: suite.folder + "/" + EnvironmentFingerprint.fileName,
            fingerprintWritten: headers.contains(where: \.fingerprintWritten), reportPath: nil)
        summary.designChanges = union(headers.map(\.designChanges))
        summary.environment = headers.reduce(nil) { merged, header in
            guard let text = header.environment, let node = JSONNode.read(Data(text.utf8)),
                let fingerprint = EnvironmentFingerprint(node)
            else { return merged }
            return fingerprint.merged(over: merged)
        }
        summary.fingerprintIsNew = headers.contains(where: \.fingerprintIsNew)
        summary.stoppedBy = stoppedBy
        summary.selectedCount = selected.count
        summary.groups = ChangeGroups(results)
        // What the shards skipped and why they drew the rest, told as the one run tells it.
        summary.skip = SkipSummary(results: results)
        // Every case ran in some shard: goldens none of them produces are unused, as in one run.
        if options.filter == nil {
            summary.orphanedGoldens = GoldenPruner.stale(in: suite).filter { $0.hasSuffix(".png") }
            summary.orphanArtifacts = GoldenRunner.copyOrphans(summary.orphanedGoldens, suite: suite, artifacts: artifacts)
        }
        summary.reportPath = try GoldenReport(summary: summary, suite: suite, options: options).write(to: artifacts)
        return (summary, options)
    }

    private static func read(_ folder: String) throws -> CheckShardFile {
        do {
            return try CheckShardFile.read(folder: folder)
        } catch {
            throw MergeError(message: error.description, missing: error.missing)
        }
    }

    /// Throws unless every result of `file` is a case of `suite` in the file's shard, once, with its
    /// artifacts named as that case's.
    private static func checkCases(_ file: CheckShardFile, folder: String, names: Set<String>, suite: GoldenSuite) throws {
        guard let shard = file.shard else { throw MergeError(message: "\(folder): the shard's numbers are damaged") }
        let path = folder + "/" + CheckShardFile.fileName
        var seen = Set<String>()
        for result in file.results {
            guard names.contains(result.name) else {
                throw MergeError(
                    message: "\(path): case '\(result.name)' is not in \(suite.path): the shard checked another suite")
            }
            guard shard.holds(caseNamed: result.name) else {
                throw MergeError(message: "\(path): case '\(result.name)' is not shard \(shard)'s: the file was changed by hand")
            }
            guard seen.insert(result.name).inserted else {
                throw MergeError(message: "\(path): case '\(result.name)' has two results")
            }
            for (kind, artifact) in result.artifacts where ArtifactsFolder.suffixes[kind].map({ result.name + $0 }) != artifact {
                throw MergeError(
                    message: "\(path): case '\(result.name)' names '\(artifact)' as its \(kind) artifact, which is not its file")
            }
        }
    }

    /// The first header, once the headers are shown to be of one run of `suite`: the same SeeMore,
    /// inputs, count, filter, record mode and tolerance, and every shard of the count once.
    private static func together(_ headers: [CheckShardFile], folders: [String], suite: GoldenSuite) throws
        -> CheckShardFile
    {
        guard let first = headers.first else { throw MergeError(message: "no shard to merge") }
        for (header, folder) in zip(headers, folders) {
            guard header.inputs == suite.inputsHash else {
                throw MergeError(
                    message: "\(folder) checked another version of the suite or its templates (inputs \(header.inputs), "
                        + "\(suite.path) here: \(suite.inputsHash)); merge in the checkout the shards checked")
            }
            let differs: String? =
                header.shardCount != first.shardCount
                ? "checked with --shard I/\(header.shardCount), \(folders[0]) with I/\(first.shardCount)"
                : header.filter != first.filter
                    ? "checked with --filter \(header.filter ?? "(none)"), \(folders[0]) with \(first.filter ?? "(none)")"
                    : header.record != first.record
                        ? "checked with --record \(header.record), \(folders[0]) with \(first.record)"
                        : header.tolerance != first.tolerance ? "checked with another tolerance than \(folders[0])" : nil
            if let differs { throw MergeError(message: "\(folder) is not a shard of the same run: it \(differs)") }
        }
        var folderOf: [Int: String] = [:]
        for (header, folder) in zip(headers, folders) {
            if let other = folderOf[header.shardIndex] {
                throw MergeError(message: "\(other) and \(folder) are both shard \(header.shardIndex)/\(header.shardCount)")
            }
            folderOf[header.shardIndex] = folder
        }
        let absent = (1...first.shardCount).filter { folderOf[$0] == nil }
        if !absent.isEmpty {
            let list = absent.prefix(5).map { "\($0)/\(first.shardCount)" }.joined(separator: ", ")
            throw MergeError(
                message: "shard \(list)\(absent.count > 5 ? " and \(absent.count - 5) more" : "") missing: "
                    + "give the artifacts folders of all \(first.shardCount) shards")
        }
        return first
    }

    /// The lines of every list, each once, in the order first seen.
    private static func union(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        return lists.joined().filter { seen.insert($0).inserted }
    }
}
