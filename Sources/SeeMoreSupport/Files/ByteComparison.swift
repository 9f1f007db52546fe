import Glibc

/// Whether two byte arrays hold the same bytes, compared with `memcmp`: `==` on `[UInt8]` compares
/// element by element (a check that finds thousands of golden copies in place spent more time there
/// than reading them; `RGBAImage`'s `==` compares pixels so).
package func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { first in
        b.withUnsafeBytes { second in
            guard let x = first.baseAddress, let y = second.baseAddress else { return true }
            return memcmp(x, y, first.count) == 0
        }
    }
}
