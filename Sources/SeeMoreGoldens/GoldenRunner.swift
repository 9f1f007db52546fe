import Dispatch
import FoundationEssentials
import Glibc
import SeeMoreCards
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// Runs a suite: renders every selected case on worker threads, compares it with its golden,
/// records per the record mode, writes artifacts and the report.
public enum GoldenRunner {
    /// - Throws: `CardError` or other errors only for failures outside single cases (a worker that
    ///   cannot start, an artifacts folder that cannot be written); `SuiteLock.Busy` when recording
    ///   while another run writes goldens into the suite.
    public static func run(_ suite: GoldenSuite, options: CheckOptions) throws -> CheckSummary {
        // Only a run that may write goldens takes the suite's lock: checks that only compare run side by side.
        let lock =
            options.record == .never
            ? nil
            : try SuiteLock(folder: suite.folder, wait: options.waitForLock, purpose: "seemore check --record \(options.record)")
        return try withExtendedLifetime(lock) { try runLocked(suite, options: options) }
    }

    /// A run under the suite's lock (when it may write goldens): the cases the cache answers, then
    /// those the workers draw, then those this process draws; then the fingerprint and the report.
    private static func runLocked(_ suite: GoldenSuite, options: CheckOptions) throws -> CheckSummary {
        // Under the suite's lock no other run writes goldens: what a killed one left is removed.
        if options.record != .never { GoldenPruner.removeLeftoverTemporaries(in: suite) }
        let selected = selection(suite, options: options)
        let artifacts = ArtifactsFolder(path: options.artifactsFolder)
        // A result used again shows the artifacts an earlier run wrote: they stay until this run knows.
        let cache = options.record == .never ? options.cache : nil
        let kept = try artifacts.prepare(keeping: cache?.artifactFiles ?? [])
        // The results wait in a file in the artifacts folder: memory stays flat in the number of cases.
        let state = RunState(spool: ResultSpool(count: selected.count, folder: artifacts.path), kept: kept)
        let listsStale = options.filter == nil && options.shard == nil
        // Found while the cases render when no case writes into the suite's folder (a write's named
        // temporary file, where the file system needs one, would look left by a killed write).
        let staleDuringRun = listsStale && options.record == .never ? BackgroundTask { GoldenPruner.stale(in: suite) } : nil
        let run = CaseRun(suite: suite, options: options, selected: selected, state: state, cache: cache)
        var remaining = Array(selected.indices)
        // Cases whose inputs, fonts and golden are as when they last passed are answered without drawing.
        let skip = SkipPlan(suite: suite, selected: selected, options: options)
        let skipping = skip?.decide(jobs: options.jobs, artifacts: artifacts) { index, result, fonts in
            state.finish(index, result: result, fonts: fonts, progress: options.progress)
        }
        if let skipping {
            state.drawnBecause = skipping.drawn
            remaining = remaining.filter { skipping.drawn[$0] != nil }
        }
        // Workers, when the caller has them, check even one case: a case that stalls or swells ends its
        // worker, not this run.
        if let workers = options.workers, !remaining.isEmpty {
            remaining = run.onWorkers(workers, cases: run.unansweredByCache(among: remaining))
        }
        try run.inProcess(remaining, artifacts: artifacts)
        let results = state.results
        let stoppedBy = results.count < selected.count ? options.stop?.reason : nil
        // A stopped run keeps only the results it showed, so no kept result points at a removed artifact.
        cache?.keepOnly(stoppedBy == nil ? Set(selected.map(\.name)) : Set(results.map(\.name)))
        artifacts.remove(state.unusedArtifacts)

        var summary = try fingerprinted(results, fonts: state.fonts, suite: suite, record: options.record)
        summary.stoppedBy = stoppedBy
        summary.selectedCount = selected.count
        if let skip, let skipping {
            summary.skip = skip.record(skipped: skipping.skipped, drawn: skipping.drawn, results: state.result(at:))
        }
        summary.groups = ChangeGroups(
            results, changedFontFiles: summary.changedFontFiles, ownFontFiles: Set(suite.fonts.files.map(PathPolicy.standardized))
        )
        if listsStale {
            summary.orphanedGoldens = (staleDuringRun?.value() ?? GoldenPruner.stale(in: suite)).filter { $0.hasSuffix(".png") }
            summary.orphanArtifacts = copyOrphans(summary.orphanedGoldens, suite: suite, artifacts: artifacts)
        }
        summary.reportPath = try GoldenReport(summary: summary, suite: suite, options: options).write(to: artifacts)
        // A shard's whole results, for `seemore check merge`.
        if let shard = options.shard {
            try CheckShardFile.write(summary: summary, shard: shard, suite: suite, options: options, to: artifacts.path)
        }
        return summary
    }

