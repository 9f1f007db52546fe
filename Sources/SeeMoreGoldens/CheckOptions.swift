import SeeMoreCards
import SeeMoreSupport

/// How `seemore check` runs a suite.
public struct CheckOptions: Sendable {
    public var record: RecordMode
    public var tolerance = Tolerance()
    /// Where actual and diff images and the report go.
    public var artifactsFolder: String
    /// Worker threads, each with its own Pango font map and context.
    public var jobs = 1
    /// Run only the cases of this shard (each case keyed by its name, `Shard.holds(caseNamed:)`).
    public var shard: Shard? = nil
    /// Run only cases whose name matches this glob (`*` matches across `/`).
    public var filter: String? = nil
    /// When recording and another run holds the suite's lock, wait for it instead of failing.
    public var waitForLock = false
    /// Called after each case with (done, total); from worker threads, one call at a time.
    public var progress: (@Sendable (Int, Int) -> Void)? = nil
    /// Results of earlier checks to use again for cases that did not change (only when never recording).
    package var cache: CheckCache? = nil
    /// The folder of skip ledgers (`SkipLedger`): a case whose inputs, golden and font files are all
    /// as when it last passed is not drawn again. Nil draws every case, as does `RecordMode.all`.
    public var skipCache: String? = nil
    /// Processes of this program to check the cases in, instead of threads (`seemore check --jobs N`).
    package var workers: CheckWorkers? = nil
    /// Asked to stop early (a signal): the run claims no further case, lets those in flight finish
    /// and reports what ran (`CheckSummary.stoppedBy`).
    package var stop: StopRequest? = nil

    public init(record: RecordMode, artifactsFolder: String) {
        self.record = record
        self.artifactsFolder = artifactsFolder
    }
}

/// What happened to one case.
public struct CaseResult: Sendable, Equatable {
    public var name: String
    public var outcome: GoldenOutcome
    public var message: String
    /// The golden PNG's path.
    public var goldenPath: String
    /// Where a golden was written by this run.
    public var recordedPath: String?
    /// Artifacts by kind ("actual", "diff", "golden", "actualLayout", "goldenLayout"), relative to the artifacts folder.
    package var artifacts: [String: String] = [:]
    public var differentPixels: Int?
    /// The pixels compared (for a size change, the canvas both images fit in).
    public var totalPixels: Int?
    /// Every changed line of the layout snapshot.
    package var layoutDiff: LayoutDiff? = nil
    /// How the case's text and suffix colors contrast with its background (WCAG 2).
    package var contrast: [ContrastNote] = []
    /// Template · font · width, for grouping in the report.
    public var group: String
    /// Hash of the actual PNG and layout snapshot written to the artifacts (`ContentHash`), so
    /// `approve` copies exactly what this run showed.
    package var actualHash: String? = nil
    /// Why the golden could not be recorded (a full disk, a read-only folder): the run is exit 73.
    public var writeError: String? = nil
    /// Words the card draws in more than one font ("'Việt' mixes NanumGothic and DejaVu Sans"): a lint,
    /// never a failure.
    package var mixedFonts: [String] = []
    /// The font files the case drew with: a failure a changed font file explains is grouped by it.
    package var fontFiles: [String] = []
    /// How long drawing and comparing the case took in this run, in seconds (JUnit's `time`; not in
    /// report.json, which is the same for any run of the same inputs).
    package var seconds = 0.0
    /// The tolerance the case was compared with, when the suite gives it one of its own (nil: the run's).
    package var tolerance: Tolerance? = nil
    /// What changed, said the same for every case whose change is the same (`ChangeGroups`); nil for a
    /// passed case.
    package var signature: ChangeSignature? = nil
    /// The hashes of the golden and layout snapshot a passed case matched (`SkipLedger.goldenKey`).
    package var goldenKey: String? = nil
    /// Not drawn: nothing it depends on changed since it last passed (`CheckOptions.skipCache`).
    package var skipped = false
    /// Why it was drawn in a run that skips unchanged cases; nil when the run skips none.
    package var drawnBecause: String? = nil

    /// What a run counts and filters by.
    package var facts: Facts { Facts(outcome: outcome, recorded: recordedPath != nil, writeError: writeError != nil) }

    /// What changed, in a reviewer's words: passed, recorded, new, size, layout, pixels, unreadable /
    /// unsafe / oversized golden, not written.
    public var change: String { facts.change }

