import SeeMoreSupport
import SeeMoreText

/// The worst cases of each lint, kept while a scan streams by: at most `limit` per kind, so memory
/// stays flat, ranked by a total order that does not depend on how the corpus was split, so the
/// galleries of shards merge into exactly one run's (`merge`).
package struct ScanGallery: Sendable, Equatable {
    /// One case shown in the gallery, with what it takes to paint it again.
    package struct Entry: Sendable, Equatable {
        package var kind: CutLint.Kind
        /// The sum of the severities of its lints of this kind: higher is worse.
        package var score: Int
        package var cell: ScanStatistics.Key
        package var id: String
        package var line: Int
        package var text: String
        package var language: LanguageTag?
        /// What the lints found, one line each.
        package var details: [String]

        /// The file-name stem of its pictures, the same for the case in every kind and every run.
        package var pictureName: String {
            // A locale's cell names it; the others keep the names they had before locales.
            let key = [id, cell.template + (cell.locale.isEmpty ? "" : "\u{1}" + cell.locale), cell.font, String(cell.width)]
                .joined(separator: "\u{0}")
            return ContentHash.fnv1a64(key.utf8)
        }

        /// Worse first; ties by a hash of the case, then by line.
        static func ranksBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            let (left, right) = (lhs.pictureName, rhs.pictureName)
            return left != right ? left < right : lhs.line < rhs.line
        }
    }

    /// The longest text the gallery shows (characters); a longer one is counted, not shown.
    package static let maximumTextCharacters = 10_000
    /// The most cases per lint a gallery may be asked to show.
    package static let maximumLimit = 200

    package let limit: Int
    package private(set) var entries: [CutLint.Kind: [Entry]] = [:]

    package init(limit: Int) {
        self.limit = max(0, min(limit, Self.maximumLimit))
    }

    /// Adds `scan`, the case of `text`, to each of its lints' lists when it ranks among the worst.
    package mutating func add(_ scan: ScanCase, text: CorpusText) {
        guard limit > 0, scan.error == nil, !scan.lints.isEmpty, text.text.unicodeScalars.count <= Self.maximumTextCharacters
        else {
            return
        }
        for kind in CutLint.Kind.allCases {
            let found = scan.lints.filter { $0.kind == kind }
            guard !found.isEmpty else { continue }
            let entry = Entry(
                kind: kind, score: found.reduce(0) { $0 + $1.severity }, cell: scan.cell, id: scan.id, line: scan.line,
                text: text.text, language: text.language, details: found.map(\.detail))
            insert(entry)
        }
    }

    /// Keeps the worst `limit` of both galleries' entries, as one run over both parts would.
    package mutating func merge(_ other: ScanGallery) {
        for list in other.entries.values { for entry in list { insert(entry) } }
    }

    /// Every entry, kinds in their order, each list worst first.
    package var all: [Entry] {
        CutLint.Kind.allCases.flatMap { entries[$0] ?? [] }
    }

    mutating func insert(_ entry: Entry) {
        var list = entries[entry.kind] ?? []
        if list.count == limit, let last = list.last, !Entry.ranksBefore(entry, last) { return }
        // Lists are short (at most `limit`): a linear insertion keeps them sorted.
        let index = list.firstIndex { Entry.ranksBefore(entry, $0) } ?? list.count
        list.insert(entry, at: index)
        if list.count > limit { list.removeLast() }
        entries[entry.kind] = list
    }
}