    /// The summary of `results` with what changed in the environment since the suite's
    /// ENVIRONMENT.json, which is written with the first goldens and again when goldens were written
    /// after a change.
    private static func fingerprinted(_ results: CaseResults, fonts: Set<String>, suite: GoldenSuite, record: RecordMode) throws
        -> CheckSummary
    {
        let fingerprintPath = suite.folder + "/" + EnvironmentFingerprint.fileName
        let current = EnvironmentFingerprint.current(fontFiles: fonts, declared: suite.fonts, folder: suite.folder)
        let recorded = EnvironmentFingerprint.read(fingerprintPath)
        // No fingerprint yet is no change: it is written with the first goldens.
        let changes = recorded.map { current.changes(since: $0) } ?? []
        let designChanges = recorded.map { current.designChanges(since: $0) } ?? []
        let wroteGoldens = results.count(matching: \.recorded) > 0
        var fingerprintWritten = false
        let merged = current.merged(over: recorded)
        let first = recorded == nil && (wroteGoldens || record != .never)
        if first || (!(changes.isEmpty && designChanges.isEmpty) && wroteGoldens) {
            try AtomicFile.write(merged.json.serialized() + "\n", to: fingerprintPath)
            fingerprintWritten = true
        }
        var summary = CheckSummary(
            results: results, environmentChanges: changes, fingerprintPath: fingerprintPath,
            fingerprintWritten: fingerprintWritten, reportPath: nil)
        summary.designChanges = designChanges
        summary.environment = merged
        if let recorded {
            // The font files whose bytes changed: the suite's own (by their path in the suite), installed ones.
            for (path, hash) in current.fontFiles where recorded.fontFiles[path].map({ $0 != hash }) == true {
                summary.changedFontFiles[PathPolicy.standardized(suite.folder + "/" + path)] = path
            }
            for (path, hash) in current.fonts where recorded.fonts[path].map({ $0 != hash }) == true {
                summary.changedFontFiles[path] = path
            }
        }
        summary.fingerprintIsNew = recorded == nil
        return summary
    }

    /// The selected cases of one run and where their results go, with the three ways a case is
    /// answered.
    private struct CaseRun: Sendable {
        let suite: GoldenSuite
        let options: CheckOptions
        let selected: [GoldenCase]
        let state: RunState
        let cache: CheckCache?

        /// The cases the cache cannot answer; those it answers are finished here.
        func unansweredByCache(among cases: [Int]) -> [Int] {
            guard let cache else { return cases }
            var unanswered: [Int] = []
            for index in cases {
                // The golden's files are read only to ask the cache: a worker reads its own.
                let files = goldenFiles(selected[index], suite: suite)
                if let (result, fonts) = cache.result(
                    for: selected[index], png: files.png, layout: files.layout,
                    tolerance: options.tolerance.overridden(by: selected[index].tolerance))
                {
                    state.finish(index, result: result, fonts: fonts, progress: options.progress)
                } else {
                    unanswered.append(index)
                }
            }
            return unanswered
        }

