/// Reads what `RecordWriter` wrote. Every read is checked against the bytes left: a short or damaged
/// record throws `RecordReader.Damaged` (never reads past its end, never allocates more than it holds).
package struct RecordReader {
    package struct Damaged: Error {
        package init() {}
    }

    private let bytes: ArraySlice<UInt8>
    private var position: Int

    package init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    package var isAtEnd: Bool { position == bytes.endIndex }

    package mutating func integer() throws(Damaged) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.endIndex, shift < 64 else { throw Damaged() }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let decoded = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        guard let result = Int(exactly: decoded) else { throw Damaged() }
        return result
    }

    /// A count of things each at least a byte long: never more than the bytes left.
    package mutating func count() throws(Damaged) -> Int {
        let count = try integer()
        guard count >= 0, count <= bytes.endIndex - position else { throw Damaged() }
        return count
    }

    package mutating func bool() throws(Damaged) -> Bool {
        guard position < bytes.endIndex, bytes[position] <= 1 else { throw Damaged() }
        position += 1
        return bytes[position - 1] == 1
    }

    package mutating func double() throws(Damaged) -> Double {
        guard bytes.endIndex - position >= 8 else { throw Damaged() }
        var bits: UInt64 = 0
        for offset in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[position + offset]) }
        position += 8
        return Double(bitPattern: bits)
    }

    package mutating func string() throws(Damaged) -> String {
        let length = try count()
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    package mutating func data() throws(Damaged) -> [UInt8] {
        let length = try count()
        defer { position += length }
        return Array(bytes[position..<position + length])
    }

    package mutating func optional<Value>(_ read: (inout RecordReader) throws -> Value) throws -> Value? {
        try bool() ? try read(&self) : nil
    }

    /// Elements appended as they are read: memory grows only with the bytes read.
    package mutating func array<Element>(_ read: (inout RecordReader) throws -> Element) throws -> [Element] {
        let count = try count()
        var elements: [Element] = []
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }
}
