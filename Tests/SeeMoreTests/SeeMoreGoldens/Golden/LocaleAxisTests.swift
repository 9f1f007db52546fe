import Foundation
@testable import SeeMoreCards
@testable import SeeMoreCatalog
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// A matrix's `locales` axis: a case per locale, named by it, its template's strings from the suite's
/// catalogs, its chrome laid out in the locale's direction while the text keeps its own.
struct LocaleAxisTests {
    private static let english =
        "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed bugs at two in the morning and kept the coffee coming. More soon."
    private static let arabic =
        "أطلقنا اليوم تجربة التسجيل الجديدة! شكرًا جزيلًا لكل من جرّب النسخ الأولى وأبلغ عن الأخطاء في الثانية صباحًا وأبقى القهوة حاضرة. المزيد قريبًا."

    /// A suite folder with `post` (the built-in, with `strings`), a String Catalog and an Android
    /// `values-ar`, and a suite whose one matrix has `locales`.
    private static func suite(locales: String, catalogs: String = #"["strings/Feed.xcstrings", "strings/res"]"#) throws -> String
    {
        let folder = try BinaryRunner.temporaryFolder().path
        let manager = FileManager.default
        for sub in ["templates", "strings/res/values-ar"] {
            try manager.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        var post =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: CardFixtures.templatesFolder + "/post.json"))) as! [String: Any]
        post["strings"] = ["suffix": "feed.more", "expandedSuffix": "feed.less"]
        try JSONSerialization.data(withJSONObject: post).write(to: URL(fileURLWithPath: folder + "/templates/post.json"))
        try Data(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "feed.more": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Mehr anzeigen"}}}},
              "feed.less": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Weniger anzeigen"}}}}}}
            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/strings/Feed.xcstrings"))
        try Data(
            """
            <resources>
              <string name="feed.more">عرض المزيد</string>
              <string name="feed.less">عرض أقل</string>
            </resources>
            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/strings/res/values-ar/strings.xml"))
        let texts = try JSONEncoder().encode(["en-post": english, "ar-post": arabic])
        let json = """
            {"templates": "templates", "catalogs": \(catalogs), "texts": \(String(decoding: texts, as: UTF8.self)),
             "matrices": [{"templates": ["post"], "texts": ["en-post", "ar-post"], "widths": [375], "states": ["collapsed"],
                           "locales": \(locales)}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/suite.json"))
        return folder + "/suite.json"
    }

    @Test func eachLocale_isACaseNamedByIt_withTheCatalogsStrings() throws {
        let suite = try GoldenSuite.load(path: try Self.suite(locales: #"["de", "ar", "en"]"#))
        #expect(
            suite.cases.map(\.name) == [
                "post/ar-post/DejaVuSans-15@375.ar.light.collapsed",
                "post/ar-post/DejaVuSans-15@375.de.light.collapsed",
                "post/ar-post/DejaVuSans-15@375.en.light.collapsed",
                "post/en-post/DejaVuSans-15@375.ar.light.collapsed",
                "post/en-post/DejaVuSans-15@375.de.light.collapsed",
                "post/en-post/DejaVuSans-15@375.en.light.collapsed",
            ])
        func template(_ locale: String) throws -> CardTemplate {
            try #require(suite.cases.first { $0.locale?.rawValue == locale && $0.textName == "en-post" }).template
        }
        #expect(try template("de").suffix.text == "Mehr anzeigen" && template("de").expandedSuffix == "Weniger anzeigen")
        #expect(try template("ar").suffix.text == "عرض المزيد", "from the Android catalog")
        #expect(try template("en").suffix.text == "feed.more", "the String Catalog's source string is its key")
        let german = try #require(suite.cases.first { $0.locale?.rawValue == "de" && $0.textName == "en-post" })
        #expect(german.request.language?.rawValue == "de", "a text without its own language is read in the app's")
        #expect(german.request.layoutDirection == .ltr)
    }

    /// The rule: the chrome (avatar, header, the link below) follows the app's locale; the text is
    /// aligned by its own direction. Without a locale the chrome follows the text, as before.
    @Test func theChrome_followsTheLocale_theTextItsOwnDirection() throws {
        let suite = try GoldenSuite.load(path: try Self.suite(locales: #"["de", "ar"]"#))
        let renderer = try CardRenderer()
        func card(_ text: String, _ locale: String?) throws -> CardMetadata {
            var request = try #require(suite.cases.first { $0.textName == text && $0.locale?.rawValue == "de" }).request
            request.layoutDirection = locale.map { LanguageTag($0)!.isRightToLeft ? .rtl : .ltr }
            return try renderer.render(request, state: .collapsed).metadata
        }
        let padding = 16.0
        let englishInArabic = try card("en-post", "ar")
        let avatar = try #require(englishInArabic.avatarRect)
        #expect(abs(avatar.x + avatar.width - (375 - padding)) < 1e-6, "an Arabic app's avatar is at the right: \(avatar)")
        let first = try #require(englishInArabic.lineBoxes.first)
        #expect(first.x + first.width < 375 - padding - 40 - 8 + 1e-6, "the text is indented past it, from the right")
        let link = try #require(englishInArabic.suffixRect)
        #expect(link.x + link.width > 375 - padding - 48 - 1, "the link below sits at the leading edge, the right: \(link)")
        let arabicInGerman = try card("ar-post", "de")
        #expect(
            try #require(arabicInGerman.avatarRect).x == padding, "a German app's avatar is at the left, under an Arabic post")
        let box = try #require(arabicInGerman.lineBoxes.first)
        #expect(abs(box.x + box.width - (375 - padding)) < 1, "the Arabic text is aligned right, by its own direction: \(box)")
        let arabicAlone = try card("ar-post", nil)
        #expect(try #require(arabicAlone.avatarRect).x > 300, "without a locale the chrome follows the text")
        #expect(LanguageTag("he")!.isRightToLeft && LanguageTag("fa-IR")!.isRightToLeft && LanguageTag("az-Arab")!.isRightToLeft)
        #expect(!LanguageTag("en")!.isRightToLeft && !LanguageTag("ja")!.isRightToLeft && !LanguageTag("az")!.isRightToLeft)
    }

    @Test func aMissingKey_orNoCatalog_isNamed() throws {
        #expect {
            try GoldenSuite.load(path: try Self.suite(locales: #"["de", "fr"]"#, catalogs: #"["strings/res"]"#))
        } throws: { error in
            let text = "\(error)"
            return text.contains("locales[0]") && text.contains("'feed.less'") && text.contains("neither de")
                && text.contains("strings.xml")
        }
        #expect {
            try GoldenSuite.load(path: try Self.suite(locales: #"["de"]"#, catalogs: "[]"))
        } throws: { error in
            "\(error)".contains("names none")
        }
        #expect {
            try GoldenSuite.load(path: try Self.suite(locales: #"["de_DE"]"#))
        } throws: { error in
            "\(error)".contains("locales") && "\(error)".contains("de_DE")
        }
        #expect {
            try GoldenSuite.load(path: try Self.suite(locales: #"["de"]"#, catalogs: #"["strings/missing.po"]"#))
        } throws: { error in
            "\(error)".contains("catalogs") && "\(error)".contains("missing.po")
        }
    }
}
