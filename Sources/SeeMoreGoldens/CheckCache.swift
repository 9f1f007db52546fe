import FoundationEssentials
import SeeMoreSupport

/// What earlier checks of a suite found, kept by a long-running process (`seemore serve`'s review)
/// so that checking again renders only the cases whose inputs or golden files changed: a designer
/// edits one template and sees its cases' new state in a fraction of a full check.
///
/// A result is used again only when everything it depends on is the same: the case's whole request
/// (template values, text, font, width, theme, scale, state), the bytes read for its golden PNG and
/// layout snapshot (compared in full, not by a hash an author could collide), the tolerance and the ignored regions. Only
/// checks that never record use it. Thread-safe.
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`.
package final class CheckCache: @unchecked Sendable {
    private struct Entry {
        var golden: GoldenCase
        var png: PathPolicy.Read
        var layout: PathPolicy.Read
        var tolerance: Tolerance
        var result: CaseResult
        var fonts: [String]
    }

    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    /// Cases answered from the cache and cases checked, since it was made.
    package private(set) var hits = 0
    package private(set) var misses = 0

    package init() {}

    /// The earlier result for `golden`, when nothing it depends on changed.
    func result(for golden: GoldenCase, png: PathPolicy.Read, layout: PathPolicy.Read, tolerance: Tolerance) -> (
        CaseResult, [String]
    )? {
        lock.withLock {
            guard let entry = entries[golden.name], entry.png == png, entry.layout == layout, entry.tolerance == tolerance,
                entry.golden.ignore == golden.ignore, Self.drawsAlike(entry.golden, golden)
            else {
                misses += 1
                return nil
            }
            hits += 1
            return (entry.result, entry.fonts)
        }
    }

    func store(
        _ result: CaseResult, fonts: [String], for golden: GoldenCase, png: PathPolicy.Read, layout: PathPolicy.Read,
        tolerance: Tolerance
    ) {
        lock.withLock {
            entries[golden.name] = Entry(
                golden: golden, png: png, layout: layout, tolerance: tolerance, result: result, fonts: fonts)
        }
    }

    /// Every artifact file a kept result shows (relative to the artifacts folder): a new run must
    /// not remove them before it knows whether it uses the result again.
    var artifactFiles: Set<String> {
        lock.withLock { Set(entries.values.flatMap { $0.result.artifacts.values }) }
    }

    /// Forgets the cases a suite no longer has, so the cache never outgrows the suite.
    func keepOnly(_ names: Set<String>) {
        lock.withLock { entries = entries.filter { names.contains($0.key) } }
    }

    /// Equal in every input the picture depends on (`GoldenCase`'s `==` compares names only).
    private static func drawsAlike(_ a: GoldenCase, _ b: GoldenCase) -> Bool {
        a.template == b.template && a.text == b.text && a.markup == b.markup && a.language == b.language
            && a.entities == b.entities && a.author == b.author && a.font == b.font
            && a.width == b.width && a.theme == b.theme && a.scale == b.scale && a.state == b.state
    }
}