        /// Draws `cases` on the worker processes, whose results the cache then keeps; returns those
        /// no worker answered (the run was asked to stop).
        func onWorkers(_ workers: CheckWorkers, cases: [Int]) -> [Int] {
            let answered = workers.run(
                cases: cases, stop: options.stop, crashed: { index, how in crashedResult(index, how: how) }
            ) { index, result, fonts in
                state.finish(index, result: result, fonts: fonts, progress: options.progress)
                guard let cache, result.outcome != .crashed else { return }
                let files = goldenFiles(selected[index], suite: suite)
                cache.store(
                    result, fonts: fonts, for: selected[index], png: files.png, layout: files.layout,
                    tolerance: options.tolerance.overridden(by: selected[index].tolerance))
            }
            return cases.filter { !answered.contains($0) }
        }

        /// The result of a case whose worker ended before answering.
        private func crashedResult(_ index: Int, how: CheckWorkers.NotDrawn) -> CaseResult {
            let golden = selected[index]
            var result = CaseResult(
                name: golden.name, outcome: .crashed, message: "not drawn: \(how)",
                goldenPath: suite.folder + "/" + golden.pngPath, group: group(of: golden))
            let why: String
            switch how {
            case .pastBudget: why = "past its time budget"
            case .died, .damagedAnswer: why = "its worker died"
            }
            result.signature = ChangeSignature(key: "not drawn: \(why)", template: golden.template.name)
            return result
        }

        /// Draws `cases` in this process, on threads of the run's own (one when workers drew the rest).
        func inProcess(_ cases: [Int], artifacts: ArtifactsFolder) throws {
            let scheduler = ownThreads(jobs: options.workers == nil ? options.jobs : 1, fonts: suite.fonts)
            let writer = GoldenWriter()
            try scheduler(cases.count) { position, renderer in
                // Once asked to stop, no case is begun (those begun finish, their goldens written whole).
                guard options.stop?.isRequested != true else { return }
                let index = cases[position]
                process(selected[index], suite: suite, options: options, renderer: renderer, artifacts: artifacts, writer: writer)
                {
                    result, fonts in state.finish(index, result: result, fonts: fonts, progress: options.progress)
                }
            }
            writer.finish()
        }
    }

    /// Runs `count` cases: calls `body` once for every index in `0..<count`, each with the renderer of
    /// the thread it runs on, and returns when every call has returned.
    private typealias CaseScheduler =
        (_ count: Int, _ body: @escaping @Sendable (_ index: Int, _ renderer: CardRenderer) -> Void) throws -> Void

