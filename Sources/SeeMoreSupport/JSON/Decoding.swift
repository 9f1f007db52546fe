import FoundationEssentials

/// A coding key for any field name, to list the fields a JSON object really has.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
    }

    package init?(intValue: Int) {
        self.init(index: intValue)
    }

    package init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }
}

extension Decoder {
    /// Throws for a field the type does not know, naming it (a misspelt field would otherwise be ignored).
    package func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_ keys: Key.Type) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let known = Set(Key.allCases.map(\.stringValue))
        for key in container.allKeys where !known.contains(key.stringValue) {
            let allowed = Key.allCases.map(\.stringValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [key], debugDescription: "unknown field; known fields are \(allowed)"))
        }
    }
}

extension KeyedDecodingContainer {
    /// A number above 0 and at most `maximum`, or nil when absent.
    package func decodePositive(forKey key: Key, maximum: Double) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value > 0, value <= maximum else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be above 0 and at most \(JSONValue.format(maximum)), not \(value)")
        }
        return value
    }

    /// A number from 0 to `maximum` (points, by default at most 10 000), or nil when absent.
    package func decodeNonNegative(forKey key: Key, maximum: Double = 10_000) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value >= 0, value <= maximum else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be from 0 to \(JSONValue.format(maximum)), not \(value)")
        }
        return value
    }
}

/// Decodes one of an enum's raw values, listing the allowed ones when the value is not one of them.
package func decodeChoice<Choice: RawRepresentable & CaseIterable>(from decoder: Decoder) throws -> Choice
where Choice.RawValue == String {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let choice = Choice(rawValue: text) else {
        let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not one of \(allowed)")
    }
    return choice
}
