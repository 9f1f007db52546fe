extension JSONNode {
    /// Reads JSON from UTF-8 bytes; nil when they are not JSON.
    package static func read<Bytes: Collection>(_ bytes: Bytes) -> JSONNode? where Bytes.Element == UInt8 {
        try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Reads JSON from UTF-8 bytes, or says where and why they are not JSON ("column 12: …").
    package static func parse<Bytes: Collection>(_ bytes: Bytes) -> Result<JSONNode, JSONReadError> where Bytes.Element == UInt8 {
        do {
            return .success(try JSONParser.parse(String(decoding: bytes, as: UTF8.self)))
        } catch let error as JSONSyntaxError {
            return .failure(JSONReadError(line: error.line, column: error.column, message: error.message))
        } catch {
            return .failure(JSONReadError(line: 1, column: 1, message: "\(error)"))
        }
    }

    package var number: Double? {
        guard case .number(let value) = value else { return nil }
        return value
    }

    /// Whether it is an object (of any members).
    package var isObject: Bool {
        guard case .object = value else { return false }
        return true
    }

    /// An object's member `key` (the last of that name); nil for anything else.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.node
    }

    /// An object's members in order; nil for anything else.
    package var members: [(key: String, node: JSONNode)]? {
        guard case .object(let members) = value else { return nil }
        return members
    }

    package var string: String? {
        guard case .string(let text) = value else { return nil }
        return text
    }

    package var array: [JSONNode]? {
        guard case .array(let elements) = value else { return nil }
        return elements
    }

    package var isNull: Bool {
        guard case .null = value else { return false }
        return true
    }

    /// An object whose members are all strings, as a dictionary; nil for anything else.
    package var strings: [String: String]? {
        guard case .object(let members) = value else { return nil }
        var result: [String: String] = [:]
        for member in members {
            guard let text = member.node.string else { return nil }
            result[member.key] = text
        }
        return result
    }

    /// An object whose members are all arrays of strings, as a dictionary; nil for anything else.
    package var stringLists: [String: [String]]? {
        guard case .object(let members) = value else { return nil }
        var result: [String: [String]] = [:]
        for member in members {
            guard let elements = member.node.array else { return nil }
            let texts = elements.compactMap(\.string)
            guard texts.count == elements.count else { return nil }
            result[member.key] = texts
        }
        return result
    }
}

/// Where and why bytes are not JSON.
package struct JSONReadError: Error, Equatable {
    package var line: Int
    package var column: Int
    package var message: String
}

extension JSONNode {
    package var bool: Bool? {
        guard case .bool(let value) = value else { return nil }
        return value
    }

    /// A number that is a whole number from `range`; nil for anything else.
    package func integer(in range: ClosedRange<Int>) -> Int? {
        guard let number, number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else { return nil }
        return Int(number)
    }
}

extension JSONNode {
    /// An object's members in order; nil for anything else.
    package var objectMembers: [(key: String, node: JSONNode)]? {
        guard case .object(let members) = value else { return nil }
        return members
    }
}
