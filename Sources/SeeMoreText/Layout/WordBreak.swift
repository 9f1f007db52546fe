import SeeMoreSupport

/// Whether lines break inside words: CSS Text 3's `word-break`.
public enum WordBreak: String, Sendable, CaseIterable, Codable {
    /// Between words as `lineBreak` finds them, and between any two CJK characters (Han, kana,
    /// Hangul syllables).
    case normal
    /// Never inside a run of letters and digits: Korean, Chinese and Japanese break only at spaces
    /// and punctuation. CSS `keep-all`.
    case keepAll = "keep-all"
    /// `keep-all` for Korean words only (a run of letters and digits holding Hangul): iOS's
    /// `.hangulWordPriority` (part of `.standard`) and most Korean apps; SeeMore's former `korean: words`.
    case keepHangul = "keep-hangul"
    /// Also between any two letters of any script, as between ideographs. CSS `break-all`.
    case breakAll = "break-all"

    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
