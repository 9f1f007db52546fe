import Foundation
import Synchronization

/// Rendered PNGs by ETag, least recently used first out, within a byte budget.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: (bytes: [UInt8], used: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    private let budget: Int
    private let state = Mutex(State())

    init(budgetBytes: Int) {
        budget = budgetBytes
    }

    func get(_ key: String) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (entry.bytes, state.clock)
            return entry.bytes
        }
    }

    func put(_ key: String, _ bytes: [UInt8]) {
        state.withLock { state in
            guard bytes.count <= budget, state.entries[key] == nil else { return }
            state.clock += 1
            state.entries[key] = (bytes, state.clock)
            state.total += bytes.count
            while state.total > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.total -= oldest.value.bytes.count
            }
        }
    }

    var byteCount: Int { state.withLock { $0.total } }
}
