import Dispatch
import FoundationEssentials
import SeeMoreSupport
import Synchronization

/// Which cases of a run are not drawn because nothing they depend on changed since they last passed,
/// and the suite's skip ledger written again from the run's results.
///
/// A case is skipped only when all of these are exactly as its ledger entry recorded: its input key
/// (`CaseInputs`), the SHA-256 of every font file it drew with, and the SHA-256 of its golden PNG and
/// layout snapshot as read now. Anything else — no ledger, no entry, a case that failed or was
/// recorded last time, a file that cannot be read — draws it, and the reason is kept.
///
/// `@unchecked Sendable`: the font hashes, the one mutable state, are read and written only inside
/// `lock.withLock`; the rest is set in `init`.
final class SkipPlan: @unchecked Sendable {
    /// A case not drawn: its result (passed) and the font files it drew with when it passed.
    typealias Skipped = (result: CaseResult, fonts: [String])

    let ledgerPath: String
    private let ledger: SkipLedger?
    private let inputs: CaseInputs
    private let suite: GoldenSuite
    private let selected: [GoldenCase]
    private let tolerances: [Tolerance]
    /// Each selected case's input key (nil: it has none, and is drawn).
    private let keys: [String?]
    /// Each selected case's name, made once (a name costs more than its key's hash).
    private let names: [String]
    /// Reads the goldens and layout snapshots, each folder opened once.
    private let goldens: TreeReader
    private let lock = Lock()
    private var fontHashes: [String: String] = [:]
    /// The font files whose settled identity this run knows, for the next run's ledger.
    private var seenNow: [String: SkipLedger.Seen] = [:]

    /// Nil when the options skip nothing (no skip cache, or recording every golden).
    init?(suite: GoldenSuite, selected: [GoldenCase], options: CheckOptions) {
        guard let folder = options.skipCache, options.record != .all else { return nil }
        self.suite = suite
        self.selected = selected
        goldens = TreeReader(root: suite.folder)
        ledgerPath = SkipLedger.path(in: folder, suitePath: suite.path)
        // The ledger is read while the keys are made, those on `jobs` threads.
        let ledgerPath = self.ledgerPath
        let reading = BackgroundTask { SkipLedger.read(ledgerPath) }
        let inputs = CaseInputs(suite: suite)
        let tolerance = options.tolerance
        let made = Self.inParts(count: selected.count, jobs: options.jobs) { range in
            var inputs = inputs
            return range.map { index in
                let golden = selected[index]
                let (name, tolerance) = (golden.name, tolerance.overridden(by: golden.tolerance))
                return (name, tolerance, inputs.key(for: golden, named: name, tolerance: tolerance))
            }
        }
        names = made.map(\.0)
        tolerances = made.map(\.1)
        keys = made.map(\.2)
        self.inputs = inputs
        ledger = reading.value()
    }

    /// `make` of `0..<count` in contiguous parts on up to `jobs` threads, joined in order.
    private static func inParts<Element: Sendable>(
        count: Int, jobs: Int, _ make: @escaping @Sendable (Range<Int>) -> [Element]
    ) -> [Element] {
        let parts = max(1, min(jobs, count / 256))
        let size = (count + parts - 1) / parts
        let made = Mutex([[Element]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let piece = make(part * size..<min(count, (part + 1) * size))
            made.withLock { $0[part] = piece }
        }
        return made.withLock { $0 }.flatMap { $0 }
    }

    /// The SHA-256 of a font file's bytes now, read once a run ("unreadable" when it cannot be read),
    /// or not at all when it has the settled identity the ledger saw it with. Read, it gives the
    /// run's fingerprint its hash too, and its identity is kept for the next run when settled.
    private func fontHash(_ path: String) -> String {
        if let known = lock.withLock({ fontHashes[path] }) { return known }
        let identity = FileIdentity(path: path)
        if let identity, let seen = ledger?.seen[path], seen.identity == identity.text {
            EnvironmentFingerprint.remember(path, identity: identity, hash: seen.fingerprint)
            lock.withLock {
                fontHashes[path] = seen.sha256
                seenNow[path] = seen
            }
            return seen.sha256
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            lock.withLock { fontHashes[path] = "unreadable" }
            return "unreadable"
        }
        let (hash, fingerprint) = data.withUnsafeBytes { (ContentHash.sha256($0), EnvironmentFingerprint.fileHash(of: $0)) }
        let settled = identity.flatMap { $0.isSettled(readUnchanged: FileIdentity(path: path)) ? $0 : nil }
        if let settled { EnvironmentFingerprint.remember(path, identity: settled, hash: fingerprint) }
        lock.withLock {
            fontHashes[path] = hash
            if let settled { seenNow[path] = SkipLedger.Seen(identity: settled.text, sha256: hash, fingerprint: fingerprint) }
        }
        return hash
    }

    /// Decides every selected case on `jobs` threads: calls `finish` (on those threads) with each
    /// skipped one's result (passed, its golden copied into `artifacts` as a passed case's is) and the
    /// font files it drew with; returns which were skipped and why each other one is to be drawn.
    func decide(
        jobs: Int, artifacts: ArtifactsFolder, finish: @escaping @Sendable (_ index: Int, CaseResult, _ fonts: [String]) -> Void
    ) -> (skipped: [Int], drawn: [Int: String]) {
        let collected = Mutex<(skipped: [Int], drawn: [Int: String])>(([], [:]))
        let count = selected.count
        let threads = max(1, min(jobs, count))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var ownSkipped: [Int] = []
            var ownDrawn: [(Int, String)] = []
            for index in stride(from: thread, to: count, by: threads) {
                switch decide(index, artifacts: artifacts) {
                case .success(let (result, fonts)):
                    finish(index, result, fonts)
                    ownSkipped.append(index)
                case .failure(let reason): ownDrawn.append((index, reason.text))
                }
            }
            collected.withLock {
                $0.skipped += ownSkipped
                for (index, reason) in ownDrawn { $0.drawn[index] = reason }
            }
        }
        return collected.withLock { $0 }
    }

