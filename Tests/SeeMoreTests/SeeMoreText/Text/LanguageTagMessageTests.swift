import Foundation
@testable import SeeMoreCards
@testable import SeeMoreScan
@testable import SeeMoreText
import Testing

/// A language tag is checked once, where it enters, and refused there in one wording (#42: the check
/// was written five times, and `TruncationRequest`'s said "a BCP 47 tag" where the others said "a
/// BCP 47 language tag"). Past the edge a tag is a `LanguageTag`, which cannot be malformed.
@Suite struct LanguageTagMessageTests {
    @Test func wellFormedTags_only() {
        for tag in ["ja", "zh-Hans", "zh-Hant-HK", "pt-BR", "und", "sr-Latn-RS", "yue"] {
            #expect(LanguageTag(tag)?.rawValue == tag)
        }
        for tag in [
            "", "x", "ja_JP", "-ja", "ja-", "ja--JP", "abcd", "ja-abcdefghi", "日本", "ja JP",
            String(repeating: "ab-", count: 12) + "ab",
        ] {
            #expect(LanguageTag(tag) == nil, "\(tag)")
        }
    }

    @Test func everyEntryPoint_saysTheSameRule() throws {
        let flag = try BinaryRunner.run(["layout", "--text", "a", "--lang", "ja_JP"])
        #expect(flag.status == 64 && flag.stderr.contains("--lang must be \(LanguageTag.rule), not 'ja_JP'"), "\(flag.stderr)")
        let batch = try BinaryRunner.run(
            ["render", "--batch", "-", "--out", try BinaryRunner.temporaryFolder().path],
            stdin: Data(#"{"text": "a", "lang": "ja_JP"}"#.utf8 + [0x0A]))
        #expect(batch.stdout.contains("lang must be \(LanguageTag.rule), not 'ja_JP'"), "\(batch.stdout)")
        let template =
            ##"{"body": {"lang": "ja_JP"}, "themes": {"light": {"background": "#FFFFFF", "text": "#000000", "suffix": "#000000"}}}"##
        #expect(throws: (any Error).self) { try TemplateLoader.decode(Data(template.utf8), path: "t.json") }
        do {
            _ = try TemplateLoader.decode(Data(template.utf8), path: "t.json")
        } catch {
            #expect("\(error)".contains("\"ja_JP\" is not \(LanguageTag.rule)"), "\(error)")
        }
        // A corpus text with a malformed tag is a bad record, named by its line; the next text is read.
        let corpus = #"{"text": "a", "lang": "ja_JP"}"# + "\n" + #"{"id": "b", "text": "b", "lang": "ja"}"# + "\n"
        let read = try CorpusReaderTests.read(Array(corpus.utf8), .jsonl)
        #expect(read == ["line 1: \"lang\" must be \(LanguageTag.rule), not 'ja_JP'", "b|b|ja|2"], "\(read)")
        let csv = try CorpusReaderTests.read(Array("id,text,lang\na,a,ja_JP\nb,b,\n".utf8), .csv)
        #expect(csv == ["line 2: \"lang\" must be \(LanguageTag.rule), not 'ja_JP'", "b|b|-|3"], "\(csv)")
    }
}