    /// A case fails when it does not match, when this run wrote its golden, or could not.
    public var failed: Bool { facts.failed }

    /// The little of a result a run counts by, kept for every case while the results themselves
    /// wait in a file (`ResultSpool`).
    package struct Facts: Sendable {
        var outcome: GoldenOutcome
        /// This run wrote the golden.
        package var recorded: Bool
        /// This run could not write the golden.
        var writeError: Bool

        var change: String {
            if writeError { return "not written" }
            switch outcome {
            case .passed: return recorded ? "recorded" : "passed"
            case .missing: return "new"
            case .sizeChanged: return "size"
            case .layoutChanged: return "layout"
            case .pixelsChanged: return "pixels"
            case .unreadableGolden: return "unreadable golden"
            case .unsafeGolden: return "unsafe golden"
            case .oversizedGolden: return "oversized golden"
            case .crashed: return "crashed"
            }
        }

        package var failed: Bool { outcome != .passed || recorded || writeError }

        /// A failure that is a picture changed or new (or a golden this run wrote), not a fault: no
        /// crash, no unreadable, unsafe or oversized golden, no write error (`--exit-zero-on-changes`).
        package var isChange: Bool {
            switch outcome {
            case .passed, .missing, .sizeChanged, .layoutChanged, .pixelsChanged: return !writeError
            case .unreadableGolden, .unsafeGolden, .oversizedGolden, .crashed: return false
            }
        }

        /// The status a reviewer filters by in report.json: passed, changed or new.
        package var status: String {
            switch outcome {
            case .passed: return recorded ? "changed" : "passed"
            case .missing: return "new"
            default: return "changed"
            }
        }

        /// A golden that could not be used: undecodable, unsafe to read, or oversized.
        var unusableGolden: Bool { [.unreadableGolden, .unsafeGolden, .oversizedGolden].contains(outcome) }
    }
}

/// The outcome of a check run.
public struct CheckSummary: Sendable {
    /// In case order; read back from the run's temporary file case by case.
    public var results: CaseResults
    /// Differences between this machine and `ENVIRONMENT.json`, reported apart from pixel changes.
    public var environmentChanges: [String]
    /// Fonts the design now uses that the fingerprint did not record (not a machine change).
    public var designChanges: [String] = []
    /// This run's fingerprint merged over the recorded one: what `approve` records with the goldens.
    package var environment: EnvironmentFingerprint? = nil
    /// Font files whose bytes changed since the recorded fingerprint (path → as the fingerprint names
    /// it): a failing case drawn with one is in that file's change group.
    package var changedFontFiles: [String: String] = [:]
    package var fingerprintPath: String
    package var fingerprintWritten: Bool
    /// No fingerprint was recorded before this run (it is written with the first goldens).
    package var fingerprintIsNew = false
    /// Golden PNGs that no case of the suite produces (only looked for when every case ran).
    public var orphanedGoldens: [String] = []
    /// Their copies in the artifacts folder, by golden path.
    package var orphanArtifacts: [String: String] = [:]
    public var reportPath: String?
    /// Why the run stopped before it checked every case it selected (`StopRequest.reason`, such as
    /// "SIGTERM"); nil when it checked them all.
    public var stoppedBy: String? = nil
    /// The cases the run selected; more than `results` holds when it stopped early.
    public var selectedCount = 0
    /// What the skip ledger spared, when the run skips unchanged cases.
    package var skip: SkipSummary? = nil

    public var failures: CaseResults { results.failures }
    /// The failing cases grouped by what changed; made by the run (nil in a summary made by hand).
    package var groups: ChangeGroups? = nil
    /// `groups`, or made now from the results.
    package var changeGroups: ChangeGroups { groups ?? ChangeGroups(results) }
    /// A golden this run should have written but could not.
    package var hasWriteError: Bool { results.count(matching: { $0.writeError }) > 0 }
    /// A golden that could not be used: undecodable, unsafe to read, or oversized.
    package var hasUnreadableGolden: Bool { results.count(matching: { $0.unusableGolden }) > 0 }
}

extension Shard {
    /// Whether the case named `name` is this shard's: by a 32-bit FNV-1a of its name, so that a case
    /// stays in the shard it was in.
    func holds(caseNamed name: String) -> Bool { holds(hash: UInt64(ContentHash.fnv1a32(name.utf8))) }
}
