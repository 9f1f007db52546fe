import FoundationEssentials
import SeeMoreSupport

/// Paths as a report shows them: relative to the folder the check ran in (a CI job's checkout)
/// when they lie inside it, so a report and its artifacts downloaded anywhere name the suite, the
/// templates and the goldens the way the repository has them wherever it is cloned; absolute (and
/// standardized) otherwise. `approve` reads them back against its own current folder.
package struct PortablePaths: Sendable {
    /// The folder the check ran in, standardized.
    package let base: String

    package init(base: String = FileManager.default.currentDirectoryPath) {
        self.base = PathPolicy.standardized(base)
    }

    package func shown(_ path: String) -> String {
        // A plain path below the base (the goldens and artifacts a report names, thousands of them)
        // is shown without standardizing both.
        if let below = PathPolicy.plainRelativeText(path, root: base) { return String(below) }
        let standardized = PathPolicy.standardized(path)
        if standardized == base { return "." }
        return PathPolicy.relativePath(standardized, root: base)?.joined(separator: "/") ?? standardized
    }

    /// A path a report holds, resolved against `folder` (the reader's current folder) when relative.
    package static func resolved(_ shown: String, in folder: String) -> String {
        shown.hasPrefix("/") ? shown : PathPolicy.standardized(folder + "/" + shown)
    }
}