    /// A scheduler on `jobs` threads of the run's own, each with its own renderer, cases taken in
    /// stride; throws when a renderer cannot be made.
    private static func ownThreads(jobs: Int, fonts: FontFiles) -> CaseScheduler {
        { count, body in
            let jobs = max(1, min(jobs, count))
            let failure = FirstError()
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                let renderer: CardRenderer
                do {
                    renderer = try CardRenderer(fonts: fonts)
                } catch {
                    failure.record(error)
                    return
                }
                for index in stride(from: worker, to: count, by: jobs) { body(index, renderer) }
            }
            if let error = failure.error { throw error }
        }
    }

    /// Copies of the goldens no case produces, under `unused/` in the artifacts, so the report shows
    /// them from inside its folder; by golden path.
    static func copyOrphans(_ paths: [String], suite: GoldenSuite, artifacts: ArtifactsFolder) -> [String: String] {
        var copies: [String: String] = [:]
        for path in paths {
            // Only a PNG a card could be: a bomb is not copied where a reviewer's browser would decode it.
            guard case .bytes(let bytes) = PathPolicy.read(path, root: suite.folder, limit: GoldenCheck.maximumGoldenBytes),
                let header = PNGCodec.header(bytes), GoldenComparison.isCardSized(header),
                let relative = PathPolicy.relativePath(path, root: suite.folder),
                let copy = artifacts.writeGoldenCopy("unused/" + relative.joined(separator: "/").dropLast(4), golden: bytes)
            else { continue }
            copies[path] = copy
        }
        return copies
    }

    /// Checks one case, as a worker of `CheckWorkers` does: renders and compares it, writes its
    /// artifacts and, when it is to be recorded, its golden (the parent holds the suite's lock);
    /// returns its result and the font files it used once everything is written.
    package static func checkOne(
        _ golden: GoldenCase, suite: GoldenSuite, options: CheckOptions, renderer: CardRenderer, artifacts: ArtifactsFolder
    ) -> (CaseResult, [String]) {
        var recording: GoldenRecording? = nil
        var (result, fonts) = process(
            golden, suite: suite, options: options, renderer: renderer, artifacts: artifacts, recording: &recording)
        recording?.write(into: &result)
        return (result, fonts)
    }

    /// A case's golden and layout snapshot, read under the path policy.
    private static func goldenFiles(_ golden: GoldenCase, suite: GoldenSuite) -> (png: PathPolicy.Read, layout: PathPolicy.Read) {
        (
            png: PathPolicy.read(suite.folder + "/" + golden.pngPath, root: suite.folder, limit: GoldenCheck.maximumGoldenBytes),
            layout: PathPolicy.read(
                suite.folder + "/" + golden.layoutPath, root: suite.folder, limit: GoldenCheck.maximumLayoutBytes)
        )
    }

    /// The report's group of a case: its template, font and width. A suite font that replaces the
    /// template's is said where a reviewer looks: a template's font change does not show in such cases.
    static func group(of golden: GoldenCase) -> String {
        let templateFont = golden.template.body.font
        let font =
            golden.font == templateFont ? golden.font : "\(golden.font) (font from the suite; the template's: \(templateFont))"
        return "\(golden.template.name) · \(font) · \(JSONValue.format(golden.width)) pt"
    }

    /// The cases the options' shard and filter select.
    package static func selection(_ suite: GoldenSuite, options: CheckOptions) -> [GoldenCase] {
        // All of them shared, not copied.
        if options.shard == nil && options.filter == nil { return suite.cases }
        return suite.cases.filter { golden in
            (options.shard?.holds(caseNamed: golden.name) ?? true)
                && (options.filter.map { Glob.matches($0, golden.name) } ?? true)
        }
    }

    /// Renders and compares one case, writes artifacts as needed and hands its golden, when one is to be
    /// recorded, to `writer`; calls `done` with the result and the font files the case used once
    /// everything is written (on `writer`'s thread for a recorded case).
    static func process(
        _ golden: GoldenCase, suite: GoldenSuite, options: CheckOptions, renderer: CardRenderer, artifacts: ArtifactsFolder,
        writer: GoldenWriter, done: @escaping @Sendable (CaseResult, [String]) -> Void
    ) {
        var recording: GoldenRecording? = nil
        let (result, fonts) = process(
            golden, suite: suite, options: options, renderer: renderer, artifacts: artifacts, recording: &recording)
        guard let recording else { return done(result, fonts) }
        writer.submit {
            var result = result
            recording.write(into: &result)
            done(result, fonts)
        }
    }

    /// `drawAndCompare`, timed.
    private static func process(
        _ golden: GoldenCase, suite: GoldenSuite, options: CheckOptions, renderer: CardRenderer, artifacts: ArtifactsFolder,
        recording: inout GoldenRecording?
    ) -> (CaseResult, [String]) {
        let clock = ContinuousClock()
        let start = clock.now
        var (result, fonts) = drawAndCompare(
            golden, suite: suite, options: options, renderer: renderer, artifacts: artifacts, recording: &recording)
        let (seconds, attoseconds) = (clock.now - start).components
        result.seconds = Double(seconds) + Double(attoseconds) / 1e18
        return (result, fonts)
    }

    private static func drawAndCompare(
        _ golden: GoldenCase, suite: GoldenSuite, options: CheckOptions, renderer: CardRenderer, artifacts: ArtifactsFolder,
        recording: inout GoldenRecording?
    ) -> (CaseResult, [String]) {
        let location = GoldenLocation(
            name: golden.name, pngPath: suite.folder + "/" + golden.pngPath, layoutPath: suite.folder + "/" + golden.layoutPath,
            root: suite.folder)
        let group = group(of: golden)
        // Read once: for the cache's comparison and for the check itself.
        let files = goldenFiles(golden, suite: suite)
        let cache = options.record == .never ? options.cache : nil
        // The run's tolerance with the suite's, the matrix's and the case's own figures over it.
        let tolerance = options.tolerance.overridden(by: golden.tolerance)
        if let earlier = cache?.result(for: golden, png: files.png, layout: files.layout, tolerance: tolerance) {
            return earlier
        }
        do {
            // Exactly the suite's fonts, whatever the renderer's own (a server's pool renders reviews too).
            var request = golden.request
            request.fonts = suite.fonts
            let (image, metadata) = try renderer.draw(request, state: golden.state)
            var result = GoldenCheck.check(
                image, metadata: metadata, scale: golden.scale, at: location, record: options.record,
                tolerance: tolerance, ignore: golden.ignore, artifacts: artifacts, copyPassedGolden: true, files: files,
                recording: &recording)
            result.group = group
            result.signature?.template = golden.groupTemplate
            if !golden.tolerance.isEmpty { result.tolerance = tolerance }
            result.contrast = ContrastNote.notes(for: golden)
            result.mixedFonts = metadata.mixedFonts
            cache?.store(
                result, fonts: metadata.fontFiles, for: golden, png: files.png, layout: files.layout,
                tolerance: tolerance)
            return (result, metadata.fontFiles)
        } catch {
            var result = CaseResult(
                name: golden.name, outcome: .layoutChanged, message: "cannot render: \(error)", goldenPath: location.pngPath,
                group: group)
            result.signature = ChangeSignature(key: "cannot be drawn", template: golden.template.name)
            return (result, [])
        }
    }
}

