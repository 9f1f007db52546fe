import Foundation
import SeeMore

/// Counters and a latency histogram, written in Prometheus' text format at `GET /metrics`.
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`.
final class ServerMetrics: @unchecked Sendable {
    private let lock = Lock()
    private var requests: [String: Int] = [:]
    /// Upper bounds of the render latency buckets, in seconds.
    static let bounds = [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    private var buckets = Array(repeating: 0, count: ServerMetrics.bounds.count)
    private var renders = 0
    private var renderSeconds = 0.0
    private var cacheHits = 0
    private var cacheMisses = 0

    func count(route: String, status: Int) {
        lock.withLock { requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1 }
    }

    func rendered(seconds: Double) {
        lock.withLock {
            renders += 1
            renderSeconds += seconds
            for (index, bound) in Self.bounds.enumerated() where seconds <= bound { buckets[index] += 1 }
        }
    }

    func cache(hit: Bool) {
        lock.withLock { if hit { cacheHits += 1 } else { cacheMisses += 1 } }
    }

    func text(queued: Int, running: Int, cacheBytes: Int, replacedWorkers: Int) -> String {
        lock.withLock {
            var lines = [
                "# HELP seemore_requests_total Requests by route and status.", "# TYPE seemore_requests_total counter",
            ]
            lines += requests.keys.sorted().map { "seemore_requests_total{\($0)} \(requests[$0] ?? 0)" }
            lines += ["# HELP seemore_render_seconds Time to render one card.", "# TYPE seemore_render_seconds histogram"]
            lines += Self.bounds.enumerated().map { "seemore_render_seconds_bucket{le=\"\($0.element)\"} \(buckets[$0.offset])" }
            lines += [
                "seemore_render_seconds_bucket{le=\"+Inf\"} \(renders)", "seemore_render_seconds_sum \(renderSeconds)",
                "seemore_render_seconds_count \(renders)",
                "# TYPE seemore_cache_hits_total counter", "seemore_cache_hits_total \(cacheHits)",
                "# TYPE seemore_cache_misses_total counter", "seemore_cache_misses_total \(cacheMisses)",
                "# TYPE seemore_cache_bytes gauge", "seemore_cache_bytes \(cacheBytes)",
                "# TYPE seemore_queue_depth gauge", "seemore_queue_depth \(queued)",
                "# TYPE seemore_renders_in_flight gauge", "seemore_renders_in_flight \(running)",
                "# HELP seemore_worker_replacements_total Worker processes started in place of one that died or ran past the budget.",
                "# TYPE seemore_worker_replacements_total counter", "seemore_worker_replacements_total \(replacedWorkers)",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
