import FoundationEssentials
import SeeMoreCards
import SeeMoreSupport
import SeeMoreText

/// A card's layout as a small text file next to its golden PNG, so a change reads well in code
/// review even where pixels are hard to judge.
///
/// ```
/// size: 343×123 pt
/// truncated: true
/// suffix: x 165.25 y 34.92 w 71.60 h 17.46
/// kept: We shipped the new onboarding flow today! Huge thanks to everyone
/// lines: 3
/// | We shipped the new
/// | onboarding flow today! Huge
/// | thanks to everyone… See more
/// ```
package struct LayoutSnapshot: Equatable, Sendable {
    package var text: String

    package init(text: String) {
        self.text = text
    }

    package init(_ metadata: CardMetadata) {
        var lines = [
            "size: \(JSONValue.format(metadata.width))×\(JSONValue.format(metadata.height)) pt",
            "truncated: \(metadata.truncated)",
            "suffix: " + (metadata.suffixRect.map(Self.format) ?? "none"),
            "kept: " + Self.escape(metadata.kept),
            "lines: \(metadata.lineCount)",
        ]
        lines += metadata.lines.map { "| " + Self.escape($0) }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// The number after "lines: ", if any.
    package var lineCount: Int? {
        text.split(separator: "\n").first { $0.hasPrefix("lines: ") }.flatMap { Int($0.dropFirst(7)) }
    }

    /// The first line that differs, as "old → new", or nil when equal.
    package func firstDifference(from old: LayoutSnapshot) -> String? {
        let mine = text.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = old.text.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(mine.count, theirs.count) {
            let new = index < mine.count ? String(mine[index]) : "(nothing)"
            let before = index < theirs.count ? String(theirs[index]) : "(nothing)"
            if new != before { return "\(before) → \(new)" }
        }
        return nil
    }

    private static func format(_ rect: Rect) -> String {
        func number(_ value: Double) -> String { FixedPoint.string(value, places: 2) }
        return "x \(number(rect.x)) y \(number(rect.y)) w \(number(rect.width)) h \(number(rect.height))"
    }

    /// A value as `escape` wrote it, read back (an escape it did not write stays as it is).
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "\\": result += "\\"
            case "u":
                var hex = ""
                var closed = false
                if scalars.next() == "{" {
                    while let digit = scalars.next(), hex.count <= 6 {
                        if digit == "}" { closed = true; break }
                        hex.unicodeScalars.append(digit)
                    }
                }
                if closed, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    result.unicodeScalars.append(decoded)
                } else {
                    result += "\\u{" + hex
                }
            default:
                result.unicodeScalars.append(scalar)
                result.unicodeScalars.append(next)
            }
        }
        return result
    }

    /// Control characters as escapes, so every value stays on its line.
    static func escape(_ text: String) -> String {
        // Most lines need none: a scan of their bytes (U+2028/2029 start with 0xE2) before building anew.
        guard text.containsUTF8Byte(where: { $0 < 0x20 || $0 == 0x5C || $0 == 0xE2 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
