import Glibc

/// Numbers written with a fixed count of decimals, as C's `printf("%.*f")` writes them (and
/// Foundation's `String(format:)`, which the library does not link).
package enum FixedPoint {
    /// `value` with `places` decimals, rounded as `printf` rounds.
    package static func string(_ value: Double, places: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let written = withVaList([Int32(places), value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        if written >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
            _ = withVaList([Int32(places), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
