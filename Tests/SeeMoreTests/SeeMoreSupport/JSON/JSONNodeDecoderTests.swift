import Foundation
@testable import SeeMoreSupport
import Testing

/// Templates and suites are decoded from the strict parser's tree, not parsed again by JSONDecoder.
@Suite struct JSONNodeDecoderTests {
    struct Sample: Decodable, Equatable {
        struct Inner: Decodable, Equatable {
            var name: String
            var sizes: [Int]
        }
        var count: Int
        var ratio: Double
        var flag: Bool
        var note: String?
        var inner: Inner
        var table: [String: [Double]]
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        guard case .success(let node) = JSONNode.parse(Array(text.utf8)) else { throw POSIXError(.EINVAL) }
        return try T(from: JSONNodeDecoder(node))
    }

    @Test func values_decodeAsCodableSays() throws {
        let sample = try decode(
            Sample.self,
            #"{"count": 3.0, "ratio": 0.5, "flag": true, "note": null, "inner": {"name": "猫", "sizes": [1, 2]}, "table": {"a": [1.5]}}"#
        )
        #expect(
            sample
                == Sample(
                    count: 3, ratio: 0.5, flag: true, note: nil, inner: .init(name: "猫", sizes: [1, 2]), table: ["a": [1.5]]))
    }

    @Test func aWrongType_namesItsPath() throws {
        #expect(throws: DecodingError.self) {
            try decode(
                Sample.self, #"{"count": 3.5, "ratio": 0, "flag": true, "inner": {"name": "x", "sizes": []}, "table": {}}"#)
        }
        do {
            _ = try decode(
                Sample.self, #"{"count": 1, "ratio": 0, "flag": true, "inner": {"name": "x", "sizes": [1, "2"]}, "table": {}}"#)
            Issue.record("a string in an array of numbers decoded")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(JSONDocument.fieldName(context.codingPath) == "inner.sizes[1]")
        }
        do {
            _ = try decode(Sample.self, #"{"count": 1, "ratio": 0, "flag": true, "table": {}}"#)
            Issue.record("a missing field decoded")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "inner")
        }
    }

    @Test func aDocument_pointsAtTheLineAndColumn() throws {
        let text = "{\n  \"count\": 1,\n  \"ratio\": \"half\"\n}"
        #expect(throws: JSONDocument.DecodeError(line: 3, column: 12, field: "ratio", message: "expected a number")) {
            try JSONDocument.decode([String: Double].self, from: Data(text.utf8))
        }
        // A field given twice is the parser's error, before any decoding.
        #expect(throws: JSONDocument.DecodeError.self) {
            try JSONDocument.decode([String: Int].self, from: Data(#"{"a": 1, "a": 2}"#.utf8))
        }
    }
}
