/// A JSON value whose objects keep their keys in the order written, for stable, readable output.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The JSON text; `indent` spaces per level, or everything on one line when nil.
    package func serialized(indent: Int? = 2) -> String {
        var output: [UInt8] = []
        write(to: &output, indent: indent, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    // The text is made as UTF-8 bytes: appending to a String checks its capacity, count and flags on
    // every append, most of the time a report of thousands of cases took to write.
    private func write(to output: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .number(let value): output += Self.format(value).utf8
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            Self.writeContainer(
                count: values.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &output, indent: indent, level: level
            ) {
                values[$0].write(to: &$1, indent: indent, level: level + 1)
            }
        case .object(let members):
            Self.writeContainer(
                count: members.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &output, indent: indent, level: level
            ) {
                Self.writeString(members[$0].0, to: &$1)
                $1 += (indent == nil ? ":" : ": ").utf8
                members[$0].1.write(to: &$1, indent: indent, level: level + 1)
            }
        }
    }

    /// Writes `count` items, each by `item(index, &output)`, between `open` and `close`.
    private static func writeContainer(
        count: Int, open: UInt8, close: UInt8, to output: inout [UInt8], indent: Int?, level: Int,
        item: (Int, inout [UInt8]) throws -> Void
    ) rethrows {
        output.append(open)
        guard count > 0 else { return output.append(close) }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let indent { newline(indent * (level + 1), to: &output) }
            try item(index, &output)
        }
        if let indent { newline(indent * level, to: &output) }
        output.append(close)
    }

    private static func newline(_ spaces: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }

    /// Writes the object `members` in pieces to `emit`, byte for byte as `serialized(indent:)` writes
    /// it, where the member whose value is nil is an array whose `elements.count` elements are made one
    /// at a time by `elements.make` (and each piece handed on at about 64 KB, as UTF-8): a report of
    /// many cases is never held whole, neither as values nor as text.
    package static func writeObject(
        _ members: [(String, JSONValue?)], elements: (count: Int, make: (Int) -> JSONValue), indent: Int?,
        emit: ([UInt8]) throws -> Void
    ) rethrows {
        var output: [UInt8] = []
        try writeContainer(
            count: members.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &output, indent: indent, level: 0
        ) {
            Self.writeString(members[$0].0, to: &$1)
            $1 += (indent == nil ? ":" : ": ").utf8
            guard let value = members[$0].1 else {
                // Appending is all the container writer does, so the text so far can be handed on.
                return try writeContainer(
                    count: elements.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &$1, indent: indent, level: 1
                ) {
                    elements.make($0).write(to: &$1, indent: indent, level: 2)
                    if $1.count >= 1 << 16 {
                        try emit($1)
                        $1.removeAll(keepingCapacity: true)
                    }
                }
            }
            value.write(to: &$1, indent: indent, level: 1)
        }
        try emit(output)
    }

    /// Whole numbers without a fraction; others in Swift's shortest round-trip form.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: no control character, quote, backslash or U+2028/U+2029
        // (whose UTF-8 starts with 0xE2); those are copied whole.
        if !value.containsUTF8Byte(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            output += value.utf8
            return output.append(UInt8(ascii: "\""))
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\"".utf8
            case "\\": output += "\\\\".utf8
            case "\n": output += "\\n".utf8
            case "\r": output += "\\r".utf8
            case "\t": output += "\\t".utf8
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: if let encoded = UTF8.encode(scalar) { output += encoded }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Something that describes itself as JSON.
package protocol JSONRepresentable {
    var json: JSONValue { get }
}

extension Rect: JSONRepresentable {
    package var json: JSONValue {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
    }
}
