@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
import Testing

@Suite struct UTF8ValidationTests {
    @Test(
        arguments: [
            ([0x61, 0xC3, 0xA9], nil),  // é
            ([0xE3, 0x81, 0x82, 0xF0, 0x9F, 0x98, 0x80], nil),  // あ😀
            ([0x61, 0x80], 1),  // lone continuation byte
            ([0xC0, 0x80], 0),  // overlong NUL
            ([0xE0, 0x80, 0x80], 0),  // overlong three-byte
            ([0xED, 0xA0, 0x80], 0),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
            ([0x61, 0x62, 0xE3, 0x81], 2),  // cut short at the end
            ([0x61, 0xC3, 0x28], 1),  // bad continuation
            ([0xFF], 0),
        ] as [([UInt8], Int?)])
    func firstInvalidOffset_pointsAtTheBadSequence(bytes: [UInt8], expected: Int?) {
        #expect(firstInvalidUTF8Offset(bytes) == expected)
    }

    @Test func validator_agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SplitMix(seed: 42)
        let alphabet: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x90, 0x8F,
        ]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 6)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let standard = String(validating: bytes, as: UTF8.self) != nil
            #expect((firstInvalidUTF8Offset(bytes) == nil) == standard, "\(bytes)")
        }
    }

    @Test func decoding_rejectsNul() {
        #expect(throws: TextDecodingError.nulCharacter(offset: 2)) { try decodeLayoutText([0x61, 0x62, 0x00]) }
        #expect(throws: TextDecodingError.invalidUTF8(offset: 0)) { try decodeLayoutText([0xFF]) }
    }
}
