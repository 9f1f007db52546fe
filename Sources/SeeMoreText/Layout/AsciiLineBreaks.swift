/// Where Chromium breaks lines between two printable ASCII characters: it decides these pairs with
/// a table of its own, not with ICU (which, for one, breaks after every `/` of a link). The table
/// was measured in Chromium 156, each pair alone between two `x` in a block of no width, and
/// `PlatformLineBreaksTests` measures it again against the installed Chromium.
enum AsciiLineBreaks {
    /// Whether a line may break between `before` and `after`, nil when either is no printable ASCII
    /// character (ICU decides). Under `normal` and `keep-all` a `-` before a digit breaks only after a
    /// letter or digit ("ABCD-1234", not the minus sign of " -5"); `break-all` breaks there always.
    static func breaks(
        between before: Unicode.Scalar, and after: Unicode.Scalar, wordBreak: WordBreak, twoBefore: Unicode.Scalar?
    ) -> Bool? {
        guard printable.contains(before.value), printable.contains(after.value) else { return nil }
        if wordBreak != .breakAll, before == "-", ("0"..."9").contains(after) {
            guard let twoBefore, twoBefore.isASCII else { return false }
            return twoBefore.properties.isAlphabetic || ("0"..."9").contains(twoBefore)
        }
        let table = wordBreak == .breakAll ? breakAllTable : normalTable
        return table[Int(before.value - 0x21) * count + Int(after.value - 0x21)]
    }

    private static let printable: ClosedRange<UInt32> = 0x21...0x7E
    private static let count = 0x7E - 0x21 + 1

    private static let letters = "#$&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~"
    private static let afterHyphen = "\"#%&'(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~"
    private static let afterQuestion = "#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~"

    /// `word-break: normal` and `keep-all`: (characters before, characters after a break).
    private static let normalPairs: [(String, String)] = [
        ("!\"#%&)*+,.:;=>\\]|}~", "(<[{"),
        ("-", afterHyphen),
        ("?", afterQuestion),
    ]

    /// `word-break: break-all`.
    private static let breakAllPairs: [(String, String)] = [
        ("!%?", afterQuestion),
        ("\"", "(<[{"),
        ("#&)*+/0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ]^_`abcdefghijklmnopqrstuvwxyz|}~", letters),
        ("$", "%"),
        (",.:;", "#&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[^_`abcdefghijklmnopqrstuvwxyz{|~"),
        ("-", afterHyphen),
        ("\\", "%(<[{"),
    ]

    private static let normalTable = table(normalPairs)
    private static let breakAllTable = table(breakAllPairs)

    private static func table(_ pairs: [(String, String)]) -> [Bool] {
        var table = [Bool](repeating: false, count: count * count)
        for (befores, afters) in pairs {
            for before in befores.unicodeScalars {
                for after in afters.unicodeScalars { table[Int(before.value - 0x21) * count + Int(after.value - 0x21)] = true }
            }
        }
        return table
    }
}
