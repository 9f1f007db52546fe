import Foundation
import SeeMoreSupport

/// The speed table's rows on processes side by side (issue 27's goals): `render --batch` of long texts
/// and `seemore serve` under wrk, each with one worker and with two, and two separate one-worker
/// servers loaded together (this 2-core machine's ceiling, since the load generator and the HTTP
/// handling share the cores with the workers).
struct ParallelRows {
    let seemore: String
    var rows: [(what: String, seemore: String, floor: String, ratio: String, goal: String)] = []

    mutating func run() throws {
        try batch()
        try manyTexts()
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk") {
            try serve()
        } else {
            print("NOTE: no /usr/bin/wrk (make deps installs it): the serve rows are left out")
        }
    }

    /// 60 texts of 6 000 characters, both states: layout dominates. Three pairs, one job then two;
    /// the ratio is the median pair's.
    private mutating func batch() throws {
        let folder = NSTemporaryDirectory() + "seemore-bench-batch-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try Self.writeBatch(0..<60, repeats: 40, to: folder + "/long.jsonl")
        func batch(_ jobs: Int) throws -> Double {
            let run = try ChildProcess.run(
                seemore, ["render", "--batch", input, "--jobs", String(jobs), "--out", folder + "/out\(jobs)"])
            guard run.status == 0 else { throw BenchError("render --batch --jobs \(jobs) failed: exit \(run.status)") }
            return run.seconds
        }
        _ = try batch(2)
        var pairs: [(one: Double, two: Double)] = []
        for _ in 0..<3 { pairs.append((try batch(1), try batch(2))) }
        pairs.sort { $0.one / $0.two < $1.one / $1.two }
        let (one, two) = pairs[1]
        rows.append(
            (
                "render --batch, 60 texts of 6 000 characters, --jobs 2 vs --jobs 1",
                "\(String(format: "%.2f", two)) s vs \(String(format: "%.2f", one)) s: \(String(format: "%.2f", one / two))× faster",
                "2 cores", "", "≥ 1.8×"
            ))
    }

    /// 400 long texts (about 1 200 characters each, both states): `--jobs 2` against `--jobs 1`, and
    /// against two `--jobs 1` processes on half the texts each at once (the machine's ceiling for two
    /// processes). Three rounds; the medians.
    private mutating func manyTexts() throws {
        let folder = NSTemporaryDirectory() + "seemore-bench-many-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let all = try Self.writeBatch(0..<400, repeats: 8, to: folder + "/all.jsonl")
        let halves = [
            try Self.writeBatch(0..<200, repeats: 8, to: folder + "/a.jsonl"),
            try Self.writeBatch(200..<400, repeats: 8, to: folder + "/b.jsonl"),
        ]
        func batch(_ input: String, jobs: Int, out: String) throws -> ChildProcess {
            try ChildProcess.run(seemore, ["render", "--batch", input, "--jobs", String(jobs), "--out", folder + "/" + out])
        }
        var (ones, twos, pairs) = ([Double](), [Double](), [Double]())
        _ = try batch(all, jobs: 2, out: "warm")
        for _ in 0..<3 {
            ones.append(try batch(all, jobs: 1, out: "one").seconds)
            twos.append(try batch(all, jobs: 2, out: "two").seconds)
            // Two processes at once, each on half: the slower one ends the pair.
            let start = ContinuousClock.now
            let group = DispatchGroup()
            let program = seemore
            for (index, half) in halves.enumerated() {
                DispatchQueue.global().async(group: group) {
                    _ = try? ChildProcess.run(
                        program, ["render", "--batch", half, "--jobs", "1", "--out", folder + "/half\(index)"])
                }
            }
            group.wait()
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            pairs.append(Double(seconds) + Double(attoseconds) / 1e18)
        }
        let middle = { (values: [Double]) in values.sorted()[values.count / 2] }
        let (one, two, pair) = (middle(ones), middle(twos), middle(pairs))
        rows.append(
            (
                "render --batch, 400 texts of 1 200 characters, --jobs 2 vs --jobs 1",
                String(format: "%.2f s vs %.2f s: %.2f× faster", two, one, one / two),
                String(format: "%.2f s: two --jobs 1 processes on 200 each, %.2f×", pair, one / pair),
                String(format: "%.2f of theirs", pair / two), "≥ 1.8×"
            ))
    }

    /// Writes a `render --batch` input of the texts numbered `range`: a 154-character sentence
    /// `repeats` times and the number, inline-more at 320 pt, both states. Returns `path`.
    private static func writeBatch(_ range: Range<Int>, repeats: Int, to path: String) throws -> String {
        let base =
            "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed bugs at two in the morning and kept the coffee coming. "
        let lines = range.map { index in
            #"{"text": "\#(String(repeating: base, count: repeats))\#(index)", "template": "inline-more", "name": "c\#(index)", "width": 320, "state": "both"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Requests a second under wrk (8 connections in all, 8 s): an uncached card (a new text each
    /// time) on servers of one and two workers and on two one-worker servers at once, and a cached one.
    private mutating func serve() throws {
        // Each server is stopped however its load ends (a failed wrk must not leave it running).
        let one = try Server(seemore, jobs: 1)
        defer { one.stop() }
        let single = try Self.load(one.url, connections: 8)
        one.stop()
        let a = try Server(seemore, jobs: 1)
        defer { a.stop() }
        let b = try Server(seemore, jobs: 1)
        defer { b.stop() }
        let second = Box()
        let done = DispatchSemaphore(value: 0)
        let secondURL = b.url
        DispatchQueue.global().async {
            second.value = (try? Self.load(secondURL, connections: 4)) ?? 0
            done.signal()
        }
        let first = try Self.load(a.url, connections: 4)
        done.wait()
        a.stop()
        b.stop()
        let two = try Server(seemore, jobs: 2)
        defer { two.stop() }
        let double = try Self.load(two.url, connections: 8)
        let cached = try Self.load(two.url, connections: 8, cached: true)
        two.stop()
        let ceiling = first + second.value
        rows.append(("serve, uncached card, --jobs 1", "\(Int(single))/s", "", "", ""))
        rows.append(
            (
                "serve, uncached card, --jobs 2 vs two --jobs 1 servers at once", "\(Int(double))/s",
                "\(Int(ceiling))/s (\(Int(first)) + \(Int(second.value)))", "\(Int((double / ceiling * 100).rounded()))%", "≥ 90%"
            ))
        rows.append(("serve, cached card, --jobs 2", "\(Int(cached))/s", "", "", "≥ 10 700/s"))
    }

    /// wrk's requests a second against the server at `url`: uncached cards (`Benchmarks/uncached.lua`)
    /// or one cached card.
    private static func load(_ url: String, connections: Int, cached: Bool = false) throws -> Double {
        let script = Bench.package + "/Benchmarks/uncached.lua"
        let target =
            cached ? url + "render.png?template=inline-more&width=320&text=We%20shipped%20the%20new%20onboarding%20flow" : url
        let run = try ChildProcess.run(
            "/usr/bin/wrk", ["-t\(min(2, connections))", "-c\(connections)", "-d8s"] + (cached ? [] : ["-s", script]) + [target])
        guard run.status == 0, let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let value = Double(line.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces))
        else { throw BenchError("wrk failed (exit \(run.status)): \(run.output)") }
        if run.output.contains("Non-2xx") { throw BenchError("wrk saw errors: \(run.output)") }
        return value
    }
}

/// A `seemore serve` process on a free port, stopped with SIGTERM.
private final class Server {
    let pid: pid_t
    let url: String
    private let log: String

    init(_ seemore: String, jobs: Int) throws {
        log = NSTemporaryDirectory() + "seemore-bench-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let log = log
        switch ProcessSpawn.start(
            seemore, arguments: ["serve", "--port", "0", "--jobs", String(jobs)],
            redirect: {
                posix_spawn_file_actions_addopen(&$0, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            })
        {
        case .success(let started): pid = started
        case .failure(let failure): throw BenchError(failure.description)
        }
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "Serving on "), let end = text[range.upperBound...].firstIndex(of: " ") {
                url = String(text[range.upperBound..<end])
                usleep(200_000)  // its workers start meanwhile
                return
            }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        throw BenchError("seemore serve did not start")
    }

    private var stopped = false

    /// Stops it and waits for it; again, nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        unlink(log)
    }
}

/// A figure measured on another thread.
///
/// `@unchecked Sendable`: `value` is written once by that thread before it signals a semaphore, and
/// read only after waiting for it.
private final class Box: @unchecked Sendable {
    var value = 0.0
}
