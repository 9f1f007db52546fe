/// The widths of words laid out alone, unwrapped and plain (no markup, no weight of their own), kept
/// across the texts one engine lays out: such a width depends only on the word's bytes, the body
/// font and the language (the engine's context being fixed), so the many texts and widths of a scan
/// measure each common word once (`TextStyle.measureFits`).
final class WordWidths {
    struct Key: Hashable {
        let font: String
        let language: String?
        let bytes: [UInt8]
    }

    /// Widths in points, by what decides them.
    private var widths: [Key: Double] = [:]
    /// Entries kept before all are dropped: memory stays bounded whatever the texts.
    static let capacity = 8192
    /// The longest word kept, in bytes.
    static let longestWord = 64

    func width(_ key: Key) -> Double? { widths[key] }

    func forgetAll() { widths.removeAll(keepingCapacity: true) }

    func remember(_ width: Double, for key: Key) {
        if widths.count >= Self.capacity { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
    }
}
