import CSupport
import Glibc

/// What a worker process may spend, set by the process on itself when it starts: it ends with its
/// parent, and its memory is capped.
package enum ProcessBudget {
    /// The memory a worker may allocate (RLIMIT_DATA: heap and private mappings): 2 GiB, four times
    /// what the largest card's picture takes (`CardLimits.maximumPixelArea`). docs/security.md's table.
    package static let workerMemoryBytes: UInt64 = 2 << 30

    /// Ends this process (SIGKILL) when the thread that started it ends, and caps its memory at
    /// `memoryBytes`, unless a sanitizer runs (`SEEMORE_SANITIZER`: its shadow memory is a mapping
    /// of terabytes). A parent that died before this call closed the worker's socket, which ends it.
    package static func applyToWorker(memoryBytes: UInt64 = workerMemoryBytes) {
        _ = seemore_die_with_parent()
        if getenv("SEEMORE_SANITIZER") == nil { _ = seemore_limit_data(memoryBytes) }
    }
}
