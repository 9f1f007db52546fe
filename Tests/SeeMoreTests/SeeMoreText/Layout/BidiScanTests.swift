@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

@Suite struct BidiScanTests {
    /// The definition, read afresh for each question: the paragraph's kept part, from its start.
    private static func needsBidi(before end: Int, in text: IndexedText) -> Bool {
        let start = text.paragraphStart(before: end)
        return StrongDirection.needsBidi(text.bytes[text.byteOffsets[start]..<text.byteOffsets[end]])
    }

    @Test func scan_answersAsReadingAfreshDoes_inAnyOrder() {
        let pieces = [
            "plain words ", "שלום", "\n", "\r\n", "\u{2029}", "١٢٣", "東京 ", "x\u{202A}y", "é", "مرحبا", "🎉", "\u{2067}z\u{2069}",
            "123 ",
        ]
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var asked = 0
        var needing = 0
        for _ in 0..<300 {
            let text = IndexedText((0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined())
            var scan = BidiScan()
            for _ in 0..<20 {
                // Mostly rising, as a search asks, at times back again.
                let end = next(4) == 0 ? next(text.count + 1) : min(text.count, (asked % 7) * text.count / 6 + next(3))
                let expected = Self.needsBidi(before: end, in: text)
                #expect(
                    scan.needsBidi(paragraphBefore: end, in: text) == expected,
                    "\(String(decoding: text.bytes, as: UTF8.self).debugDescription) before \(end)")
                asked += 1
                if expected { needing += 1 }
            }
        }
        #expect(needing > asked / 5 && needing < asked * 4 / 5, "\(needing) of \(asked)")
    }
}
