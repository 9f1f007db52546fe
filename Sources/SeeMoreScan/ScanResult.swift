import SeeMoreSupport
import SeeMoreText

/// Everything a scan found that `scan.json` holds: what was scanned, the statistics of every cell and
/// the gallery's cases. One run's and its shards' merged (`merging`) are equal.
public struct ScanResult: Sendable, Equatable {
    /// The corpus file's name (without its folder), or "-" for standard input.
    public var corpus: String
    public var templates: [String]
    /// Body fonts in place of the templates' own; empty when the templates' are used.
    public var fonts: [String]
    public var widths: [Double]
    /// The app locales the templates' strings were cut in (`--catalog`), as given; empty: as written.
    public var locales: [String] = []
    /// The pseudo-locale the texts were cut in; nil as written.
    public var pseudo: PseudoLocale? = nil
    /// The text size the cards were drawn at; nil as the templates say.
    public var textSize: TextSize? = nil
    /// The part of the corpus scanned; nil for all of it.
    public var shard: Shard?
    /// Texts read (in this shard).
    public var texts = 0
    public var statistics = ScanStatistics()
    package var gallery: ScanGallery

    package init(corpus: String, templates: [String], fonts: [String], widths: [Double], shard: Shard?, galleryLimit: Int) {
        self.corpus = corpus
        self.templates = templates
        self.fonts = fonts
        self.widths = widths
        self.shard = shard
        gallery = ScanGallery(limit: galleryLimit)
    }

    /// Why shards cannot be merged.
    package struct MergeError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The most texts (and so of any count) a scan or a merge of shards may say it has: 2⁴⁰, a
    /// trillion, more than any corpus. A `scan.json` saying more is damaged or forged.
    package static let maximumCount = 1 << 40

    /// The shards' results as one run's: the same corpus and matrix, every shard 1…N once.
    /// - Throws: `MergeError` naming what differs or what is missing.
    package static func merging(_ parts: [(folder: String, result: ScanResult)]) throws -> ScanResult {
        guard let first = parts.first?.result else { throw MergeError(message: "no scan to merge") }
        var merged = first
        merged.shard = nil
        merged.texts = 0
        merged.statistics = ScanStatistics()
        merged.gallery = ScanGallery(limit: first.gallery.limit)
        var seen: [Int: String] = [:]
        for (folder, part) in parts {
            for (what, same) in [
                ("corpus", part.corpus == first.corpus), ("templates", part.templates == first.templates),
                ("locales", part.locales == first.locales),
                ("fonts", part.fonts == first.fonts), ("widths", part.widths == first.widths),
                ("pseudo-locale", part.pseudo == first.pseudo), ("text size", part.textSize == first.textSize),
                ("gallery size", part.gallery.limit == first.gallery.limit),
            ] where !same {
                throw MergeError(message: "\(folder) scanned other \(what) than \(parts[0].folder)")
            }
            guard let shard = part.shard else {
                throw MergeError(message: "\(folder) is a whole scan, not a shard: nothing to merge it with")
            }
            guard shard.count == first.shard?.count else {
                throw MergeError(
                    message:
                        "\(folder) is shard \(shard.index)/\(shard.count), \(parts[0].folder) is of \(first.shard?.count ?? 1)")
            }
            if let other = seen[shard.index] {
                throw MergeError(message: "\(folder) and \(other) are both shard \(shard.index)/\(shard.count)")
            }
            seen[shard.index] = folder
            merged.texts += part.texts
            merged.statistics.merge(part.statistics)
            merged.gallery.merge(part.gallery)
        }
        // Each count read is at most 2⁴⁰ and there are at most 100 000 shards: the sums are exact, and a
        // total no corpus has is refused.
        let largest = max(merged.texts, merged.statistics.badRecords, merged.statistics.cells.values.map(\.texts).max() ?? 0)
        guard largest <= maximumCount else {
            throw MergeError(
                message:
                    "the shards count \(largest) texts in all, more than any corpus has (\(maximumCount)): a scan.json is damaged"
            )
        }
        let count = first.shard?.count ?? 1
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw MergeError(
                message:
                    "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing")
        }
        return merged
    }
}
