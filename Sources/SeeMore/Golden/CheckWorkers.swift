import Dispatch
import FoundationEssentials

/// `seemore check --jobs N` on N processes of this program instead of N threads. Pango and Cairo run
/// one thread at a time in a process (`TextStack`), so threads share one process's rendering while
/// processes render side by side.
///
/// Each worker is `seemore check … --worker I/N --claim`: it checks the selected cases it claims a chunk at a
/// time from a counter the workers share (`CaseClaims`; without `--claim`, those `share` gives the I-th),
/// writes their artifacts and goldens as any run does, and prints each result as one frame (`frame`). The
/// parent holds the suite's lock, gathers the results in case order and alone writes the fingerprint
/// and the report, so the output is the same for any N. A case no worker answered (one crashed) is
/// checked again by the parent itself.
public struct CheckWorkers: Sendable {
    /// This program.
    public var executable: String
    /// The `check` arguments every worker gets, before its `--worker I/N`.
    public var arguments: [String]
    public var count: Int

    public init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        self.count = count
    }

    /// Which of `count` workers (0-based) checks case `index`. Cases sorted by name alternate
    /// collapsed and expanded, and an expanded card costs more: every N-th case gave one of two
    /// workers all the expanded cards, 27% more work (instructions, 800 generated cases) while the
    /// other waited. Pairs of neighbours (a card's two states) are dealt out by Fibonacci hashing
    /// instead, which spreads any regular pattern of the sorted names evenly (the two shares 0.9% apart).
    static func share(of index: Int, workers count: Int) -> Int {
        // The fractional part of pair × the golden ratio, scaled to the workers: a low-discrepancy
        // sequence, so every stretch of cases is shared out nearly evenly.
        let fraction = UInt64(index / 2) &* 0x9E37_79B9_7F4A_7C15
        return Int(fraction.multipliedFullWidth(by: UInt64(max(1, count))).high)
    }

    /// One result as a worker prints it: its length (4 bytes, little-endian), then a record of the
    /// case's index, the font files it used and its result (`CaseResult.write(to:)`).
    static func frame(index: Int, result: CaseResult, fonts: [String]) -> [UInt8] {
        var record = RecordWriter()
        record.integer(index)
        record.array(fonts) { $0.string($1) }
        result.write(to: &record)
        let length = UInt32(clamping: record.bytes.count)
        return (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + record.bytes
    }

    /// The length of the record of the frame that starts at `start` (at least 4 bytes must follow it).
    static func recordLength<Bytes: RandomAccessCollection>(in bytes: Bytes, at start: Int) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        (0..<4).reduce(0) { $0 | Int(bytes[start + $1]) << (8 * $1) }
    }

    /// A frame's record read back: nil for bytes no worker wrote.
    static func unframe(_ record: ArraySlice<UInt8>) -> (index: Int, result: CaseResult, fonts: [String])? {
        var reader = RecordReader(record)
        guard let index = try? reader.integer(), let fonts = try? reader.array({ try $0.string() }),
            let result = try? CaseResult(from: &reader), reader.isAtEnd
        else { return nil }
        return (index, result, fonts)
    }

    /// No frame is longer: a worker that announces more has gone wrong, and the rest of its output is ignored.
    static let maximumFrameBytes = 64 << 20

    /// Runs the workers over `cases` cases, calling `finish` (from any thread, one call at a time per
    /// worker) for every result; returns the indices answered. A `stop` request is passed on to every
    /// worker (SIGTERM), which finishes the cases it began, and no worker is started after it.
    func run(cases: Int, stop: StopRequest? = nil, finish: @escaping @Sendable (Int, CaseResult, [String]) -> Void) -> Set<Int> {
        let answered = Answered()
        let workers = max(1, min(count, cases))
        // Where the system cannot share a counter, each worker takes its fixed share.
        let claims = CaseClaims()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let workerArguments =
                arguments + ["--worker", "\(worker + 1)/\(workers)"] + (claims == nil ? [] : ["--claim"])
            guard stop?.isRequested != true,
                let process = try? SpawnedProcess(executable, arguments: workerArguments, input: claims?.descriptor)
            else {
                return  // its cases are checked by the parent
            }
            (stop ?? StopRequest()).whileWatching({ _ in process.terminate() }) {
                read(process, cases: cases, answered: answered, finish: finish)
            }
            process.wait()
        }
        return answered.indices
    }

    /// Reads a worker's frames until its output ends, handing on each new answer.
    private func read(
        _ process: SpawnedProcess, cases: Int, answered: Answered, finish: (Int, CaseResult, [String]) -> Void
    ) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        reading: while true {
            let count = process.read(into: &chunk)
            if count <= 0 { break }
            pending += chunk[0..<count]
            var start = 0
            while pending.count - start >= 4 {
                let length = Self.recordLength(in: pending, at: start)
                guard length <= Self.maximumFrameBytes else {
                    // Not a frame: its cases are checked by the parent. Asked to stop, the worker
                    // finishes the case it is on; what it still writes is read and dropped.
                    process.terminate()
                    while process.read(into: &chunk) > 0 {}
                    break reading
                }
                guard pending.count - start - 4 >= length else { break }
                let record = pending[(start + 4)..<(start + 4 + length)]
                if let (index, result, fonts) = Self.unframe(record), (0..<cases).contains(index), answered.insert(index) {
                    finish(index, result, fonts)
                }
                start += 4 + length
            }
            // Only an unfinished frame is kept (moved once), not the frames already read.
            if start > 0 { pending.removeFirst(start) }
        }
    }
}

/// Case indices answered so far, from several reading threads.
private final class Answered: @unchecked Sendable {
    private let lock = Lock()
    private var set = Set<Int>()

    var indices: Set<Int> { lock.withLock { set } }

    /// False when it was answered already (a second answer is ignored).
    func insert(_ index: Int) -> Bool { lock.withLock { set.insert(index).inserted } }
}
