import SeeMoreSupport

extension Shard {
    /// Whether the text of `id` is this shard's: by a 64-bit FNV-1a of the id's UTF-8, the same answer
    /// on every machine and in every run (unlike Swift's seeded `Hasher`).
    package func holds(id: String) -> Bool { holds(hash: ContentHash.fnv1a64Value(id.utf8)) }
}
