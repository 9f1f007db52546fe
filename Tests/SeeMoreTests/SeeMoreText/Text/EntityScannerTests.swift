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
        (
            "#SwiftUI #한국어 #日本語タグ #ภาษาไทย #2024 #1st",
            ["hashtag:#SwiftUI", "hashtag:#한국어", "hashtag:#日本語タグ", "hashtag:#ภาษาไทย", "hashtag:#1st"]
        ),
        ("今日は#晴れ。&#39; a#b ＃全角 #️⃣", ["hashtag:#晴れ", "hashtag:＃全角"]),
        ("mix https://a.co/x @b #c", ["url:https://a.co/x", "mention:@b", "hashtag:#c"]),
        ("https://a.co/#frag@x stays one link", ["url:https://a.co/#frag@x"]),
    ])
    func finds(text: String, expected: [String]) {
        #expect(Self.found(text) == expected, "\(text)")
    }

    /// #41's defects, each failing on the scanner before: IRIs and IDN hosts, an e-mail address, a
    /// hashtag after an emoji's variation selector, punctuation inside a hashtag's word, a hashtag
    /// starting with "_", an entity after a spacing vowel sign, `#` or `://` right after a hashtag.
    @Test(arguments: [
        ("https://de.wikipedia.org/wiki/Düsseldorf ok", ["url:https://de.wikipedia.org/wiki/Düsseldorf"]),
        ("http://foobar.みんな/ ok", ["url:http://foobar.みんな/"]),
        ("http://ああ.com と https://bücher.de/a", ["url:http://ああ.com", "url:https://bücher.de/a"]),
        // After a Hebrew prefix and its hyphen (on main no link: a URL was none after "-").
        ("קראו עוד ב-https://seemore.example/he/docs עם", ["url:https://seemore.example/he/docs"]),
        // A host label is at most 63 characters (twitter-text's case of a label of 300 kana).
        ("http://" + String(repeating: "あ", count: 64) + ".com/a x", []),
        (
            "http://" + String(repeating: "a", count: 63) + ".com/a x",
            ["url:http://" + String(repeating: "a", count: 63) + ".com/a"]
        ),
        ("https://ru.wikipedia.org/wiki/Москва.", ["url:https://ru.wikipedia.org/wiki/Москва"]),
        ("詳しくはhttps://example.jpです", ["url:https://example.jp"]),
        ("mail andré@example.com now", []),
        ("I ❤️#NYC", ["hashtag:#NYC"]),
        ("#צה״ל #il·lusió #メ〜テレ #各〃 end", ["hashtag:#צה״ל", "hashtag:#il·lusió", "hashtag:#メ〜テレ", "hashtag:#各〃"]),
        ("http://no-tld http://a.x http://twitter_underscore.com http://-a.com #http://t.com $http://t.com", []),
        ("https://en.wikipedia.org/wiki/Hatfield–McCoy_feud ok", ["url:https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"]),
        ("#_tag and #_", ["hashtag:#_tag"]),
        ("की#टैग की@नाम", []),
        ("#tag#tag2 #tag://x ok #fine", ["hashtag:#fine"]),
        ("see https://a.co/x* and www.apple too", ["url:https://a.co/x"]),
    ])
    func findsAsThePlatformsDo(text: String, expected: [String]) {
        #expect(Self.found(text) == expected, "\(text)")
    }

    /// X's mentions (`links.rules: x`): ASCII names of 1 to 20 characters, honorifics after them.
    @Test(arguments: [
        ("@tanakaさん と @kim님 @user_1", ["mention:@tanaka", "mention:@kim", "mention:@user_1"]),
        ("@aliceìnheiro x @test@example.com f!@kn f*@kn", []),
        ("の@usernameに RT@a rt:@b Rt @c", ["mention:@username", "mention:@a", "mention:@b", "mention:@c"]),
        ("@http://twitter.com a@b", []),
        ("@abcdefghijklmnopqrstuvwxyz", ["mention:@abcdefghijklmnopqrst"]),
    ])
    func findsMentionsAsXDoes(text: String, expected: [String]) {
        let scalars = Array(text.unicodeScalars)
        let found = TextEntity.find(in: text, rules: .x).map { entity in
            "\(entity.kind.rawValue):" + scalars[entity.range].map(String.init).joined()
        }
        #expect(found == expected, "\(text)")
        #expect(TextEntity.find(in: "@김민수 @tanakaさん").count == 2, "feed rules keep any script's names")
    }

    @Test func aStrangersHugeText_isScannedInBoundedSteps() {
        let text = "https://example.com/" + String(repeating: "a", count: 100_000) + " #" + String(repeating: "b", count: 10_000)
        let entities = TextEntity.find(in: text)
        #expect(entities.first?.kind == .url && entities.first?.range.count == EntityScanner.maximumURLLength)
        #expect(entities.allSatisfy { $0.range.count <= EntityScanner.maximumURLLength })
    }

    @Test func splitsEntity_isTrueStrictlyInside_andGivenSpansMerge() {
        #expect(TextStyle.merged([5..<9, 2..<4, 3..<6, 12..<12]) == [2..<9])
        #expect(TextStyle.merged([1..<3, 3..<5]) == [1..<3, 3..<5])
    }
}
