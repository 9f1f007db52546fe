import FoundationEssentials

/// Decodes a JSON file with `Codable`, from the tree the strict parser makes (`JSONNodeDecoder`), and
/// turns every error into one that points at a line, a column and a field, for files people write by
/// hand (templates, suites).
package enum JSONDocument {
    package struct DecodeError: Error, Equatable {
        package var line: Int
        package var column: Int
        /// "themes.dark.suffix"; nil for a syntax error.
        package var field: String?
        package var message: String
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let bytes = [UInt8](data)
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw DecodeError(line: 1, column: 1, field: nil, message: "not valid UTF-8 at byte \(offset)")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
        } catch let error as JSONSyntaxError {
            throw DecodeError(line: error.line, column: error.column, field: nil, message: error.message)
        }
        do {
            return try Value(from: JSONNodeDecoder(root))
        } catch let error as DecodingError {
            let (codingPath, message) = describe(error)
            let node = root.node(at: codingPath)
            throw DecodeError(line: node.line, column: node.column, field: fieldName(codingPath), message: message)
        }
    }

    /// Where the value at `path` starts in `data` (line, column), or nil when the data does not parse.
    package static func locate(_ path: [CodingKey], in data: Data) -> (line: Int, column: Int)? {
        guard let root = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { return nil }
        let node = root.node(at: path)
        return (node.line, node.column)
    }

    /// "themes.dark.suffix", "matrices[0].fonts".
    package static func fieldName(_ path: [CodingKey]) -> String {
        // "matrices[0].templates[1]", as JSONPath and JavaScript write it.
        path.reduce(into: "") { name, key in
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += (name.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    private static func describe(_ error: DecodingError) -> (path: [CodingKey], message: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (context.codingPath, "expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return (context.codingPath, "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            return (context.codingPath + [key], "missing required field")
        case .dataCorrupted(let context):
            return (context.codingPath, context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        case is Int.Type: return "a whole number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            return name.hasPrefix("Dictionary") ? "an object" : name.hasPrefix("Array") ? "an array" : "an object (\(name))"
        }
    }
}
