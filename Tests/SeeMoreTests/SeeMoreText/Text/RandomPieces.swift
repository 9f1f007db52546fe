/// Reproducible random texts joined from pieces, for tests that compare two readings of many texts.
struct RandomPieces {
    let pieces: [String]
    private var seed: UInt64

    init(_ pieces: [String], seed: UInt64) {
        self.pieces = pieces
        self.seed = seed
    }

    /// The next number of a linear congruential generator (its high bits are the random ones).
    mutating func next() -> UInt64 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return seed
    }

    /// A text of 0 to `longest` pieces, each repeated `repeats(piece, random)` times (once by default).
    mutating func text(longest: Int, repeats: (String, UInt64) -> Int = { _, _ in 1 }) -> String {
        var text = ""
        for _ in 0..<Int(next() % UInt64(longest + 1)) {
            let random = next()
            let piece = pieces[Int((random >> 33) % UInt64(pieces.count))]
            text += String(repeating: piece, count: repeats(piece, random))
        }
        return text
    }
}
