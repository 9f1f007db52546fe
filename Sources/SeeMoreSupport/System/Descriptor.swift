import Glibc

/// Whole reads and writes on a file descriptor, again after partial transfers and interruptions
/// (what Foundation's `FileHandle` gave; the library links only FoundationEssentials).
package enum Descriptor {
    /// Writes all of `bytes`; false at the first error, with `errno` saying which.
    @discardableResult
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
    }

    /// Reads to the end of the file or `limit` bytes, whichever comes first; nil at an error, with
    /// `errno` saying which.
    package static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
