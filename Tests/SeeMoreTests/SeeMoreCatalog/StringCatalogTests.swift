import Foundation
@testable import SeeMoreCatalog
import Testing

/// A team's catalogs of every kind, written here, read by key and locale; malformed ones refused by
/// file and line.
struct StringCatalogTests {
    /// Writes `files` (relative path → text) into a fresh folder and returns it.
    private func folder(_ files: [String: String]) throws -> String {
        let folder = try BinaryRunner.temporaryFolder().path
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    private func refusal(_ paths: [String], in folder: String) -> CatalogError? {
        do {
            _ = try CatalogLoader.load(paths, relativeTo: folder, root: folder)
            return nil
        } catch {
            return error
        }
    }

    @Test func stringCatalog_readsEveryLocale_andTheSourceFromItsKey() throws {
        let root = try folder([
            "Localizable.xcstrings": """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "feed.seeMore" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Mehr anzeigen" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "See more" } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "続きを読む" } }
                  }
                },
                "Show less" : {
                  "localizations" : {
                    "ar" : { "stringUnit" : { "state" : "translated", "value" : "عرض أقل" } },
                    "pt-BR" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "um" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Mostrar menos" } } } } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        ])
        let catalog = try CatalogLoader.load(["Localizable.xcstrings"], relativeTo: root, root: root)
        #expect(catalog.string("feed.seeMore", locale: "de") == "Mehr anzeigen")
        #expect(catalog.string("feed.seeMore", locale: "de-AT") == "Mehr anzeigen", "region falls back to the language")
        #expect(catalog.string("feed.seeMore", locale: "ja") == "続きを読む")
        #expect(catalog.string("feed.seeMore", locale: "fr") == "See more", "an untranslated locale gets the source language's")
        #expect(catalog.string("Show less", locale: "ar") == "عرض أقل")
        #expect(catalog.string("Show less", locale: "en") == "Show less", "the key is its own source string")
        #expect(catalog.string("Show less", locale: "pt_BR") == "Mostrar menos", "a plural's other form")
        #expect(catalog.locales == ["ar", "de", "en", "ja", "pt-BR"])
        #expect(catalog.entry("feed.seeMore", locale: "ja")?.line == 8)
    }

    @Test func appleStrings_utf8AndUTF16_commentsAndEscapes() throws {
        let german = """
            /* The link after a cut post. */
            "feed.seeMore" = "Mehr anzeigen";
            // A line comment
            "quote" = "Er sagt \\"hallo\\"\\n\\U00e4";
            bare_key = "unquoted keys are allowed";
            """
        let root = try folder([
            "de.lproj/Localizable.strings": german, "Base.lproj/Localizable.strings": "\"feed.seeMore\" = \"See more\";",
        ])
        // Xcode's older default: UTF-16 with a byte order mark.
        let japanese = "\"feed.seeMore\" = \"続きを読む\";\n"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in japanese.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try FileManager.default.createDirectory(atPath: root + "/ja.lproj", withIntermediateDirectories: true)
        try Data(utf16).write(to: URL(fileURLWithPath: root + "/ja.lproj/Localizable.strings"))
        let catalog = try CatalogLoader.load(["."], relativeTo: root, root: root)
        #expect(catalog.string("feed.seeMore", locale: "de") == "Mehr anzeigen")
        #expect(catalog.string("quote", locale: "de") == "Er sagt \"hallo\"\nä")
        #expect(catalog.string("bare_key", locale: "de") == "unquoted keys are allowed")
        #expect(catalog.string("feed.seeMore", locale: "ja") == "続きを読む")
        #expect(catalog.string("feed.seeMore", locale: "fr") == "See more", "Base.lproj is the default")
        #expect(catalog.entry("quote", locale: "de")?.line == 4)

        let broken = try folder(["de.lproj/Localizable.strings": "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";"])
        let error = try #require(refusal(["de.lproj/Localizable.strings"], in: broken))
        #expect(error.line == 3 && error.message.contains("';' is due"), "\(error)")
        #expect(error.description.hasSuffix("de.lproj/Localizable.strings:3: ';' is due, not '\"'"), "\(error)")
    }

    @Test func androidStrings_byValuesFolder_unescapedAsAndroidDoes() throws {
        let root = try folder([
            "res/values/strings.xml": """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="see_more">See more</string>
                <string name="app_name" translatable="false">Acme</string>
            </resources>
            """,
            "res/values-de/strings.xml": """
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <string name="see_more">Mehr
                    anzeigen</string>
                <string name="quoted">"  two  spaces  "</string>
                <string name="escaped">Don\\'t \\@ \\u00e4\\n<b>bold</b> <xliff:g id="n">%1$d</xliff:g></string>
                <plurals name="replies"><item quantity="one">Antwort</item><item quantity="other">Antworten</item></plurals>
            </resources>
            """,
            "res/values-pt-rBR/strings.xml": "<resources><string name=\"see_more\">Ver mais</string></resources>",
            "res/values-b+sr+Latn/strings.xml": "<resources><string name=\"see_more\">Vidi više</string></resources>",
            "res/values-night/colors.xml": "<resources><color name=\"x\">#000</color></resources>",
        ])
        let catalog = try CatalogLoader.load(["res"], relativeTo: root, root: root)
        #expect(catalog.string("see_more", locale: "de") == "Mehr anzeigen", "white space runs are one space")
        #expect(catalog.string("quoted", locale: "de") == "  two  spaces  ")
        #expect(catalog.string("escaped", locale: "de") == "Don't @ ä\nbold %1$d")
        #expect(catalog.string("replies", locale: "de") == "Antworten")
        #expect(catalog.string("see_more", locale: "pt-BR") == "Ver mais")
        #expect(catalog.string("see_more", locale: "sr-Latn") == "Vidi više")
        #expect(catalog.string("see_more", locale: "ja") == "See more", "values/ is the default")
        #expect(catalog.entry("see_more", locale: "de")?.line == 2)
        #expect(catalog.files.count == 4, "values-night holds no locale's strings")

        let broken = try folder([
            "values-de/strings.xml": "<resources>\n<string name=\"a\">b</string>\n<string name=\"c\">d</strin>\n</resources>"
        ])
        let error = try #require(refusal(["values-de/strings.xml"], in: broken))
        #expect(error.line == 3, "\(error)")
        // Entities are where XML files turn hostile: a DOCTYPE is refused outright.
        let entities = try folder([
            "values/strings.xml":
                "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>\n<resources><string name=\"x\">&b;</string></resources>"
        ])
        #expect(refusal(["values/strings.xml"], in: entities)?.message.contains("DOCTYPE") == true)
    }

    @Test func arb_gettext_i18next() throws {
        let root = try folder([
            "l10n/app_de.arb": """
            {
              "@@locale": "de",
              "seeMore": "Mehr anzeigen",
              "@seeMore": { "description": "The link after a cut post." }
            }
            """,
            "l10n/app_pt_BR.arb": "{ \"seeMore\": \"Ver mais\" }",
            "po/de.po": """
            # German strings.
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "See more"
            msgstr "Mehr "
            "anzeigen"

            msgctxt "button"
            msgid "Close"
            msgstr "Schließen"

            #, fuzzy
            msgid "Show less"
            msgstr "Weniger"

            msgid "Untranslated"
            msgstr ""
            """,
            "locales/ja/translation.json":
                "{ \"feed\": { \"seeMore\": \"続きを読む\", \"items_other\": \"{{count}} 件\" }, \"list\": [\"a\", \"b\"] }",
            "locales/ar.json": "{ \"feed\": { \"seeMore\": \"اقرأ المزيد\" } }",
        ])
        let catalog = try CatalogLoader.load(["l10n", "po/de.po", "locales"], relativeTo: root, root: root)
        #expect(catalog.string("seeMore", locale: "de") == "Mehr anzeigen")
        #expect(catalog.string("@seeMore", locale: "de") == nil, "metadata is no string")
        #expect(catalog.string("seeMore", locale: "pt-BR") == "Ver mais", "the locale from the file's name")
        #expect(catalog.string("See more", locale: "de") == "Mehr anzeigen", "a .po string continues on the next lines")
        #expect(catalog.entry("See more", locale: "de")?.line == 7)
        #expect(catalog.string("button|Close", locale: "de") == "Schließen")
        #expect(catalog.string("Show less", locale: "de") == nil, "fuzzy translations are left out, as gettext does")
        #expect(catalog.string("Untranslated", locale: "de") == nil)
        #expect(catalog.string("feed.seeMore", locale: "ja") == "続きを読む")
        #expect(catalog.string("feed.items_other", locale: "ja") == "{{count}} 件")
        #expect(catalog.string("list.1", locale: "ja") == "b")
        #expect(catalog.string("feed.seeMore", locale: "ar") == "اقرأ المزيد")

        let badPo = try folder(["de.po": "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\nmsgstr \"d\""])
        #expect(refusal(["de.po"], in: badPo)?.line == 4)
        let badArb = try folder(["app_de.arb": "{\n  \"a\": \"b\",\n  \"c\": 3\n}"])
        #expect(refusal(["app_de.arb"], in: badArb)?.line == 3)
        let badJSON = try folder(["de.json": "{\n  \"a\": \"b\"\n  \"c\": \"d\"\n}"])
        #expect(refusal(["de.json"], in: badJSON)?.line == 3)
        let noLocale = try folder(["strings.json": "{}"])
        #expect(refusal(["strings.json"], in: noLocale)?.message.contains("cannot tell the locale") == true)
    }

    @Test func paths_stayInsideTheRoot_noLinkFollowed_sizesBounded() throws {
        let root = try folder(["de.po": "msgid \"a\"\nmsgstr \"b\"\n"])
        #expect(refusal(["../x.po"], in: root)?.message.contains("outside") == true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.po", withDestinationPath: root + "/de.po")
        #expect(refusal(["link.po"], in: root)?.message.contains("symbolic link") == true)
        #expect(refusal(["notes.txt"], in: try folder(["notes.txt": "x"]))?.message.contains("a catalog's name ends in") == true)
        let huge = try folder([
            "de.json": "{\"a\": \"" + String(repeating: "x", count: CatalogLimits.maximumStringBytes + 1) + "\"}"
        ])
        #expect(refusal(["de.json"], in: huge)?.message.contains("at most \(CatalogLimits.maximumStringBytes)") == true)
    }
}
