/// One of N parts of a corpus, chosen by a stable hash of each text's id (`--shard I/N`), so that a
/// CI matrix or any batch system (Kubernetes indexed jobs, GNU parallel, a Slurm array) scans the
/// parts apart and `scan merge` combines them into exactly one run's result.
public struct ScanShard: Sendable, Equatable {
    /// 1-based, as the flag says it.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 100_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the text of `id` is this shard's: the same answer on every machine and in every run.
    public func holds(id: String) -> Bool {
        Int(Self.hash(id) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits, over the id's UTF-8: stable, unlike Swift's seeded `Hasher`.
    static func hash(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
