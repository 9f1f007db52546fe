/// Finds the links, mentions and hashtags of a plain text, as feed apps do, in one pass over its
/// UTF-8 bytes that decodes characters only around `h`, `w`, `@` and `#` (a megabyte in about a
/// millisecond: the cut's search finds them for every text it is given). Both rule sets (`EntityRules`):
///
/// - A URL starts with `http://` or `https://` (any case) or `www.` (then a dot must follow in its
///   host: `www.apple` is not a link). Its host holds ASCII letters, digits, `-` and Latin letters
///   with accents, or, in a label that starts with a letter of another script, that script's letters
///   (IDN: `http://foobar.みんな/`), each label at most 63 characters; its path, query and fragment hold the ASCII characters a URL may
///   hold and Latin (accented) and Cyrillic letters (IRI: `…/wiki/Düsseldorf`). It ends before white
///   space, before any other character (a Japanese sentence goes on right after it), and before
///   trailing punctuation (`.` `,` `:` `;` `!` `?` `*` quotes, and a closing bracket it did not open).
/// - A hashtag is `#` (or `＃`), then letters, marks, digits, `_`, joiners and the punctuation that
///   stands inside words (`·` in Catalan, `״` `׳` `־` in Hebrew, `〜` `・` `゛` in Japanese…), at
///   least one of them a letter (`#1` is not a hashtag, `#_tag` is); not after `&` or `_`
///   (`&#39;`), and not when `#` or `://` follows it.
/// - A mention (`feed`) is `@` (or `＠`), then letters, marks, digits and `_` of any script, with
///   single dots inside; not after `.` or `_`. A mention (`x`, as X finds one) is `@` then 1 to 20
///   of `A-Z a-z 0-9 _` (`@tanakaさん` mentions `@tanaka`); none when `@`, a Latin letter with an
///   accent or `://` follows, and none after `!` `#` `$` `%` `&` `*` `@`, except after `RT` / `RT:`.
/// - None starts inside a word: right after a letter, digit or mark of a script written with spaces
///   (`a#b`, `me@example.com`, `andré@example.com`, after the vowel sign `ी`), or another of its
///   marks; a URL not after `@`, `.`, `/` or `_` either (after `-` it may: Hebrew's
///   `ב-https://…`). A letter of a script without spaces may come right before ("詳しくはhttps://…",
///   "今日は#晴れ", "の@name"), and so may an emoji with its variation selector ("I ❤️#NYC").
///
/// What X finds that `x` does not, each case of twitter-text's extract.yml `x` misses by one of these
/// (`Tests/Scripts/twitter-text-conformance.py`: mentions 23/23, hashtags 64/65, URLs 72/91):
/// links without a scheme (`example.com`, `t.co/abcde`, `ELPAÍS.com`, which need the list of
/// top-level domains: 12 URL cases, and the hashtag in `twitter.com/#hashtag`); a host label that
/// starts in ASCII and goes on in another script (`http://exampleこれは日本語です.com`: here the link
/// ends where the Japanese starts, as after `example.com`); a host starting with a symbol
/// (`http://✪df.ws`); a scheme followed by a space (`http:// example.com`, which X links from the
/// host on); t.co's own rules (a slug of at most 40 characters, no trailing `'s` or `-`); `@name/list`
/// lists and `$cashtags`. X's query holds ASCII only, where SeeMore's also holds accented Latin and
/// Cyrillic letters.
struct EntityScanner {
    private(set) var entities: [TextEntity] = []
    private let rules: EntityRules

    /// The longest a URL may be, in characters; past it a URL ends (a stranger's text may be one).
    static let maximumURLLength = 4096
    /// The longest name after `@` or `#`, in characters.
    static let maximumTagLength = 140

