/// `Decodable` values read from a tree `JSONParser` made, so a file people write (a template, a
/// suite) is parsed once, by the one strict parser (a field given twice is refused), and every node
/// keeps its line and column for the error.
package struct JSONNodeDecoder: Decoder {
    let node: JSONNode
    package let codingPath: [CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package init(_ node: JSONNode, codingPath: [CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch([String: String].self, codingPath) }
        return KeyedDecodingContainer(Keyed(members: members, codingPath: codingPath))
    }

    package func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else { throw mismatch([String].self, codingPath) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    package func singleValueContainer() throws -> SingleValueDecodingContainer { Single(node: node, codingPath: codingPath) }

    fileprivate func mismatch(_ type: Any.Type, _ path: [CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type)"))
    }

    /// An object's members by name (a name given twice was refused by the parser).
    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, node: JSONNode)]
        let codingPath: [CodingKey]
        /// Each member's position by name: a suite's `texts` may have 100 000 members, each looked up once.
        private let positions: [String: Int]

        init(members: [(key: String, node: JSONNode)], codingPath: [CodingKey]) {
            self.members = members
            self.codingPath = codingPath
            positions = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { _, last in last })
        }

        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { positions[key.stringValue] != nil }

        private func child(_ key: Key) throws -> JSONNodeDecoder {
            guard let position = positions[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
            }
            return JSONNodeDecoder(members[position].node, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard case .null = try child(key).node.value else { return false }
            return true
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Bool(from: child(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try String(from: child(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Double(from: child(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Float(from: child(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Int(from: child(key)) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Int8(from: child(key)) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Int16(from: child(key)) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Int32(from: child(key)) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Int64(from: child(key)) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try UInt(from: child(key)) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try UInt8(from: child(key)) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try UInt16(from: child(key)) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try UInt32(from: child(key)) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try UInt64(from: child(key)) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { try child(key).container(keyedBy: type) }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
        func superDecoder() throws -> Decoder {
            JSONNodeDecoder(JSONNode(value: .object(members), line: 0, column: 0), codingPath: codingPath)
        }
        func superDecoder(forKey key: Key) throws -> Decoder { try child(key) }
    }

    /// An array's elements, in order.
    private struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONNode]
        let codingPath: [CodingKey]
        var currentIndex = 0

        init(elements: [JSONNode], codingPath: [CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private mutating func next() throws -> JSONNodeDecoder {
            let path = codingPath + [AnyCodingKey(index: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: path, debugDescription: "the array ends"))
            }
            defer { currentIndex += 1 }
            return JSONNodeDecoder(elements[currentIndex], codingPath: path)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try Bool(from: next()) }
        mutating func decode(_ type: String.Type) throws -> String { try String(from: next()) }
        mutating func decode(_ type: Double.Type) throws -> Double { try Double(from: next()) }
        mutating func decode(_ type: Float.Type) throws -> Float { try Float(from: next()) }
        mutating func decode(_ type: Int.Type) throws -> Int { try Int(from: next()) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try Int8(from: next()) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try Int16(from: next()) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try Int32(from: next()) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try Int64(from: next()) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try UInt(from: next()) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try UInt8(from: next()) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try UInt16(from: next()) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try UInt32(from: next()) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try UInt64(from: next()) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { try next().container(keyedBy: type) }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> Decoder { try next() }
    }

    /// One value: where the primitives are read, each of its own JSON type only.
    private struct Single: SingleValueDecodingContainer {
        let node: JSONNode
        let codingPath: [CodingKey]

        private func mismatch(_ type: Any.Type) -> DecodingError {
            if case .null = node.value {
                return DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
            }
            return DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type)"))
        }

        private func number() throws -> Double {
            guard case .number(let value) = node.value else { throw mismatch(Double.self) }
            return value
        }

        /// A whole number that fits `T`: 3 and 3.0, not 3.5 or 1e30.
        private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard case .number(let value) = node.value else { throw mismatch(type) }
            guard let whole = T(exactly: value) else { throw mismatch(type) }
            return whole
        }

        func decodeNil() -> Bool {
            guard case .null = node.value else { return false }
            return true
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let value) = node.value else { throw mismatch(type) }
            return value
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let value) = node.value else { throw mismatch(type) }
            return value
        }

        func decode(_ type: Double.Type) throws -> Double { try number() }
        func decode(_ type: Float.Type) throws -> Float { Float(try number()) }
        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: JSONNodeDecoder(node, codingPath: codingPath)) }
    }
}
