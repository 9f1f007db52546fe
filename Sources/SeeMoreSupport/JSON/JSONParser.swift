/// A JSON value read from text, with the line and column where it starts, so errors can point at it.
package struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([(key: String, node: JSONNode)])
    }

    var value: Value
    /// 1-based line and column (in characters) of the value's first character.
    package var line: Int
    package var column: Int

    /// The node at a decoding path (object keys and array indices); for a path that goes past
    /// what exists, the deepest node that does.
    func node(at path: [CodingKey]) -> JSONNode {
        guard let first = path.first else { return self }
        switch value {
        case .object(let members):
            if let member = members.last(where: { $0.key == first.stringValue }) {
                return member.node.node(at: Array(path.dropFirst()))
            }
        case .array(let elements):
            if let index = first.intValue, elements.indices.contains(index) {
                return elements[index].node(at: Array(path.dropFirst()))
            }
        default: break
        }
        return self
    }
}

/// JSON text that does not parse, with where.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 JSON parser that keeps positions.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    static func parse(_ text: String) throws -> JSONNode {
        var parser = JSONParser(scalars: Array(text.unicodeScalars))
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.scalars.count {
            throw parser.error("unexpected '\(parser.scalars[parser.index])' after the JSON value")
        }
        return node
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < scalars.count {
            switch scalars[index] {
            case " ", "\t", "\r": index += 1
            case "\n":
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        guard depth < 512 else { throw error("nested too deeply") }
        guard index < scalars.count else { throw error("unexpected end of file, expected a value") }
        let (startLine, startColumn) = (line, column)
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
        switch scalars[index] {
        case "{": return node(try parseObject(depth: depth))
        case "[": return node(try parseArray(depth: depth))
        case "\"": return node(.string(try parseString()))
        case "t": try expectWord("true"); return node(.bool(true))
        case "f": try expectWord("false"); return node(.bool(false))
        case "n": try expectWord("null"); return node(.null)
        case "-", "0"..."9": return node(.number(try parseNumber()))
        default: throw error("unexpected '\(scalars[index])', expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        let start = error("invalid literal, expected '\(word)'")
        for expected in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == expected else { throw start }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONNode.Value {
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        // The keys seen, so a field given twice is found in time linear in the object's size.
        var keys = Set<String>()
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "\"" else { throw error("expected a field name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < scalars.count, scalars[index] == ":" else { throw error("expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if !keys.insert(key).inserted {
                throw JSONSyntaxError(line: value.line, column: value.column, message: "duplicate field \"\(key)\"")
            }
            members.append((key, value))
            skipWhitespace()
            guard index < scalars.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if scalars[index] == "," {
                index += 1
                continue
            }
            guard scalars[index] == "}" else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONNode.Value {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < scalars.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if scalars[index] == "," {
                index += 1
                continue
            }
            guard scalars[index] == "]" else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        var result = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else { throw error("unterminated string") }
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                index += 1
                return String(result)
            case "\\":
                index += 1
                guard index < scalars.count else { throw error("unterminated string") }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u": result.append(try parseUnicodeEscape())
                default:
                    index -= 1
                    throw error("invalid escape '\\\(escape)'")
                }
            case _ where scalar.value < 0x20:
                throw error("control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string")
            default:
                result.append(scalar)
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= scalars.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard scalars[index] != "+", scalars[index] != "-", let digit = UInt32(String(scalars[index]), radix: 16) else {
                throw error("\\u needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 6 <= scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else {
                throw error("lone UTF-16 surrogate \\u\(String(high, radix: 16))")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else {
                throw error("invalid UTF-16 surrogate pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("lone UTF-16 surrogate \\u\(String(high, radix: 16))") }
        return scalar
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - first
        }
        if scalars[index] == "-" { index += 1 }
        guard index < scalars.count else { throw error("invalid number") }
        if scalars[index] == "0" {
            index += 1
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            guard digits() > 0 else { throw error("invalid number: digits must follow '.'") }
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            guard digits() > 0 else { throw error("invalid number: digits must follow the exponent") }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        let literal = String(text)
        guard let value = Double(literal) else { throw error("invalid number") }
        // Numbers are read as Double: refuse those it cannot hold, instead of an infinity or a
        // silently rounded whole number.
        let isWhole = !literal.contains(".") && !literal.contains("e") && !literal.contains("E")
        if !value.isFinite || (isWhole && abs(value) > 9_007_199_254_740_992) {
            index = start  // point at the number
            throw error(
                value.isFinite
                    ? "the whole number \(literal) is too large to be represented exactly"
                    : "the number \(literal) is out of range")
        }
        return value
    }
}
