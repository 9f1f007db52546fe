import CSupport
import FoundationEssentials
import Glibc
import SeeMoreSupport

/// A run's case results in a temporary file instead of in memory, so a check of 100 000 cases holds
/// a few bytes a case (where the record lies, and the facts the summary counts), not the results.
///
/// Results are written as records (`CaseResult.write(to:)`) to a file without a name in the
/// artifacts folder, which vanishes when the run ends however it ends. Nothing is lost when the disk
/// fills or no file can be made: the records not yet written are kept in memory instead. Results may
/// arrive in any order from any thread; they are read back by case index.
///
/// `@unchecked Sendable`: every stored `var` is read and written only inside `lock.withLock`
/// (`flush` and `readBack` are called only from inside it); `descriptor` is a `let`, closed in `deinit`.
final class ResultSpool: @unchecked Sendable {
    /// Where a case's record lies (length 0: not answered yet) and what is counted without reading it.
    private struct Entry {
        var offset = 0
        var length: UInt32 = 0
        var facts = CaseResult.Facts(outcome: .passed, recorded: false, writeError: false)
    }

    private let lock = Lock()
    /// The file, or -1 when results are kept in memory.
    private let descriptor: Int32
    /// A write to the file failed: from then on records stay in memory (those written are still read back).
    private var fileFailed = false
    private var entries: [Entry]
    /// Records from `pendingStart` on, not yet in the file.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Pieces of the file read back, the least recently used replaced first. Reading in case order
    /// reads on in as many places as there were workers (each wrote its cases in order, one ahead of
    /// another), so a few pieces serve nearly every read.
    private var windows: [(start: Int, bytes: [UInt8], used: Int)] = []
    private var reads = 0

    /// Records are written to the file in pieces of this size.
    static let flushBytes = 1 << 20
    private static let windowBytes = 64 << 10
    private static let windowCount = 8

    /// - Parameter folder: where the temporary file is made; nil keeps the results in memory.
    convenience init(count: Int, folder: String?) {
        self.init(count: count, descriptor: folder.map { seemore_open_scratch($0) } ?? -1)
    }

    /// Over an open file it then owns (-1: none).
    init(count: Int, descriptor: Int32) {
        entries = Array(repeating: Entry(), count: count)
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var count: Int { lock.withLock { entries.count } }

    /// Whether the results are in a file (false: in memory, by choice or because the file failed).
    var usesFile: Bool { lock.withLock { descriptor >= 0 && !fileFailed } }

    /// Keeps `result` as case `index`'s; a second result for a case replaces the first.
    func store(_ result: CaseResult, at index: Int) {
        var record = RecordWriter()
        result.write(to: &record)
        let bytes = record.bytes
        lock.withLock {
            guard entries.indices.contains(index) else { return }
            entries[index] = Entry(offset: pendingStart + pending.count, length: UInt32(bytes.count), facts: result.facts)
            pending += bytes
            if pending.count >= Self.flushBytes { flush() }
        }
    }

    /// Whether case `index` has a result.
    func has(_ index: Int) -> Bool { lock.withLock { entries.indices.contains(index) && entries[index].length > 0 } }

    package func facts(at index: Int) -> CaseResult.Facts? {
        lock.withLock { entries.indices.contains(index) && entries[index].length > 0 ? entries[index].facts : nil }
    }

    /// Case `index`'s result; nil when it has none or its record cannot be read back (an I/O error).
    /// Threads may read at once: the record's bytes are found under the lock and decoded outside it
    /// (the slice keeps its own copy of them when the spool changes).
    func result(at index: Int) -> CaseResult? {
        let found: ArraySlice<UInt8>? = lock.withLock {
            guard entries.indices.contains(index), entries[index].length > 0 else { return nil }
            let entry = entries[index]
            let length = Int(entry.length)
            if entry.offset >= pendingStart {
                return pending[(entry.offset - pendingStart)..<(entry.offset - pendingStart + length)]
            }
            return readBack(offset: entry.offset, length: length)
        }
        guard let bytes = found else { return nil }
        var reader = RecordReader(bytes)
        return try? CaseResult(from: &reader)
    }

    /// Writes the pending records to the file; when it cannot, they stay in memory and so do all later ones.
    private func flush() {
        guard descriptor >= 0, !fileFailed, !pending.isEmpty else { return }
        let written = pending.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < buffer.count {
                let count = pwrite(descriptor, base + done, buffer.count - done, off_t(pendingStart + done))
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        guard written else {
            // Whatever part did reach the file is never read: every record from pendingStart on is
            // served from memory.
            fileFailed = true
            return
        }
        pendingStart += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// The bytes of a record in the file, through the read-back windows.
    private func readBack(offset: Int, length: Int) -> ArraySlice<UInt8>? {
        reads += 1
        if let hit = windows.firstIndex(where: { offset >= $0.start && offset + length <= $0.start + $0.bytes.count }) {
            windows[hit].used = reads
            let start = windows[hit].start
            return windows[hit].bytes[(offset - start)..<(offset - start + length)]
        }
        // A little before too: results of one worker arrive a little out of case order.
        let start = max(0, offset - Self.windowBytes / 8)
        let wanted = min(max(Self.windowBytes, offset + length - start), pendingStart - start)
        guard descriptor >= 0, wanted > 0 else { return nil }
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
            filled = 0
            guard let base = buffer.baseAddress else { return }
            while filled < wanted {
                let count = pread(descriptor, base + filled, wanted - filled, off_t(start + filled))
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                filled += count
            }
        }
        guard offset + length <= start + bytes.count else { return nil }
        let window = (start: start, bytes: bytes, used: reads)
        if windows.count < Self.windowCount {
            windows.append(window)
        } else if let oldest = windows.indices.min(by: { windows[$0].used < windows[$1].used }) {
            windows[oldest] = window
        }
        return bytes[(offset - start)..<(offset - start + length)]
    }
}
