import Foundation

/// Rendered PNGs by ETag, least recently used first out, within a byte budget.
final class ResponseCache: @unchecked Sendable {
    private let lock = NSLock()
    private let budget: Int
    private var entries: [String: (bytes: [UInt8], used: UInt64)] = [:]
    private var total = 0
    private var clock: UInt64 = 0

    init(budgetBytes: Int) {
        budget = budgetBytes
    }

    func get(_ key: String) -> [UInt8]? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.bytes, clock)
            return entry.bytes
        }
    }

    func put(_ key: String, _ bytes: [UInt8]) {
        lock.withLock {
            guard bytes.count <= budget, entries[key] == nil else { return }
            clock += 1
            entries[key] = (bytes, clock)
            total += bytes.count
            while total > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                entries[oldest.key] = nil
                total -= oldest.value.bytes.count
            }
        }
    }

    var byteCount: Int { lock.withLock { total } }
}
