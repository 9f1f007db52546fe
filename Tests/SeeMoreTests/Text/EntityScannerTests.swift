@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Links, mentions and hashtags as feed apps find them in plain text.
@Suite struct EntityScannerTests {
    /// The entities' texts and kinds.
    static func found(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return TextEntity.find(in: text).map { entity in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[entity.range])
            return "\(entity.kind.rawValue):\(String(view))"
        }
    }

    @Test(arguments: [
        ("Read https://example.com/a?b=1#c now", ["url:https://example.com/a?b=1#c"]),
        ("See http://x.io.", ["url:http://x.io"]),
        ("(see https://en.wikipedia.org/wiki/Foo_(bar)) ok", ["url:https://en.wikipedia.org/wiki/Foo_(bar)"]),
        ("Visit www.apple.com, then HTTPS://EXAMPLE.COM!", ["url:www.apple.com", "url:HTTPS://EXAMPLE.COM"]),
        ("詳しくはhttps://example.jp/aboutをご覧ください", ["url:https://example.jp/about"]),
        ("“https://example.com/q”", ["url:https://example.com/q"]),
        ("https:// alone, www. alone, wwwexample.com, xhttps://a.b", []),
        ("Thanks @anna_k and @김민수. Mail me at me@example.com", ["mention:@anna_k", "mention:@김민수"]),
        ("@first.last. and ＠全角", ["mention:@first.last", "mention:＠全角"]),
        ("#SwiftUI #한국어 #日本語タグ #ภาษาไทย #2024 #1st", ["hashtag:#SwiftUI", "hashtag:#한국어", "hashtag:#日本語タグ", "hashtag:#ภาษาไทย", "hashtag:#1st"]),
        ("今日は#晴れ。&#39; a#b ＃全角 #️⃣", ["hashtag:#晴れ", "hashtag:＃全角"]),
        ("mix https://a.co/x @b #c", ["url:https://a.co/x", "mention:@b", "hashtag:#c"]),
        ("https://a.co/#frag@x stays one link", ["url:https://a.co/#frag@x"]),
    ])
    func finds(text: String, expected: [String]) {
        #expect(Self.found(text) == expected, "\(text)")
    }

    @Test func aStrangersHugeText_isScannedInBoundedSteps() {
        let text = "https://" + String(repeating: "a", count: 100_000) + " #" + String(repeating: "b", count: 10_000)
        let entities = TextEntity.find(in: text)
        #expect(entities.first?.kind == .url && entities.first?.range.count == EntityScanner.maximumURLLength)
        #expect(entities.allSatisfy { $0.range.count <= EntityScanner.maximumURLLength })
    }

    @Test func splitsEntity_isTrueStrictlyInside_andGivenSpansMerge() {
        #expect(TextStyle.merged([5..<9, 2..<4, 3..<6, 12..<12]) == [2..<9])
        #expect(TextStyle.merged([1..<3, 3..<5]) == [1..<3, 3..<5])
    }
}
