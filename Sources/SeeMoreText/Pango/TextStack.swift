import FoundationEssentials
import SeeMoreSupport

/// The one lock every use of Pango, Cairo, FreeType and fontconfig goes through.
///
/// Each thread has its own Pango font map and context, but below them the libraries share
/// process-wide state: Cairo keeps one cache of scaled fonts for the whole process (two threads laying
/// out "NanumGothic 15" get the same `cairo_scaled_font_t` and its glyph cache) and one FreeType face
/// per font file. Cairo 1.16 does not guard all of it: long randomized runs with two threads showed a
/// line broken at another place than the same request alone gives (a glyph's extents read mid-update),
/// and once a crash inside libcairo. So layout and painting run one thread at a time; what costs
/// most in a check besides them, PNG encoding and decoding and the pixel comparison, still runs in
/// parallel. The lock is recursive: an engine call inside a renderer call takes it again.
package enum TextStack {
    private static let lock = Lock(recursive: true)

    /// Runs `body` while no other thread uses the text stack.
    package static func serialized<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
