import Foundation
import Testing

/// `seemore layout` run as a binary: output, errors and exit codes.
@Suite struct LayoutCommandTests {
    @Test func json_printsExactlyOneObjectWithEveryKey() throws {
        let output = try BinaryRunner.run([
            "layout", "--text", "The quick brown fox jumps over the lazy dog again and again and again.",
            "--width", "150", "--lines", "2", "--json",
        ])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        for key in [
            "truncated", "kept", "lineCount", "fullLineCount", "lines", "suffixRect", "suffixWraps", "unknownGlyphs",
            "fonts", "fontFallback",
        ] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["truncated"] as? Bool == true)
        #expect((object["lines"] as? [String])?.count == 2)
        #expect((object["lines"] as? [String])?.last?.hasSuffix("… See more") == true)
        let rect = try #require(object["suffixRect"] as? [String: Double])
        #expect(rect["width"]! > 0 && rect["x"]! + rect["width"]! <= 150.001)
        #expect(object["fonts"] as? [String] == ["DejaVu Sans"])
    }

    @Test func lineHeight_movesTheSuffixNotTheCut() throws {
        let text = "The quick brown fox jumps over the lazy dog again and again and again."
        func cut(_ extra: [String]) throws -> [String: Any] {
            let output = try BinaryRunner.run(["layout", "--text", text, "--width", "150", "--lines", "2", "--json"] + extra)
            #expect(output.status == 0, "\(output.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        }
        let natural = try cut([])
        let spaced = try cut(["--line-height", "30pt"])
        #expect(natural["kept"] as? String == spaced["kept"] as? String)
        let naturalY = try #require((natural["suffixRect"] as? [String: Double])?["y"])
        let spacedY = try #require((spaced["suffixRect"] as? [String: Double])?["y"])
        #expect(spacedY > naturalY + 5)
        #expect((spaced["suffixRects"] as? [Any])?.count == 1)
    }

    @Test func json_hasNullSuffixRectWhenTheTextFits() throws {
        let output = try BinaryRunner.run(["layout", "--text", "Short", "--json"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("\"suffixRect\": null"))
        #expect(output.stdout.contains("\"truncated\": false"))
    }

    @Test func summary_showsTheVisibleLines() throws {
        let output = try BinaryRunner.run([
            "layout", "--text", "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", "--font", "IPAGothic 15",
            "--width", "120", "--lines", "2", "--ellipsis", "…", "--suffix", "続きを読む",
        ])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("Truncated: 2 of"))
        #expect(output.stdout.contains("…続きを読む\n"))
    }

    @Test func longText_isCountedInFullOnlyWhenAsked() throws {
        let file = try BinaryRunner.temporaryFile(Array(String(repeating: "word ", count: 30_000).utf8))
        let bounded = try BinaryRunner.run(["layout", "--text-file", file.path, "--json"])
        #expect(bounded.stdout.contains("\"fullLineCountIsExact\": false"))
        let full = try BinaryRunner.run(["layout", "--text-file", file.path, "--json", "--full-count"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [String: Any])
        #expect(object["fullLineCountIsExact"] as? Bool == true)
        #expect((object["fullLineCount"] as? Int ?? 0) > 3000)
        let summary = try BinaryRunner.run(["layout", "--text-file", file.path])
        #expect(summary.stdout.hasPrefix("Truncated: 3 of at least "))
    }

    @Test func textFileDash_readsStandardInput() throws {
        let output = try BinaryRunner.run(["layout", "--text-file", "-", "--json"], stdin: Data("from stdin".utf8))
        #expect(output.status == 0)
        #expect(output.stdout.contains("\"kept\": \"from stdin\""))
    }

    @Test func textFile_isRead() throws {
        let file = try BinaryRunner.temporaryFile(Array("Line one\nLine two\n".utf8))
        let output = try BinaryRunner.run(["layout", "--text-file", file.path, "--json"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("\"kept\": \"Line one\\nLine two\""))
    }

    @Test func help_printsUsageAndExitsZero() throws {
        for arguments in [["layout", "--help"], ["--help"]] {
            let output = try BinaryRunner.run(arguments)
            #expect(output.status == 0)
            #expect(output.stdout.contains("Usage: seemore"))
            #expect(output.stderr == "")
        }
    }

    @Test(arguments: [
        (["layout", "--text", "x", "--bogus"], "unknown flag --bogus"),
        (["layout", "--text", "x", "--lines", "0"], "--lines must be a whole number from 1 to 1000, not '0'"),
        (["layout", "--text", "x", "--lines", "two"], "--lines must be a whole number from 1 to 1000, not 'two'"),
        (["layout", "--text", "x", "--lines", "9223372036854775807"], "--lines must be a whole number from 1 to 1000"),
        (["layout", "--text", "x", "--width", "0"], "--width must be a number of points above 0 and at most 1000000, not '0'"),
        (["layout", "--text", "x", "--width", "-3"], "--width must be a number of points above 0 and at most 1000000, not '-3'"),
        (
            ["layout", "--text", "x", "--width", "wide"],
            "--width must be a number of points above 0 and at most 1000000, not 'wide'"
        ),
        (
            ["layout", "--text", "x", "--width", "nan"],
            "--width must be a number of points above 0 and at most 1000000, not 'nan'"
        ),
        (["layout", "--text", "x", "--cut", "letters"], "--cut must be one of word, grapheme, not 'letters'"),
        (["layout", "--text", "x", "--line-height", "20px"], "--line-height must be a multiple of the font size"),
        (["layout", "--text", "x", "--line-height", "-1"], "not '-1'"),
        (
            ["layout", "--text", "x", "--lang", "ja_JP"],
            "--lang must be a BCP 47 language tag such as ja, zh-Hans or pt-BR, not 'ja_JP'"
        ),
        (["layout", "--text", "x", "--direction", "up"], "--direction must be one of auto, ltr, rtl, not 'up'"),
        (["layout", "--text", "x", "--hyphens", "yes"], "--hyphens must be one of none, auto, not 'yes'"),
        (["layout", "--text", "x", "--korean", "jamo"], "--korean must be one of words, syllables, not 'jamo'"),
        (["layout", "--text", "x", "--width"], "--width needs a value"),
        (["layout", "--json"], "give the text with --text or --text-file"),
        (["layout", "--text", "x", "--text-file", "y"], "give the text once"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        ([], "no command given"),
    ])
    func usageErrors_nameTheFlagPrintTheUsageAndExit64(arguments: [String], message: String) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("Error: "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stderr.contains("Usage: seemore"))
    }

    @Test func invalidUTF8_namesTheByteAndExits65() throws {
        let file = try BinaryRunner.temporaryFile([0x61, 0x62, 0x63, 0xC3, 0x28, 0x64])
        let output = try BinaryRunner.run(["layout", "--text-file", file.path])
        #expect(output.status == 65)
        #expect(output.stderr == "Error: \(file.path) is not valid UTF-8 at byte 3\n")
    }

    @Test func invalidUTF8OnStandardInput_exits65() throws {
        let output = try BinaryRunner.run(["layout", "--text-file", "-"], stdin: Data([0x68, 0x69, 0xFF]))
        #expect(output.status == 65)
        #expect(output.stderr == "Error: standard input is not valid UTF-8 at byte 2\n")
    }

    @Test func nulCharacter_exits65() throws {
        let file = try BinaryRunner.temporaryFile([0x61, 0x00, 0x62])
        let output = try BinaryRunner.run(["layout", "--text-file", file.path])
        #expect(output.status == 65)
        #expect(output.stderr.contains("NUL character at byte 1"))
    }

    @Test func missingFile_namesThePathAndExits66() throws {
        let path = "/nonexistent/seemore/text.txt"
        let output = try BinaryRunner.run(["layout", "--text-file", path])
        #expect(output.status == 66)
        #expect(output.stderr.hasPrefix("Error: cannot read text file \(path): "))
        #expect(output.stderr.contains("No such file"))
    }

    @Test func missingFontFamily_warnsOrFailsWithStrictFonts() throws {
        let warned = try BinaryRunner.run(["layout", "--text", "Hello", "--font", "No Such Family 15", "--json"])
        #expect(warned.status == 0)
        #expect(warned.stderr.hasPrefix("Warning: font family \"No Such Family\" is not installed; fontconfig used"))
        #expect(warned.stdout.contains("\"fontFallback\": true"))
        let strict = try BinaryRunner.run(["layout", "--text", "Hello", "--font", "No Such Family 15", "--strict-fonts"])
        #expect(strict.status == 65)
        #expect(strict.stderr.hasPrefix("Error: font family \"No Such Family\" is not installed"))
        #expect(strict.stdout == "")
    }

    @Test func installedFontFamily_givesNoWarning() throws {
        let output = try BinaryRunner.run([
            "layout", "--text", "Hello", "--font", "DejaVu Serif 15", "--suffix-font", "IPAGothic Bold", "--strict-fonts",
        ])
        #expect(output.status == 0)
        #expect(output.stderr == "")
    }
}
