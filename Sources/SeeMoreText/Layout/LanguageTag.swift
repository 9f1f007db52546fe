import CSupport

/// A language as BCP 47 writes it (`ja`, `zh-Hans`, `pt-BR`): letters, digits and hyphens, starting
/// with a 2–3 letter language, at most 35 characters.
///
/// Checked once, where a tag enters (a flag, a suite's or template's `lang`, a corpus text, a request
/// field); everything past that edge holds a tag that is well formed, so no later step checks again.
public struct LanguageTag: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The tag as given (`zh-Hans`; case kept).
    public let rawValue: String

    /// `tag` if it is well formed, else nil (say why with `LanguageTag.rule`).
    public init?(_ tag: String) {
        guard Self.isWellFormed(tag) else { return nil }
        rawValue = tag
    }

    public init?(rawValue: String) { self.init(rawValue) }

    private init(wellFormed tag: String) { rawValue = tag }

    /// BCP 47's "undetermined" (a blank to read a record's tag into).
    package static let undetermined = LanguageTag(wellFormed: "und")

    public var description: String { rawValue }

    /// What a language must be, for messages: "… must be \(rule), not 'ja_JP'".
    package static let rule = "a BCP 47 language tag such as ja, zh-Hans or pt-BR"

    private static func isWellFormed(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.utf8.count <= 35, let first = parts.first, (2...3).contains(first.utf8.count),
            first.utf8.allSatisfy(isLetter)
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
}

/// A tag in JSON is a string; a malformed one is refused with the rule.
extension LanguageTag: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let tag = try container.decode(String.self)
        guard let checked = LanguageTag(tag) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(tag)\" is not \(Self.rule)")
        }
        self = checked
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension LanguageTag {
    /// Whether the language's script is written right to left (`ar`, `he`, `fa`, `ur`, `az-Arab`), by
    /// ICU's likely subtags: an app in this locale lays its chrome out right to left.
    public var isRightToLeft: Bool { seemore_icu_locale_is_rtl(rawValue) == 1 }
}
