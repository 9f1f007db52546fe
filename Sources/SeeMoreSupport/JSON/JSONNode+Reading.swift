extension JSONNode {
    /// Reads JSON from UTF-8 bytes; nil when they are not JSON.
    package static func read<Bytes: Collection>(_ bytes: Bytes) -> JSONNode? where Bytes.Element == UInt8 {
        try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// An object's member `key` (the last of that name); nil for anything else.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.node
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