/// Results gathered from worker threads and processes.
///
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock` (the
/// spool is a `ResultSpool`, which locks its own).
private final class RunState: @unchecked Sendable {
    private let lock = Lock()
    private let spool: ResultSpool
    private var usedFonts = Set<String>()
    private var unused: Set<String>
    private var done = 0
    private var drawn: [Int: String] = [:]

    init(spool: ResultSpool, kept: Set<String>) {
        self.spool = spool
        unused = kept
    }

    /// Why each case a skipping run draws is drawn, by case index (set before any is drawn).
    var drawnBecause: [Int: String] {
        get { lock.withLock { drawn } }
        set { lock.withLock { drawn = newValue } }
    }

    private func drawnBecause(_ index: Int) -> String? { lock.withLock { drawn[index] } }

    /// The result of case `index`, when it has one.
    func result(at index: Int) -> CaseResult? { spool.has(index) ? spool.result(at: index) : nil }

    /// The font files the results drew with.
    var fonts: Set<String> { lock.withLock { usedFonts } }
    /// The files kept from the last run that no result of this one shows yet (crossed off as results
    /// come, so the results are not read back for it).
    var unusedArtifacts: Set<String> { lock.withLock { unused } }

    /// Every case answered, in case order.
    var results: CaseResults {
        let answered = (0..<spool.count).filter(spool.has)
        return CaseResults(spool, chosen: answered.count == spool.count ? nil : answered)
    }

    func finish(_ index: Int, result: CaseResult, fonts: [String], progress: (@Sendable (Int, Int) -> Void)?) {
        var result = result
        result.fontFiles = fonts
        result.drawnBecause = drawnBecause(index)
        spool.store(result, at: index)
        let new = lock.withLock {
            for file in result.artifacts.values { unused.remove(file) }
            let new = fonts.filter { !usedFonts.contains($0) }
            usedFonts.formUnion(fonts)
            done += 1
            progress?(done, spool.count)
            return new
        }
        // A font file first used is hashed for the run's fingerprint now, not after the last case.
        for file in new { _ = EnvironmentFingerprint.fileHash(file) }
    }
}

/// Shell-style name matching where `*` and `?` also match `/`.
enum Glob {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
