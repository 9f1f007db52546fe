/// Finds the links, mentions and hashtags of a plain text, as feed apps do, in one pass over its
/// UTF-8 bytes that decodes characters only around `h`, `w`, `@` and `#` (a megabyte in about a
/// millisecond: the cut's search finds them for every text it is given).
///
/// - A URL starts with `http://` or `https://` (any case) or `www.` and runs over ASCII characters
///   that may be in a URL; it ends before white space, before any other character (a Japanese
///   sentence goes on right after it), and before trailing punctuation (`.` `,` `:` `;` `!` `?`
///   quotes, and a closing bracket it did not open).
/// - A mention is `@` (or `＠`), then letters, marks, digits and `_` of any script, with single dots
///   inside; not after `.` or `_` (so no e-mail address).
/// - A hashtag is `#` (or `＃`), then letters, marks, digits, `_` and joiners, at least one of them a
///   letter (`#1` is not a hashtag); not after `&` or `_` (`&#39;`).
/// - None starts right after an ASCII letter or digit (`a#b`, `me@example.com`), a combining mark,
///   or another of its marks; a URL not after `@`, `.`, `/`, `-` or `_` either. A letter of another
///   script may come right before: "詳しくはhttps://…", "今日は#晴れ".
struct EntityScanner {
    private(set) var entities: [TextEntity] = []

    /// The longest a URL may be, in characters; past it a URL ends (a stranger's text may be one).
    static let maximumURLLength = 4096
    /// The longest name after `@` or `#`, in characters.
    static let maximumTagLength = 140

    /// The entities of `text`, in order.
    init(_ text: String) {
        var text = text
        entities = text.withUTF8 { Self.scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [TextEntity] {
        var found: [TextEntity] = []
        var offset = 0
        var index = 0  // characters before `offset`
        while offset < bytes.count {
            let byte = bytes[offset]
            var match: (kind: TextEntity.Kind, bytes: Int, characters: Int)? = nil
            switch byte {
            case UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "w"), UInt8(ascii: "W"):
                if let length = url(bytes, at: offset) { match = (.url, length, length) }
            case UInt8(ascii: "@"), UInt8(ascii: "#"), 0xEF:
                match = tag(bytes, at: offset)
            default:
                break
            }
            if let match {
                found.append(TextEntity(kind: match.kind, range: index..<(index + match.characters)))
                offset += match.bytes
                index += match.characters
            } else {
                offset += 1
                if byte & 0xC0 != 0x80 { index += 1 }
                while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            }
        }
        return found
    }

    /// The character that ends right before byte `offset`, or nil at the start.
    private static func character(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        var start = offset - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
        return decode(bytes, at: start)?.scalar
    }

    /// The character starting at byte `offset` and its length in bytes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard offset < bytes.count else { return nil }
        let lead = UInt32(bytes[offset])
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + length <= bytes.count else { return nil }
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        if length > 1 {
            for index in 1..<length { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Whether an entity may start at byte `offset`: see the type's comment.
    private static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, notAfter also: String) -> Bool {
        guard let before = character(before: offset, in: bytes) else { return true }
        if before.isASCII && (before.properties.isAlphabetic || ("0"..."9").contains(before)) { return false }
        return !also.unicodeScalars.contains(before) && !before.properties.isGraphemeExtend
    }

    /// Whether the bytes at `offset` spell `prefix` (ASCII, lowercase), in any case.
    private static func hasPrefix(_ prefix: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + prefix.utf8CodeUnitCount <= bytes.count else { return false }
        for index in 0..<prefix.utf8CodeUnitCount {
            let byte = bytes[offset + index]
            let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            if lower != prefix.utf8Start[index] { return false }
        }
        return true
    }

    /// The length (bytes, and characters: a URL is ASCII) of the URL starting at `offset`, or nil.
    private static func url(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let body: Int
        if hasPrefix("https://", bytes, at: offset) {
            body = offset + 8
        } else if hasPrefix("http://", bytes, at: offset) {
            body = offset + 7
        } else if hasPrefix("www.", bytes, at: offset) {
            body = offset + 4
        } else {
            return nil
        }
        guard startsWord(bytes, at: offset, notAfter: "@./-_") else { return nil }
        var end = body
        var open = 0  // brackets the URL opened: "(wiki)" keeps its closing one
        while end < bytes.count, end - offset < maximumURLLength, mayBeInURL(bytes[end]) {
            let byte = bytes[end]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { open += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                if open == 0 { break }
                open -= 1
            }
            end += 1
        }
        while end > body, trailingPunctuation.contains(bytes[end - 1]) { end -= 1 }
        // A host at least: "https://" alone, or "www." followed by nothing, is not a link.
        guard end > body, isASCIIWordByte(bytes[body]) else { return nil }
        if body == offset + 4, !bytes[body..<end].contains(UInt8(ascii: ".")) { return nil }
        return end - offset
    }

    /// The mention or hashtag starting at `offset`: its kind and length in bytes and characters.
    private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (kind: TextEntity.Kind, bytes: Int, characters: Int)? {
        guard let (mark, markLength) = decode(bytes, at: offset) else { return nil }
        let kind: TextEntity.Kind
        switch mark {
        case "@", "\u{FF20}": kind = .mention
        case "#", "\u{FF03}": kind = .hashtag
        default: return nil
        }
        guard startsWord(bytes, at: offset, notAfter: kind == .mention ? "@＠._" : "#＃&_") else { return nil }
        var end = offset + markLength
        var characters = 1
        var letters = 0
        var first: Unicode.Scalar? = nil
        while characters <= maximumTagLength, let (scalar, length) = decode(bytes, at: end) {
            if isWordCharacter(scalar) || scalar == "_" || isJoiner(scalar) {
                if first == nil { first = scalar }
                if scalar.properties.isAlphabetic { letters += 1 }
            } else if kind == .mention, scalar == ".", let next = decode(bytes, at: end + 1), isWordCharacter(next.scalar),
                first != nil
            {
                // a dot inside a name: "@first.last"
            } else {
                break
            }
            end += length
            characters += 1
        }
        guard let first else { return nil }
        // "#1" and "#2024" are numbers; "#️⃣" is an emoji (its marks come before any letter).
        if kind == .hashtag && (letters == 0 || !isWordCharacter(first) || isJoiner(first)) {
            return nil
        }
        return (kind, end - offset, characters)
    }

    /// Letters, marks and digits of any script.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            // U+20E3 COMBINING ENCLOSING KEYCAP and U+FE0F make "#️⃣", never a tag.
            return scalar != "\u{20E3}" && scalar != "\u{FE0F}"
        default:
            return false
        }
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Zero-width joiners that Persian and Indic words hold.
    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    /// ASCII characters a URL may hold (RFC 3986's, `%` escapes, and the few more links carry).
    private static func mayBeInURL(_ byte: UInt8) -> Bool {
        guard byte > 0x20, byte < 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// What ends a sentence rather than a URL.
    private static let trailingPunctuation: Set<UInt8> = Set(".,:;!?'\"*".utf8)
}
