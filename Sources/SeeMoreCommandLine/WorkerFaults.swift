import Glibc

/// Faults the tests of crash isolation and time budgets make a worker meet: it dies on the case or
/// text named by `SEEMORE_TEST_WORKER_ABORT_CASE` / `SEEMORE_TEST_WORKER_ABORT_TEXT`, or stalls on the
/// text named by `SEEMORE_TEST_WORKER_STALL_TEXT`. Debug builds only: a release build (what `make
/// install` and the image ship) reads no such variable and never aborts on purpose.
struct WorkerFaults {
    #if DEBUG
        private let abortCase = Self.variable("SEEMORE_TEST_WORKER_ABORT_CASE")
        private let abortText = Self.variable("SEEMORE_TEST_WORKER_ABORT_TEXT")
        private let stallText = Self.variable("SEEMORE_TEST_WORKER_STALL_TEXT")

        private static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    #endif

    /// Before checking the case named `name`.
    func onCase(_ name: String) {
        #if DEBUG
            if name == abortCase { abort() }
        #endif
    }

    /// Before cutting the texts of `ids`.
    func onTexts(_ ids: [String]) {
        #if DEBUG
            if let abortText, ids.contains(abortText) { abort() }
            if let stallText, ids.contains(stallText) {
                while true { sleep(3600) }
            }
        #endif
    }
}
