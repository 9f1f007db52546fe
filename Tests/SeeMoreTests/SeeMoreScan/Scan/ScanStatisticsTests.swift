@testable import SeeMoreScan
import SeeMoreSupport
import Testing

/// Shards by a stable hash, and statistics that merge into exactly one run's.
@Suite struct ScanStatisticsTests {
    @Test func theShardHash_isFNV1a_theSameEverywhere() {
        // Known answers of 64-bit FNV-1a (computed apart, in Python).
        #expect(ContentHash.fnv1a64Value("post-1".utf8) == 1_422_595_025_846_493)
        #expect(ContentHash.fnv1a64Value("line 7".utf8) == 12_347_698_948_923_795_638)
        #expect(ContentHash.fnv1a64Value("吾輩".utf8) == 11_007_558_121_646_139_333)
        #expect(Shard(index: 2, count: 4)!.holds(id: "post-1"))
        #expect(
            Shard(index: 0, count: 4) == nil && Shard(index: 5, count: 4) == nil && Shard(index: 1, count: 0) == nil)
    }

    @Test func everyText_isInExactlyOneShard_andTheShardsAreEven() {
        let shards = (1...4).map { Shard(index: $0, count: 4)! }
        var sizes = [0, 0, 0, 0]
        for number in 0..<10_000 {
            let holders = shards.indices.filter { shards[$0].holds(id: "post-\(number)") }
            #expect(holders.count == 1)
            sizes[holders[0]] += 1
        }
        #expect(sizes.allSatisfy { $0 > 2_300 && $0 < 2_700 }, "\(sizes)")
    }

    /// Made cases with every figure varying.
    static func cases(_ count: Int) -> [ScanCase] {
        (0..<count).map { number in
            let characters = 20 + number % 200
            let truncated = number % 3 != 0
            var scan = ScanCase(
                id: "text-\(number)", line: number + 1,
                cell: .init(template: number % 2 == 0 ? "inline-more" : "x", width: [240, 320][number % 5 % 2]))
            scan.truncated = truncated
            scan.characters = characters
            scan.kept = truncated ? characters * (number % 17) / 17 : characters
            scan.lines = truncated ? 3 : 1 + number % 3
            scan.suffixWraps = number % 11 == 0
            scan.characterCut = number % 13 == 0
            scan.unknownGlyphs = number % 19 == 0 ? 2 : 0
            scan.fonts = number % 7 == 0 ? ["DejaVu Sans", "Noto Sans CJK JP"] : ["DejaVu Sans"]
            scan.lints =
                number % 4 == 0
                ? [CutLint(kind: .shortLastLine, detail: "")] : number % 9 == 0 ? [CutLint(kind: .kinsoku, detail: "")] : []
            if number % 97 == 0 { scan.error = "too long" }
            return scan
        }
    }

    @Test func shardsMerged_equalOneRun_inAnyOrder() {
        let all = Self.cases(3_000)
        var whole = ScanStatistics()
        for scan in all { whole.add(scan) }
        var parts = (1...3).map { shard in
            var part = ScanStatistics()
            for scan in all where Shard(index: shard, count: 3)!.holds(id: scan.id) { part.add(scan) }
            return part
        }
        parts[1].badRecords = 2
        whole.badRecords = 2
        var merged = ScanStatistics()
        for part in parts.reversed() { merged.merge(part) }
        #expect(merged == whole)
        let cell = whole.cells[.init(template: "inline-more", width: 240)]!
        #expect(cell.laidOut == cell.shownShare.reduce(0, +) && cell.laidOut == cell.lines.values.reduce(0, +))
        #expect(cell.refused > 0 && cell.texts == cell.laidOut + cell.refused)
        #expect(cell.truncated > 0 && cell.truncated < cell.texts && cell.lints[.shortLastLine]! > 0)
        // Texts shown whole are the last bin's, and only they (a cut one keeps at most 16/17).
        #expect(cell.shownShare.last! == cell.laidOut - cell.truncated)
    }
}
