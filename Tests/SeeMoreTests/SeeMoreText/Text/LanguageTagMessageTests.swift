import Foundation
@testable import SeeMoreCards
@testable import SeeMoreText
import Testing

/// One wording for a bad language tag wherever one is given (#42: written five times, and
/// `TruncationRequest`'s said "a BCP 47 tag" where the others said "a BCP 47 language tag").
@Suite struct LanguageTagMessageTests {
    @Test func everyEntryPoint_saysTheSameRule() throws {
        var request = TruncationRequest(text: "a")
        request.language = "ja_JP"
        #expect(throws: TruncationRequestError.self) { try request.validate() }
        do {
            try request.validate()
        } catch {
            #expect("\(error)".contains("must be \(TextLanguage.rule), not 'ja_JP'"), "\(error)")
        }
        let flag = try BinaryRunner.run(["layout", "--text", "a", "--lang", "ja_JP"])
        #expect(flag.status == 64 && flag.stderr.contains("--lang must be \(TextLanguage.rule), not 'ja_JP'"), "\(flag.stderr)")
        let batch = try BinaryRunner.run(
            ["render", "--batch", "-", "--out", try BinaryRunner.temporaryFolder().path],
            stdin: Data(#"{"text": "a", "lang": "ja_JP"}"#.utf8 + [0x0A]))
        #expect(batch.stdout.contains("lang must be \(TextLanguage.rule), not 'ja_JP'"), "\(batch.stdout)")
        let template =
            ##"{"body": {"lang": "ja_JP"}, "themes": {"light": {"background": "#FFFFFF", "text": "#000000", "suffix": "#000000"}}}"##
        #expect(throws: (any Error).self) { try TemplateLoader.decode(Data(template.utf8), path: "t.json") }
        do {
            _ = try TemplateLoader.decode(Data(template.utf8), path: "t.json")
        } catch {
            #expect("\(error)".contains("\"ja_JP\" is not \(TextLanguage.rule)"), "\(error)")
        }
    }
}
