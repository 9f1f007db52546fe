@testable import SeeMoreGoldens
@testable import SeeMoreScan
import SeeMoreSupport
import Testing

/// One `Shard` for check and scan (#42): one parser, one bound, each run keying its own items as before.
@Suite struct ShardTests {
    @Test func parsing_isExactlyTwoNumbersAndASlash() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        for bad in ["1/x/2", "1/", "/2", "+1/2", "1/2/", "0/2", "3/2", "1/100001", " 1/2", "1 /2", "１/２", ""] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
        #expect(Shard("100000/100000")?.description == "100000/100000")
    }

    /// The keys are those of before: a check case by a 32-bit FNV-1a of its name, a scanned text by a
    /// 64-bit one of its id (FNV-1a's published values for "a").
    @Test func membership_keepsEachRunsHash() {
        #expect(ContentHash.fnv1a32("a".utf8) == 0xE40C_292C)
        #expect(ContentHash.fnv1a64Value("a".utf8) == 0xAF63_DC4C_8601_EC8C)
        let shards = (1...3).compactMap { Shard(index: $0, count: 3) }
        #expect(shards.filter { $0.holds(caseNamed: "a") }.map(\.index) == [Int(0xE40C_292C % 3) + 1])
        #expect(shards.filter { $0.holds(id: "a") }.map(\.index) == [Int(0xAF63_DC4C_8601_EC8C % UInt64(3)) + 1])
    }
}
