/// The worker processes a run asks for (`--jobs N`, `--time-budget S`) and the job record every one
/// of them works from: a check's (`CheckJob`, cases) or a scan's (`ScanJob`, texts). Each module
/// adds how its work is sent and answered in an extension of its own (`Workers<CheckJob>.run`).
package struct Workers<Job: Sendable>: Sendable {
    /// This program (run as `seemore worker`).
    package var executable: String
    /// What every job of the run carries.
    package var job: Job
    package var count: Int
    /// How long a worker may take over one unit of work (a case, a text) — `--time-budget`: past it
    /// the worker is ended and the unit fails, while the run goes on; a job of several units has as
    /// many budgets.
    package var budget: Duration

    package init(executable: String, job: Job, count: Int, budget: Duration) {
        self.executable = executable
        self.job = job
        self.count = count
        self.budget = budget
    }
}
