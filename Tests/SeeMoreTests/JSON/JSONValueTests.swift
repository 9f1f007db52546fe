import Foundation
import Testing

@testable import SeeMore

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
}