    /// The entities of `text`, in order.
    init(_ text: String, rules: EntityRules = .feed) {
        var text = text
        self.rules = rules
        entities = text.withUTF8 { Self.scan($0, rules: rules) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, rules: EntityRules) -> [TextEntity] {
        var found: [TextEntity] = []
        var offset = 0
        var index = 0  // characters before `offset`
        while offset < bytes.count {
            let byte = bytes[offset]
            var match: (kind: TextEntity.Kind, bytes: Int, characters: Int)? = nil
            switch byte {
            case UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "w"), UInt8(ascii: "W"):
                if let length = url(bytes, at: offset) { match = (.url, length.bytes, length.characters) }
            case UInt8(ascii: "@"), UInt8(ascii: "#"), 0xEF:
                match = tag(bytes, at: offset, rules: rules)
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
        if also.unicodeScalars.contains(before) { return false }
        return !isInsideWord(before)
    }

    /// Whether an entity right after `scalar` would start inside a word: after a letter, digit or
    /// mark of a script written with spaces. A variation selector or keycap mark ends an emoji, not
    /// a word.
    private static func isInsideWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x20E3: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return !UnspacedScript.contains(scalar)
        default:
            return false
        }
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

    /// The length in bytes and characters of the URL starting at `offset`, or nil.
    private static func url(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (bytes: Int, characters: Int)? {
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
        guard startsWord(bytes, at: offset, notAfter: "@＠./_#＃$") else { return nil }
        var end = body
        var characters = body - offset
        // Where the URL ends, with its characters: after its last character that is not trailing
        // punctuation.
        var last: (byte: Int, characters: Int)? = nil
        var open = 0  // brackets the URL opened: "(wiki)" keeps its closing one
        var inHost = true
        var labelIsASCII = true  // the host label read starts with an ASCII character
        var labelStart = true
        while characters < maximumURLLength, let (scalar, length) = decode(bytes, at: end) {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                guard mayBeInURL(byte) else { break }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { open += 1 }
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                    if open == 0 { break }
                    open -= 1
                }
                if inHost {
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                        inHost = false
                    } else if byte == UInt8(ascii: ".") {
                        labelStart = true
                    } else if labelStart {
                        labelIsASCII = true
                        labelStart = false
                    }
                }
            } else if inHost {
                // An IDN label: a label started by a letter of another script holds that script's
                // letters; one started in ASCII goes on only with accented Latin letters.
                if labelStart {
                    guard isWordCharacter(scalar), !isMark(scalar) else { break }
                    labelIsASCII = false
                    labelStart = false
                } else if labelIsASCII {
                    guard isLatinOrCyrillicLetter(scalar) else { break }
                } else {
                    guard isWordCharacter(scalar) else { break }
                }
            } else if !isLatinOrCyrillicLetter(scalar) && scalar != "\u{2013}" {
                break
            }
            end += length
            characters += 1
            if !(scalar.isASCII && trailingPunctuation.contains(UInt8(scalar.value))) { last = (end, characters) }
        }
        guard let last, let first = decode(bytes, at: body)?.scalar else { return nil }
        // A host at least: "https://" alone, or "www." followed by nothing, is not a link.
        guard first.isASCII ? isASCIIWordByte(UInt8(first.value)) : isWordCharacter(first) else { return nil }
        let host = bytes[body..<last.byte].prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard isHost(host) else { return nil }
        return (last.byte - offset, last.characters)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `host` (UTF-8, a port allowed) names a host as a link's does: labels joined by dots, at
    /// least two, none starting or ending in `-` or `_`, no `_` in the last two (the domain and its
    /// top-level domain), and a top-level domain of two or more letters (`http://no-tld`,
    /// `http://a.x` and `http://twitter_underscore.com` are no links).
    private static func isHost(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let name = host.prefix { $0 != UInt8(ascii: ":") }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, let top = labels.last, top.count >= 2 else { return false }
        let dash = UInt8(ascii: "-"), underscore = UInt8(ascii: "_")
        for (index, label) in labels.enumerated() {
            guard let first = label.first, let last = label.last, first != dash, first != underscore, last != dash,
                last != underscore
            else { return false }
            if index >= labels.count - 2 && label.contains(underscore) { return false }
            // A label is at most 63 characters long (DNS's 63 octets, counted in characters for IDN).
            if label.lazy.filter({ $0 & 0xC0 != 0x80 }).count > 63 { return false }
        }
        // An ASCII top-level domain is letters (or punycode, `xn--…`); an IDN one is any letters.
        return top.allSatisfy { $0 >= 0x80 || (0x61...0x7A).contains($0 | 0x20) } || top.starts(with: Array("xn--".utf8))
    }

