import Foundation
import Synchronization
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// The parent side of `check --jobs N`: each case is a job for a `seemore worker` process; a case
/// whose worker died is `crashed`, in the report and JUnit; what no worker could be started for, the
/// parent checks itself.
@Suite struct CheckWorkersTests {
    /// The check arguments the jobs carry for `suite`.
    static func job(_ suite: String, artifacts: String) -> CheckJob {
        CheckJob(
            suitePath: suite, templatesFolder: CardFixtures.templatesFolder,
            options: CheckOptions(record: .never, artifactsFolder: artifacts))
    }

    @Test func resultsComeFromTheWorkers_asOneProcessFindsThem() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let alone = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never))
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(
            executable: BinaryRunner.executable.path, job: Self.job(path, artifacts: options.artifactsFolder),
            count: 2)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.results.count == 16 && summary.failures.isEmpty)
        #expect(summary.results.map(\.name) == alone.results.map(\.name))
        #expect(summary.results.map(\.message) == alone.results.map(\.message))
    }

    /// Workers that die on every job (the shell cannot open its script "worker" and exits 2): every
    /// case is `crashed`, named so in the report and JUnit (an error, not a failure), and the run
    /// still ends in order.
    @Test func aWorkerThatDies_leavesItsCaseCrashed() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(executable: "/bin/sh", job: Self.job("/nonexistent", artifacts: "/nonexistent"), count: 2)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.results.count == 16)
        #expect(summary.results.allSatisfy { $0.outcome == .crashed && $0.change == "crashed" })
        #expect(summary.results[0].message.hasPrefix("not drawn: worker "), "\(summary.results[0].message)")
        #expect(summary.results[0].message.contains("ended with exit 2 while drawing it"), "\(summary.results[0].message)")
        #expect(summary.failures.count == 16)
        var xml = ""
        JUnitReport(summary: summary, suite: suite).write { xml += $0 }
        #expect(xml.contains(#"tests="16" failures="0" errors="16""#))
        #expect(xml.contains(#"<error type="crashed" message="crashed: not drawn: worker "#))
        let report = try String(contentsOfFile: options.artifactsFolder + "/report.json", encoding: .utf8)
        #expect(report.contains(#""change": "crashed""#))
        // Nothing to approve: each is named; asked for by name, it is refused.
        let approve = [
            "approve", "--artifacts", options.artifactsFolder, "--suite", path, "--templates", CardFixtures.templatesFolder,
        ]
        let all = try BinaryRunner.run(approve)
        #expect(
            all.stderr.contains("Note: '\(suite.cases[0].name)' crashed in the last check: no picture to approve"),
            "\(all.stderr)")
        let one = try BinaryRunner.run(approve + [suite.cases[0].name])
        #expect(one.status == 65 && one.stderr.contains("crashed in the last check (its worker died)"), "\(one.stderr)")
        #expect(all.status == 0 && all.stdout.contains("nothing to approve"))
    }

    /// A worker that dies on one case of a job of several: the job's cases are tried again one by
    /// one, so only that case is `crashed` and every other is checked (the worker replaced).
    @Test func aWorkerThatDiesOnOneCase_crashesOnlyThatCase() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let options = try GoldenFixtures.options(.never)
        let doomed = suite.cases[5].name
        // A worker that aborts on that case (the fault `seemore worker` takes from its environment).
        let script = try BinaryRunner.temporaryFolder().path + "/worker.sh"
        try "#!/bin/sh\nSEEMORE_TEST_WORKER_ABORT_CASE='\(doomed)' exec '\(BinaryRunner.executable.path)' \"$@\"\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        // One worker: jobs of two cases each (16 cases), so the doomed case shares its job.
        #expect(CheckWorkers.casesPerJob(cases: 16, workers: 1) == 2)
        let workers = CheckWorkers(
            executable: script, job: Self.job(path, artifacts: options.artifactsFolder), count: 1)
        let results = Mutex<[Int: CaseResult]>([:])
        let answered = workers.run(
            cases: Array(suite.cases.indices),
            crashed: { index, how in
                CaseResult(name: suite.cases[index].name, outcome: .crashed, message: "\(how)", goldenPath: "", group: "")
            },
            finish: { index, result, _ in results.withLock { $0[index] = result } })
        let byIndex = results.withLock { $0 }
        #expect(answered == Set(suite.cases.indices) && byIndex.count == 16)
        #expect(byIndex.values.filter { $0.outcome == .crashed }.map(\.name) == [doomed])
        #expect(byIndex.values.filter { $0.outcome == .passed }.count == 15)
        #expect(byIndex[5]?.message.contains("signal 6 (SIGABRT)") == true, "\(byIndex[5]?.message ?? "")")
    }

    /// With a cache (the review's), the cases it answers are not sent to a worker, and the workers'
    /// results are kept: a second check with workers that would die answers every case from the
    /// cache; a case whose golden changed is sent again (and here is `crashed`).
    @Test func theCache_answersBeforeTheWorkers_andKeepsTheirResults() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let cache = CheckCache()
        var options = try GoldenFixtures.options(.never)
        options.cache = cache
        options.workers = CheckWorkers(
            executable: BinaryRunner.executable.path, job: Self.job(path, artifacts: options.artifactsFolder),
            count: 2)
        #expect(try GoldenRunner.run(suite, options: options).failures.isEmpty)
        options.workers = CheckWorkers(executable: "/bin/sh", job: Self.job("/nonexistent", artifacts: "/nonexistent"), count: 2)
        let again = try GoldenRunner.run(suite, options: options)
        #expect(again.results.count == 16 && again.failures.isEmpty)
        let changed = suite.folder + "/" + suite.cases[3].layoutPath
        try Data("size: 1×1 pt\n".utf8).write(to: URL(fileURLWithPath: changed))
        let third = try GoldenRunner.run(suite, options: options)
        #expect(third.failures.map(\.name) == [suite.cases[3].name])
        #expect(third.failures.first?.outcome == .crashed)
    }

    @Test func aWorkerThatCannotStart_leavesEveryCaseToTheParent() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never)
        options.workers = CheckWorkers(
            executable: "/nonexistent/seemore", job: Self.job("/nonexistent", artifacts: "/nonexistent"), count: 2)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.results.count == 16)
        #expect(summary.failures.isEmpty)
    }

    /// `seemore worker` answers a case job with that case's result; a case it does not have, or a job
    /// record it cannot read, get an empty answer (and a message on its standard error).
    @Test func aWorker_answersCaseJobs() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let pool = WorkerPool(executable: BinaryRunner.executable.path, arguments: ["worker"], count: 1)
        defer { pool.drain() }
        let job = Self.job(path, artifacts: try BinaryRunner.temporaryFolder().path).bytes
        for indices in [[0], [5, 6], [15]] {
            let answer = try pool.answer(WorkerJob.checkCases(job: job, run: "r1", indices: indices).message).get()
            let answers = try #require(CheckWorkers.unrecord(answer))
            #expect(answers.map(\.index) == indices)
            for (index, result, fonts) in answers {
                #expect(result.name == suite.cases[index].name && result.outcome == .passed && !fonts.isEmpty)
            }
        }
        // A case the run does not have gets no result; the others of its job do.
        let partial = try pool.answer(WorkerJob.checkCases(job: job, run: "r1", indices: [16, 1]).message).get()
        #expect(try #require(CheckWorkers.unrecord(partial)).map(\.index) == [1])
        #expect(try pool.answer(WorkerJob.checkCases(job: [1, 2, 3], run: "r2", indices: [0]).message).get().isEmpty)
        #expect(pool.replacements == 0)
    }
}
