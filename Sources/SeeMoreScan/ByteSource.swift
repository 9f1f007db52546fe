import Glibc

/// A descriptor's bytes through a buffer: by byte, or by line up to a limit.
struct ByteSource {
    let descriptor: Int32
    let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var finished = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    private mutating func fill() -> Bool {
        guard !finished else { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                finished = true
                return false
            }
            start = 0
            end = count
            return true
        }
    }

    /// Skips a UTF-8 byte order mark at the very start (a spreadsheet's export writes one); call it
    /// before reading anything.
    mutating func skipByteOrderMark() {
        guard start == 0, end == 0, fill() else { return }
        // A first read shorter than three bytes holds no whole mark worth looking for.
        if end - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF { start += 3 }
    }

    mutating func byte() -> UInt8? {
        if start == end, !fill() { return nil }
        defer { start += 1 }
        return buffer[start]
    }

    mutating func peek() -> UInt8? {
        if start == end, !fill() { return nil }
        return buffer[start]
    }

    /// The next line without its `\n` (at most `limit` bytes kept; `overlong` when it had more); nil at the end.
    mutating func line() -> (bytes: ArraySlice<UInt8>, overlong: Bool)? {
        var line: [UInt8] = []
        var overlong = false
        var any = false
        while true {
            if start == end, !fill() { break }
            any = true
            let window = buffer[start..<end]
            if let newline = window.firstIndex(of: 0x0A) {
                if !overlong { line += buffer[start..<newline] }
                start = newline + 1
                if line.count > limit { overlong = true }
                return (overlong ? [] : line[...], overlong)
            }
            if !overlong { line += window }
            start = end
            if line.count > limit {
                overlong = true
                line = []
            }
        }
        guard any else { return nil }
        if line.count > limit { overlong = true }
        return (overlong ? [] : line[...], overlong)
    }
}
