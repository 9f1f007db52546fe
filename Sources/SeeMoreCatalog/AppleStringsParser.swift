/// Parses an Apple `.strings` file: `"key" = "value";` pairs with `/* */` and `//` comments, UTF-8
/// or UTF-16 with a byte order mark, the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\UXXXX` and octal.
/// SeeMore's own parser of strangers' bytes: `Tests/Fuzz/strings_parse.swift` fuzzes it.
package enum AppleStringsParser {
    /// The pairs of a `.strings` file with the line each starts on.
    /// - Throws: `CatalogError` at the line of the first thing that is not a pair.
    package static func pairs(_ bytes: [UInt8], file: String) throws(CatalogError) -> [(key: String, value: String, line: Int)] {
        var scanner = Scanner(scalars: try decoded(bytes, file: file), file: file)
        var pairs: [(key: String, value: String, line: Int)] = []
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return pairs }
            let line = scanner.line
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            try scanner.expect("=")
            try scanner.skipSpaceAndComments()
            let value = try scanner.token("a value")
            try scanner.skipSpaceAndComments()
            try scanner.expect(";")
            pairs.append((key, value, line))
        }
    }

    /// UTF-16 (by its byte order mark) or UTF-8 text as scalars.
    private static func decoded(_ bytes: [UInt8], file: String) throws(CatalogError) -> [Unicode.Scalar] {
        if bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw CatalogError(file: file, message: "UTF-16 text of an odd number of bytes") }
            let units = stride(from: 2, to: bytes.count, by: 2).map { index in
                little
                    ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            var scalars: [Unicode.Scalar] = []
            var decoder = UTF16()
            var iterator = units.makeIterator()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return scalars
                case .error: throw CatalogError(file: file, message: "the UTF-16 text holds an unpaired surrogate")
                }
            }
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw CatalogError(file: file, message: "the file is neither UTF-8 nor UTF-16 with a byte order mark")
        }
        return Array(text.unicodeScalars)
    }

    /// Reads tokens, spaces and comments, counting lines.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var atEnd: Bool { index >= scalars.count }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        func error(_ message: String) -> CatalogError { CatalogError(file: file, line: line, message: message) }

        mutating func skipSpaceAndComments() throws(CatalogError) {
            while let scalar = peek() {
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/" && peek(1) == "*" {
                    let start = line
                    index += 2
                    while !atEnd && !(peek() == "*" && peek(1) == "/") { advance() }
                    guard !atEnd else {
                        throw CatalogError(file: file, line: start, message: "a /* comment that never ends")
                    }
                    index += 2
                } else if scalar == "/" && peek(1) == "/" {
                    while peek().map({ $0 != "\n" }) == true { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ mark: Unicode.Scalar) throws(CatalogError) {
            guard let scalar = peek() else { throw error("the file ends where '\(mark)' is due") }
            guard scalar == mark else { throw error("'\(mark)' is due, not '\(scalar.shown)'") }
            index += 1
        }

        /// A quoted string, or an unquoted word of letters, digits and `_.-:$/`.
        mutating func token(_ what: String) throws(CatalogError) -> String {
            guard let first = peek() else { throw error("the file ends where \(what) is due") }
            if first == "\"" { return try quoted() }
            var word = String.UnicodeScalarView()
            while let scalar = peek(),
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-:$/".unicodeScalars.contains(scalar)
            {
                word.append(scalar)
                index += 1
            }
            guard !word.isEmpty else { throw error("\(what) is due, not '\(first.shown)'") }
            return String(word)
        }

        private mutating func quoted() throws(CatalogError) -> String {
            let start = line
            index += 1
            var text = String.UnicodeScalarView()
            while true {
                guard let scalar = peek() else {
                    throw CatalogError(file: file, line: start, message: "a quoted string that never ends")
                }
                advance()
                switch scalar {
                case "\"": return String(text)
                case "\\": text.append(try escape())
                default: text.append(scalar)
                }
            }
        }

        private mutating func escape() throws(CatalogError) -> Unicode.Scalar {
            guard let scalar = peek() else { throw error("the file ends inside an escape") }
            advance()
            switch scalar {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "\"", "\\", "'", "\n": return scalar
            case "U", "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek(), digit.isASCII, let number = UInt32(String(digit), radix: 16) else {
                        throw error("\\U takes four hexadecimal digits")
                    }
                    value = value * 16 + number
                    index += 1
                }
                guard let result = Unicode.Scalar(value) else {
                    throw error("\\U\(String(value, radix: 16)) is a surrogate, not a character")
                }
                return result
            case "0"..."7":
                var value = scalar.value - 0x30
                for _ in 0..<2 {
                    guard let digit = peek(), ("0"..."7").contains(digit) else { break }
                    value = value * 8 + digit.value - 0x30
                    index += 1
                }
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            default:
                throw error("'\\\(scalar.shown)' is no escape of a .strings file")
            }
        }
    }
}
