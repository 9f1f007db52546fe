import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct JSONValueTests {
    @Test func objects_keepTheirKeyOrder() {
        let value = JSONValue.object([("b", .number(1)), ("a", .number(2.5)), ("c", .null)])
        #expect(value.serialized(indent: nil) == #"{"b":1,"a":2.5,"c":null}"#)
    }

    @Test func strings_areEscapedAndRoundTrip() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} CRLF \r\n 日本 👍🏽 \u{2028}"
        let json = JSONValue.array([.string(text)]).serialized()
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(decoded == [text])
        #expect(json.contains("\\u0007"))
    }

    @Test func emptyContainers_stayOnOneLine() {
        #expect(JSONValue.object([("a", .array([])), ("b", .object([]))]).serialized() == "{\n  \"a\": [],\n  \"b\": {}\n}")
    }

    /// An object with an array made element by element is written in pieces, byte for byte as the
    /// whole value serializes, whatever the indentation, empty array included.
    @Test(arguments: [nil, 2] as [Int?])
    func streamedObject_isTheSameTextInPieces(indent: Int?) throws {
        func element(_ index: Int) -> JSONValue {
            .object([("name", .string("case \(index) \"quoted\" <b>")), ("values", .array([.number(Double(index)), .null]))])
        }
        for count in [0, 1, 3000] {
            let members: [(String, JSONValue?)] = [("head", .string("first")), ("cases", nil), ("tail", .array([.bool(true)]))]
            let whole = JSONValue.object(members.map { ($0.0, $0.1 ?? .array((0..<count).map(element))) })
            var pieces: [[UInt8]] = []
            JSONValue.writeObject(members, elements: (count, element), indent: indent) { pieces.append($0) }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole.serialized(indent: indent), "\(count) elements")
            if count == 3000 { #expect(pieces.count > 1, "handed on in pieces") }
        }
    }
}
