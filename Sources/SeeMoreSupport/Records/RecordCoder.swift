/// One description of a record's fields for both directions. A type lists its fields once, in
/// order, in a function generic over the coder (`code(_:)`); the same function writes the record
/// (`RecordWriter`) and reads it back into a blank value (`RecordReader`), so the two never drift
/// apart.
package protocol RecordCoder {
    /// What reading can throw (`RecordReader.Damaged`); writing throws nothing (`Never`).
    associatedtype Failure: Error
    /// True while reading: the fields are being filled, not written.
    var reads: Bool { get }
    mutating func code(_ value: inout Int) throws(Failure)
    /// How many elements follow; reading more than the bytes left could hold is damage.
    mutating func code(count: inout Int) throws(Failure)
    mutating func code(_ value: inout Bool) throws(Failure)
    mutating func code(_ value: inout Double) throws(Failure)
    mutating func code(_ value: inout String) throws(Failure)
    /// One of a type's raw values; reading another is damage.
    mutating func code<Choice: RawRepresentable>(_ value: inout Choice) throws(Failure) where Choice.RawValue == String
}

// Inlinable, so a record is coded by code specialized for its coder in the module that lists its fields.
extension RecordCoder {
    /// A presence flag, then the value's fields (read into `blank`).
    @inlinable
    package mutating func code<Value>(
        _ value: inout Value?, blank: Value, _ fields: (inout Self, inout Value) throws(Failure) -> Void
    ) throws(Failure) {
        var present = value != nil
        try code(&present)
        guard present else {
            value = nil
            return
        }
        var fieldValues = value ?? blank
        try fields(&self, &fieldValues)
        value = fieldValues
    }

    /// A count, then every element's fields (each read into `blank`).
    @inlinable
    package mutating func code<Element>(
        _ elements: inout [Element], blank: Element, _ fields: (inout Self, inout Element) throws(Failure) -> Void
    ) throws(Failure) {
        var count = elements.count
        try code(count: &count)
        guard reads else {
            for var element in elements { try fields(&self, &element) }
            return
        }
        // Appended as they are read: memory grows only with the bytes read.
        elements = []
        for _ in 0..<count {
            var element = blank
            try fields(&self, &element)
            elements.append(element)
        }
    }

    @inlinable
    package mutating func code(_ value: inout Int?) throws(Failure) {
        try code(&value, blank: 0) { coder, value throws(Failure) in try coder.code(&value) }
    }

    @inlinable
    package mutating func code(_ value: inout String?) throws(Failure) {
        try code(&value, blank: "") { coder, value throws(Failure) in try coder.code(&value) }
    }

    @inlinable
    package mutating func code(_ values: inout [String]) throws(Failure) {
        try code(&values, blank: "") { coder, value throws(Failure) in try coder.code(&value) }
    }

    /// A dictionary as its pairs in key order.
    @inlinable
    package mutating func code(_ value: inout [String: String]) throws(Failure) {
        var pairs = value.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
        try code(&pairs, blank: ["", ""]) { coder, pair throws(Failure) in
            try coder.code(&pair[0])
            try coder.code(&pair[1])
        }
        if reads { value = Dictionary(pairs.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first }) }
    }
}

extension RecordWriter: RecordCoder {
    package typealias Failure = Never
    package var reads: Bool { false }
    package mutating func code(_ value: inout Int) { integer(value) }
    package mutating func code(count: inout Int) { integer(count) }
    package mutating func code(_ value: inout Bool) { bool(value) }
    package mutating func code(_ value: inout Double) { double(value) }
    package mutating func code(_ value: inout String) { string(value) }
    package mutating func code<Choice: RawRepresentable>(_ value: inout Choice) where Choice.RawValue == String {
        string(value.rawValue)
    }
}

extension RecordReader: RecordCoder {
    package typealias Failure = Damaged
    package var reads: Bool { true }
    package mutating func code(_ value: inout Int) throws(Damaged) { value = try integer() }
    package mutating func code(count: inout Int) throws(Damaged) { count = try self.count() }
    package mutating func code(_ value: inout Bool) throws(Damaged) { value = try bool() }
    package mutating func code(_ value: inout Double) throws(Damaged) { value = try double() }
    package mutating func code(_ value: inout String) throws(Damaged) { value = try string() }
    package mutating func code<Choice: RawRepresentable>(_ value: inout Choice) throws(Damaged) where Choice.RawValue == String {
        guard let choice = Choice(rawValue: try string()) else { throw Damaged() }
        value = choice
    }
}
