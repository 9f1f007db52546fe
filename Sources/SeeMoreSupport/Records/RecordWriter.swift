/// Bytes for a record: integers as unsigned LEB128, doubles as their 64 bits, strings as a length and
/// their UTF-8. What `RecordReader` reads back; a compact, fast form for results that pass between
/// processes and through a temporary file (`ResultSpool`), never a format kept on disk.
package struct RecordWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func integer(_ value: Int) {
        // Zigzag, so a negative number (never written today) stays short and round-trips.
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A length, then the bytes.
    package mutating func data(_ value: [UInt8]) {
        integer(value.count)
        bytes.append(contentsOf: value)
    }

    /// A presence flag, then the value when there is one.
    package mutating func optional<Value>(_ value: Value?, _ write: (inout RecordWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    /// A count, then every element.
    package mutating func array<Element>(_ elements: [Element], _ write: (inout RecordWriter, Element) -> Void) {
        integer(elements.count)
        for element in elements { write(&self, element) }
    }
}