    /// Why a case is drawn.
    private struct Reason: Error {
        var text: String
    }

    private func decide(_ index: Int, artifacts: ArtifactsFolder) -> Result<Skipped, Reason> {
        let golden = selected[index]
        let name = names[index]
        guard let key = keys[index] else { return .failure(Reason(text: "its template is not a file's as loaded")) }
        guard let ledger else { return .failure(Reason(text: "no skip ledger yet")) }
        guard let entry = ledger.entries[name] else {
            return .failure(Reason(text: "new, or not passed when last checked"))
        }
        guard entry.input == key else { return .failure(Reason(text: inputsReason(golden, ledger: ledger))) }
        for font in entry.fonts where fontHash(font) != ledger.fonts[font] {
            return .failure(Reason(text: "font file \(font) changed"))
        }
        let goldenPath = suite.folder + "/" + name + ".png"
        let png = goldens.read(goldenPath, limit: GoldenCheck.maximumGoldenBytes)
        let layout = goldens.read(suite.folder + "/" + name + ".layout.txt", limit: GoldenCheck.maximumLayoutBytes)
        guard case .bytes(let bytes) = png, SkipLedger.goldenKey(png: png, layout: layout) == entry.golden else {
            return .failure(Reason(text: "its golden changed"))
        }
        var result = CaseResult(
            name: name, outcome: .passed, message: "unchanged since it passed: not drawn", goldenPath: goldenPath,
            group: GoldenRunner.group(of: golden))
        result.skipped = true
        result.goldenKey = entry.golden
        result.mixedFonts = entry.mixedFonts
        result.contrast = ContrastNote.notes(for: golden)
        if !golden.tolerance.isEmpty { result.tolerance = tolerances[index] }
        let hash = String(SkipLedger.pngHash(ofGoldenKey: entry.golden))
        if let copy = artifacts.writeGoldenCopy(name, golden: bytes, hash: hash) { result.artifacts["golden"] = copy }
        return .success((result, entry.fonts))
    }

    /// What changed of a case whose input key did: the environment, its template, its catalogs or its own values.
    private func inputsReason(_ golden: GoldenCase, ledger: SkipLedger) -> String {
        if ledger.environment != inputs.environment {
            return "SeeMore, a library, the machine's fonts or the suite's font files changed"
        }
        let name = golden.template.name
        if ledger.templates[name] != inputs.templates[name] { return "template \(name) changed" }
        return "its text, values, catalogs or tolerance changed"
    }

    /// Writes the ledger again when it changed: each case drawn in this run that passed a comparison
    /// gets an entry with its keys, each other drawn case loses its entry; skipped cases and those
    /// this run did not answer keep theirs (each is checked whole when used); cases the suite no
    /// longer has go. Returns the run's summary of skipping.
    func record(skipped: [Int], drawn: [Int: String], results: (Int) -> CaseResult?) -> SkipSummary {
        var next = ledger ?? SkipLedger()
        let suiteNames = selected.count == suite.cases.count ? Set(names) : Set(suite.cases.map(\.name))
        next.entries = next.entries.filter { suiteNames.contains($0.key) }
        next.environment = inputs.environment
        next.templates = inputs.templates
        var answered = Set<String>()
        for index in drawn.keys {
            guard let result = results(index) else { continue }
            answered.insert(result.name)
            if !result.failed, result.outcome == .passed, let key = keys[index], let golden = result.goldenKey {
                next.entries[result.name] = SkipLedger.Entry(
                    input: key, golden: golden, fonts: result.fontFiles, mixedFonts: result.mixedFonts)
            } else {
                next.entries[result.name] = nil
            }
        }
        // An entry this run did not draw passed with the fonts as the ledger has them: it goes when one
        // of them is found changed now (the ledger keeps one hash a font).
        let hashedNow = lock.withLock { fontHashes }
        let changedFonts = Set(hashedNow.filter { next.fonts[$0.key] != nil && next.fonts[$0.key] != $0.value }.keys)
        if !changedFonts.isEmpty {
            next.entries = next.entries.filter { name, entry in
                answered.contains(name) || entry.fonts.allSatisfy { !changedFonts.contains($0) }
            }
        }
        var fonts: [String: String] = [:]
        for font in Set(next.entries.values.flatMap(\.fonts)) {
            // A font hashed in this run has the hash its cases passed with; one not hashed, the ledger's.
            fonts[font] = hashedNow[font] ?? next.fonts[font] ?? fontHash(font)
        }
        next.fonts = fonts
        // What this run saw of a font, else what the last run saw (checked again when used).
        let seenNow = lock.withLock { self.seenNow }
        next.seen = Dictionary(
            uniqueKeysWithValues: fonts.keys.compactMap { font in (seenNow[font] ?? next.seen[font]).map { (font, $0) } })
        var summary = SkipSummary(ledger: ledgerPath, skipped: skipped.count)
        var counts: [String: Int] = [:]
        for reason in drawn.values { counts[reason, default: 0] += 1 }
        summary.drawn = SkipSummary.ordered(counts)
        if next != ledger {
            do {
                try next.write(to: ledgerPath)
            } catch {
                summary.writeError = "\(error)"
            }
        }
        return summary
    }
}
