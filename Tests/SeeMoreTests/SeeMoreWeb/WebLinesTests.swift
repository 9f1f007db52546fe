import Foundation
@testable import SeeMoreSupport
@testable import SeeMoreWeb
import Testing

/// Chromium, driven over its DevTools pipe, breaks texts into lines as CSS says.
@Suite(.serialized) struct WebLinesTests {
    @Test func monospaceText_breaksAtTheSpaceThatFits() throws {
        let browser = try TestBrowser.start()
        // DejaVu Sans Mono's advance is 0.602 em: 9.03 px at 15 px, so 100 px hold 11 characters.
        var request = WebLines.Request(
            text: "aaaa bbbb cccc dddd", family: "DejaVu Sans Mono", size: 15, lineHeight: 22, width: 100)
        var lines = try WebLines.lines(of: [request], in: browser)
        #expect(lines == [["aaaa bbbb ", "cccc dddd"]])
        // A word longer than the line breaks anywhere (overflow-wrap: break-word), as SeeMore's cut does.
        request.text = "abcdefghijklmnopqrstuvwxyz"
        lines = try WebLines.lines(of: [request], in: browser)
        #expect(lines == [["abcdefghijk", "lmnopqrstuv", "wxyz"]])
    }

    /// A font file given to the page draws under the family it is given as: the monospace breaks of
    /// DejaVu Sans Mono under a name no installed font has, and the proportional fallback's (narrow
    /// i's) before it is given.
    @Test func aGivenFontFile_drawsUnderItsFamily() throws {
        let browser = try TestBrowser.start()
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let request = WebLines.Request(
            text: "iiii iiii iiii iiii wwww", family: "\"SeeMore Given Face\"", size: 15, lineHeight: 22, width: 100)
        let before = try WebLines.lines(of: [request], in: browser)
        let bytes = try #require(FileManager.default.contents(atPath: path), "fonts-dejavu-core is installed by make deps")
        try WebLines.addFont(Array(bytes), family: "SeeMore Given Face", weight: 400, italic: false, to: browser)
        let after = try WebLines.lines(of: [request], in: browser)
        #expect(after == [["iiii iiii ", "iiii iiii ", "wwww"]])
        #expect(before != after, "\(before)")
        #expect(throws: Browser.Failure.self) {
            try WebLines.addFont(Array("no font".utf8), family: "Broken", weight: 400, italic: false, to: browser)
        }
    }

    @Test func japanese_followsLineBreakStrictness() throws {
        let browser = try TestBrowser.start()
        // Ten ideographs' width, then a small kana: `strict` never starts a line with it, `loose` may.
        let text = "一二三四五六七八九ャ十"
        var request = WebLines.Request(text: text, family: "IPAGothic", size: 10, lineHeight: 15, width: 90)
        request.language = "ja"
        request.style = "line-break: strict"
        let strict = try WebLines.lines(of: [request], in: browser)
        request.style = "line-break: loose"
        let loose = try WebLines.lines(of: [request], in: browser)
        #expect(strict == [["一二三四五六七八", "九ャ十"]])
        #expect(loose == [["一二三四五六七八九", "ャ十"]])
    }

    @Test func manyTexts_inOneCall_andAFailingScriptIsNamed() throws {
        let browser = try TestBrowser.start()
        let requests = (0..<500).map { index in
            WebLines.Request(
                text: "text \(index) " + String(repeating: "word ", count: index % 40), family: "DejaVu Sans", size: 15,
                lineHeight: 22, width: 240)
        }
        let lines = try WebLines.lines(of: requests, in: browser)
        #expect(lines.count == 500)
        #expect(zip(lines, requests).allSatisfy { $0.0.joined() == $0.1.text })
        #expect(throws: Browser.Failure.self) { try browser.evaluate("(() => { throw new Error('boom') })()") }
        #expect(try browser.evaluate("JSON.stringify([1])").array?.count == 1, "the browser still answers")
    }
}
