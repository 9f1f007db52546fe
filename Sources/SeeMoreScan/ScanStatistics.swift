import SeeMoreSupport

/// A scan's counts and distributions per template × width: what `scan.json` holds. Every figure is a
/// count, so the statistics of shards merge into exactly those of one run (`merge`), in any order.
public struct ScanStatistics: Sendable, Equatable {
    /// The figures of one template at one width.
    public struct Cell: Sendable, Equatable {
        public var texts = 0
        public var truncated = 0
        public var suffixWraps = 0
        public var characterCuts = 0
        /// Texts with at least one glyph no font had.
        public var withTofu = 0
        /// Texts drawn in more than one font.
        public var withFallback = 0
        /// Texts by the share of them shown, in `shareBins` bins (the last holds 100%).
        public var shownShare = [Int](repeating: 0, count: ScanStatistics.shareBins)
        /// Texts by their collapsed card's line count.
        public var lines: [Int: Int] = [:]
        /// Lints by kind.
        public var lints: [CutLint.Kind: Int] = [:]
        /// Texts that could not be laid out (too long, too large).
        public var refused = 0
        /// Texts by each family fontconfig's fallback drew part of them in.
        public var fallbackFonts: [String: Int] = [:]
        /// Characters kept before the ellipsis, summed over the texts cut: what a longer suffix costs.
        public var keptCharacters = 0

        package init() {}

        mutating func add(_ scan: ScanCase) {
            texts += 1
            if scan.error != nil {
                refused += 1
                return
            }
            if scan.truncated {
                truncated += 1
                keptCharacters += scan.kept
            }
            if scan.suffixWraps { suffixWraps += 1 }
            if scan.characterCut { characterCuts += 1 }
            if scan.unknownGlyphs > 0 { withTofu += 1 }
            if scan.fonts.count > 1 { withFallback += 1 }
            let bin = min(ScanStatistics.shareBins - 1, Int(scan.shownShare * Double(ScanStatistics.shareBins - 1)))
            shownShare[max(0, bin)] += 1
            lines[scan.lines, default: 0] += 1
            // A case counts once per kind of lint, however many places of that kind it has.
            for kind in Set(scan.lints.map(\.kind)) { lints[kind, default: 0] += 1 }
            for family in Set(scan.fallbackRuns.map(\.font)) { fallbackFonts[family, default: 0] += 1 }
        }

        mutating func merge(_ other: Cell) {
            texts += other.texts
            truncated += other.truncated
            suffixWraps += other.suffixWraps
            characterCuts += other.characterCuts
            withTofu += other.withTofu
            withFallback += other.withFallback
            refused += other.refused
            keptCharacters += other.keptCharacters
            for bin in shownShare.indices { shownShare[bin] += other.shownShare[bin] }
            lines.merge(other.lines, uniquingKeysWith: +)
            lints.merge(other.lints, uniquingKeysWith: +)
            fallbackFonts.merge(other.fallbackFonts, uniquingKeysWith: +)
        }

        /// The share of texts cut, 0–1.
        public var truncationRate: Double { laidOut == 0 ? 0 : Double(truncated) / Double(laidOut) }
        /// The 5% bin holding the median share shown of the texts cut ("40–45%"), "—" when none was.
        public var medianShown: String {
            let cut = shownShare.dropLast()
            let total = cut.reduce(0, +)
            var seen = 0
            for (bin, count) in cut.enumerated() {
                seen += count
                if total > 0 && 2 * seen >= total { return "\(bin * 5)–\(bin * 5 + 5)%" }
            }
            return "—"
        }

        /// The characters a cut text keeps, on average; nil when none was cut.
        public var meanKept: Double? { truncated == 0 ? nil : Double(keptCharacters) / Double(truncated) }

        /// Texts laid out: those counted in every other figure.
        public var laidOut: Int { texts - refused }
    }

    /// A template, a body font ("" for the template's own) and a width.
    public struct Key: Sendable, Hashable, Comparable {
        public var template: String
        /// The app locale its template's strings are in (`--catalog`); "" as the template writes them.
        public var locale: String
        public var font: String
        public var width: Double

        package init(template: String, locale: String = "", font: String = "", width: Double) {
            self.template = template
            self.locale = locale
            self.font = font
            self.width = width
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.template, lhs.locale, lhs.font, lhs.width) < (rhs.template, rhs.locale, rhs.font, rhs.width)
        }

        /// "inline-more @320", "inline-more (de) in Noto Sans 15 @320".
        public var title: String {
            template + (locale.isEmpty ? "" : " (\(locale))") + (font.isEmpty ? "" : " in \(font)") + " @"
                + JSONValue.format(width)
        }
    }

    /// The most fallback families a cell of `scan.json` may name (a machine has a few dozen).
    package static let maximumFallbackFamilies = 4096

    /// Bins of the share shown: 0–5%, 5–10%, … 95–<100%, and 100% (not cut) alone.
    package static let shareBins = 21

    public private(set) var cells: [Key: Cell] = [:]
    /// Corpus records that were not texts (reported by line, skipped).
    public var badRecords = 0

    package init() {}

    package mutating func add(_ scan: ScanCase) {
        cells[scan.cell, default: Cell()].add(scan)
    }

    /// Sets one cell's figures (read back from `scan.json`).
    mutating func set(_ key: Key, _ cell: Cell) {
        cells[key] = cell
    }

    /// `other`'s counts added to these: shards merge into the statistics of one run.
    package mutating func merge(_ other: ScanStatistics) {
        for (key, cell) in other.cells { cells[key, default: Cell()].merge(cell) }
        badRecords += other.badRecords
    }
}
