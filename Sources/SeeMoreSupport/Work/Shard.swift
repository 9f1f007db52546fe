/// One of N machines' share of a run (`check --shard I/N`, `scan --shard I/N`): each case or text
/// belongs to the shard its stable hash picks, so adding one never moves the others.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, as the flag says it.
    public let index: Int
    public let count: Int

    /// The most shards a run is split into.
    package static let maximumCount = 100_000

    /// nil unless 1 ≤ `index` ≤ `count` ≤ `maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `I/N` exactly: two decimal numbers and one slash (`1/x/2`, `1/`, `+1/2` are none).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// What `--shard` takes, for messages.
    package static let syntax = "I/N with 1 ≤ I ≤ N ≤ \(maximumCount)"

    public var description: String { "\(index)/\(count)" }

    /// Whether the key that hashes to `hash` is this shard's.
    package func holds(hash: UInt64) -> Bool { Int(hash % UInt64(count)) == index - 1 }
}