    /// Latin letters with accents (and their combining marks) and Cyrillic letters, which a path
    /// holds as written (IRI); ASCII is read apart.
    private static func isLatinOrCyrillicLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x300...0x36F, 0x400...0x4FF, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// The mention or hashtag starting at `offset`: its kind and length in bytes and characters.
    private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, rules: EntityRules)
        -> (kind: TextEntity.Kind, bytes: Int, characters: Int)?
    {
        guard let (mark, markLength) = decode(bytes, at: offset) else { return nil }
        let kind: TextEntity.Kind
        switch mark {
        case "@", "\u{FF20}": kind = .mention
        case "#", "\u{FF03}": kind = .hashtag
        default: return nil
        }
        if kind == .mention && rules == .x { return xMention(bytes, at: offset, markLength: markLength) }
        guard startsWord(bytes, at: offset, notAfter: kind == .mention ? "@＠._" : "#＃&_") else { return nil }
        // X finds no hashtag right after a letter or digit of any script ("日本語#タグ").
        if kind == .hashtag, rules == .x, let before = character(before: offset, in: bytes), isWordCharacter(before),
            !isMark(before)
        {
            return nil
        }
        var end = offset + markLength
        var characters = 1
        var letters = 0
        var first: Unicode.Scalar? = nil
        while characters <= maximumTagLength, let (scalar, length) = decode(bytes, at: end) {
            if isWordCharacter(scalar) || scalar == "_" || isJoiner(scalar) {
                if first == nil { first = scalar }
                if scalar.properties.isAlphabetic { letters += 1 }
            } else if kind == .hashtag, first != nil, wordPunctuation.contains(scalar) {
                // punctuation that stands in words: "#il·lusió", "#צה״ל", "#メ〜テレ", "#各〃"
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
        if kind == .hashtag && (letters == 0 || isJoiner(first) || (first != "_" && !isWordCharacter(first))) {
            return nil
        }
        if kind == .hashtag && (startsAt("#", bytes, end) || startsAt("＃", bytes, end) || startsAt("://", bytes, end)) {
            return nil
        }
        return (kind, end - offset, characters)
    }

    /// A mention as X finds one (`EntityRules.x`): see the type's comment.
    private static func xMention(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, markLength: Int)
        -> (kind: TextEntity.Kind, bytes: Int, characters: Int)?
    {
        if let before = character(before: offset, in: bytes) {
            let retweet =
                offset >= 2 && hasPrefix("rt", bytes, at: offset - 2)
                || offset >= 3 && hasPrefix("rt:", bytes, at: offset - 3)
            let beforeRetweet = offset - (offset >= 3 && bytes[offset - 1] == UInt8(ascii: ":") ? 3 : 2)
            let retweetStarts =
                beforeRetweet <= 0
                || character(before: beforeRetweet, in: bytes).map {
                    !($0.isASCII && (isASCIIWordByte(UInt8($0.value)) || "_+~.-".unicodeScalars.contains($0)))
                } ?? true
            if !(retweet && retweetStarts) {
                if "!#$%&*@＠_".unicodeScalars.contains(before) || isInsideWord(before) { return nil }
            }
        }
        var end = offset + markLength
        while end - offset - markLength < 20, end < bytes.count, isASCIIWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "_") {
            end += 1
        }
        guard end > offset + markLength else { return nil }
        if let (next, _) = decode(bytes, at: end),
            next == "@" || next == "＠" || isLatinOrCyrillicLetter(next) && next.value < 0x400 || startsAt("://", bytes, end)
        {
            return nil
        }
        return (.mention, end - offset, 1 + end - offset - markLength)
    }

    /// Whether the bytes at `offset` spell `text` exactly.
    private static func startsAt(_ text: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        guard offset + text.utf8CodeUnitCount <= bytes.count else { return false }
        return (0..<text.utf8CodeUnitCount).allSatisfy { bytes[offset + $0] == text.utf8Start[$0] }
    }

    /// Punctuation that stands inside a word, which a hashtag holds between two of its letters:
    /// MIDDLE DOT (Catalan "l·l"), HEBREW PUNCTUATION MAQAF, GERESH and GERSHAYIM, the Japanese WAVE
    /// DASH and FULLWIDTH TILDE, the kana voiced-sound marks, KATAKANA-HIRAGANA DOUBLE HYPHEN,
    /// KATAKANA MIDDLE DOT, DITTO MARK, the Tibetan tsheg marks and CYRILLIC KAVYKA.
    private static let wordPunctuation: Set<Unicode.Scalar> = [
        "\u{B7}", "\u{5BE}", "\u{5F3}", "\u{5F4}", "\u{301C}", "\u{FF5E}", "\u{309B}", "\u{309C}", "\u{30A0}",
        "\u{30FB}", "\u{3003}", "\u{F0B}", "\u{F0C}", "\u{A67E}",
    ]

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
            UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// What ends a sentence rather than a URL.
    private static let trailingPunctuation: Set<UInt8> = Set(".,:;!?'\"*".utf8)
}
