import Foundation
@testable import SeeMoreCards
@testable import SeeMoreCommandLine
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

@Suite struct GoldenRunnerTests {
    @Test func suite_expandsToStableReadableNames() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        #expect(suite.cases.count == 16)
        #expect(suite.cases.map(\.name).contains("inline-more/long/DejaVuSans-15@200.light.collapsed"))
        #expect(suite.cases.map(\.name) == suite.cases.map(\.name).sorted())
        #expect(GoldenCase.fontToken("IPAGothic 15") == "IPAGothic-15")
        #expect(GoldenCase.fontToken("DejaVu Sans Bold 15") == "DejaVuSansBold-15")
        // Anything but letters, digits, "-" and "." becomes "_", in ASCII and beyond.
        #expect(GoldenCase.fontToken("Font+Name, Serif 12.5") == "Font_Name_Serif-12.5")
        #expect(GoldenCase.fontToken("Fönt™ Ünï 15") == "Fönt_Ünï-15")
        #expect(GoldenCase.fontToken("Mono\t7 9") == "Mono_7-9")
    }

    @Test func recordMissing_writesAbsentGoldensAndStillFails() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        let first = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        #expect(first.failures.count == 16)
        #expect(first.results.allSatisfy { $0.outcome == .missing && $0.recordedPath != nil })
        for golden in suite.cases {
            #expect(FileManager.default.fileExists(atPath: suite.folder + "/" + golden.pngPath))
            #expect(FileManager.default.fileExists(atPath: suite.folder + "/" + golden.layoutPath))
        }
        #expect(FileManager.default.fileExists(atPath: suite.folder + "/ENVIRONMENT.json"))
        let second = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        #expect(second.failures.isEmpty)
        #expect(second.environmentChanges.isEmpty)
    }

    @Test func recordAll_rewritesGoldensWhoseBytesWouldChange() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        #expect(try GoldenRunner.run(suite, options: try GoldenFixtures.options(.all)).failures.isEmpty, "nothing would change")
        // The same pixels in another encoding: compares equal, but `all` normalises the file.
        let victim = suite.folder + "/" + suite.cases[5].pngPath
        let image = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: victim))))
        try Data(try PNGCodec.encode(image, scale: 1, settings: .libpngDefault)).write(to: URL(fileURLWithPath: victim))
        #expect(try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never)).failures.isEmpty)
        let rerecorded = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.all))
        #expect(rerecorded.failures.map(\.name) == [suite.cases[5].name])
        #expect(try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never)).failures.isEmpty)
    }

    @Test func recordNever_writesNothing() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never))
        #expect(summary.failures.count == 16)
        #expect(summary.results.allSatisfy { $0.recordedPath == nil })
        #expect(GoldenFixtures.files(under: suite.folder).map(\.0) == ["suite.json"])
    }

    @Test func ciEnvironment_neverRecordsByDefault() throws {
        #expect(RecordMode.default(environment: ["CI": "true"]) == .never)
        #expect(RecordMode.default(environment: [:]) == .missing)
        let command = try CheckCommand.parse([], environment: ["CI": "1"])
        #expect(command.options.record == .never)
    }

    /// Records a suite, then changes the inline-more template's suffix color for the rest of the test.
    static func recordedSuiteWithChangedTemplate() throws -> (recorded: GoldenSuite, changed: GoldenSuite, templates: String) {
        let path = try GoldenFixtures.suiteFile()
        let recorded = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(recorded, options: try GoldenFixtures.options(.missing))
        let templates = try BinaryRunner.temporaryFolder().path
        for name in ["inline-more", "x"] {
            var text = try String(contentsOfFile: CardFixtures.templatesFolder + "/\(name).json", encoding: .utf8)
            if name == "inline-more" { text = text.replacingOccurrences(of: "#0095F6", with: "#E0245E") }
            try text.write(toFile: templates + "/\(name).json", atomically: true, encoding: .utf8)
        }
        return (recorded, try GoldenSuite.load(path: path, templatesFolder: templates), templates)
    }

    @Test func recordFailed_replacesOnlyFailingGoldens() throws {
        let (_, changed, _) = try Self.recordedSuiteWithChangedTemplate()
        let before = Dictionary(uniqueKeysWithValues: GoldenFixtures.files(under: changed.folder))
        let summary = try GoldenRunner.run(changed, options: try GoldenFixtures.options(.failed))
        let failed = summary.failures
        #expect(failed.count == 2)  // the collapsed, cut inline-more cards: the only ones that draw the suffix
        #expect(failed.allSatisfy { $0.name.hasPrefix("inline-more/long/") && $0.name.hasSuffix(".collapsed") })
        #expect(failed.allSatisfy { $0.recordedPath != nil && $0.outcome == .pixelsChanged })
        let after = Dictionary(uniqueKeysWithValues: GoldenFixtures.files(under: changed.folder))
        let rewritten = after.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(rewritten == failed.map { String($0.goldenPath.dropFirst(changed.folder.count + 1)) }.sorted())
        #expect(try GoldenRunner.run(changed, options: try GoldenFixtures.options(.never)).failures.isEmpty)
    }

    @Test func recordNeverOnAChange_reportsPixelsAndWritesArtifacts() throws {
        let (_, changed, _) = try Self.recordedSuiteWithChangedTemplate()
        let options = try GoldenFixtures.options(.never)
        let summary = try GoldenRunner.run(changed, options: options)
        #expect(summary.failures.count == 2)
        for failure in summary.failures {
            #expect(failure.message.contains("pixels differ"))
            for kind in ["actual", "golden", "diff", "actualLayout", "goldenLayout"] {
                let file = try #require(failure.artifacts[kind], "\(kind)")
                #expect(FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + file))
            }
        }
    }

    /// A run removes what the previous one wrote (from its list of files with their identities), so a
    /// case that passes again leaves no stale diff, and touches nothing else in the folder; a list of
    /// names alone (an older version's, or a planted one) and a report remove nothing.
    @Test(arguments: [false, true])
    func nextRun_removesThePreviousRunsArtifacts(fromOlderReport: Bool) throws {
        let (recorded, changed, _) = try Self.recordedSuiteWithChangedTemplate()
        let options = try GoldenFixtures.options(.never)
        let failing = try GoldenRunner.run(changed, options: options)
        let diffs = failing.failures.compactMap { $0.artifacts["diff"] }.map { options.artifactsFolder + "/" + $0 }
        #expect(diffs.count == 2 && diffs.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let list = try String(contentsOfFile: options.artifactsFolder + "/artifacts.txt", encoding: .utf8)
        #expect(failing.results.flatMap { $0.artifacts.values }.allSatisfy { list.contains($0 + "\n") })
        if fromOlderReport {
            let names = list.split(separator: "\n").compactMap { $0.split(separator: "\t").last }.joined(separator: "\n")
            try (names + "\n").write(toFile: options.artifactsFolder + "/artifacts.txt", atomically: true, encoding: .utf8)
        }
        let mine = options.artifactsFolder + "/notes.txt"
        try "mine".write(toFile: mine, atomically: true, encoding: .utf8)
        #expect(try GoldenRunner.run(recorded, options: options).failures.isEmpty)
        if fromOlderReport {
            #expect(diffs.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "names alone remove nothing")
        } else {
            #expect(diffs.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "no stale diff is left")
        }
        #expect(FileManager.default.fileExists(atPath: mine), "a file no run listed stays")
    }

    @Test func report_referencesFilesThatExist() throws {
        let (_, changed, _) = try Self.recordedSuiteWithChangedTemplate()
        let options = try GoldenFixtures.options(.never)
        let summary = try GoldenRunner.run(changed, options: options)
        let reportPath = try #require(summary.reportPath)
        let page = try Self.pageData(reportPath)
        let cases = try #require(page["cases"] as? [[String: Any]])
        let artifacts = cases.map { $0["artifacts"] as? [String: String] ?? [:] }
        let sources = artifacts.flatMap(\.values)
        // Failing cases show golden, actual and diff; passed ones their golden, copied in.
        #expect(artifacts.flatMap { $0.filter { ["golden", "actual", "diff"].contains($0.key) } }.count == 2 * 3 + 14)
        for source in sources {
            #expect(!source.hasPrefix("/") && !source.split(separator: "/").contains(".."), "\(source)")
            #expect(FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + source), "\(source)")
        }
        #expect(cases.filter { $0["kind"] as? String == "pixels" }.count == 2)
        #expect(cases.filter { $0["kind"] as? String == "passed" }.count == 14)
        #expect(cases.contains { $0["group"] as? String == "inline-more · DejaVu Sans 15 · 200 pt" })
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: options.artifactsFolder + "/report.json"))) as? [String: Any]
        #expect((report?["cases"] as? [Any])?.count == 16)
    }

    @Test func goldensNoCaseProduces_areReportedMissingWithoutFailing() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let orphan = suite.folder + "/x/gone/DejaVuSans-15@200.light.collapsed.png"
        try FileManager.default.createDirectory(atPath: suite.folder + "/x/gone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: suite.folder + "/" + suite.cases[0].pngPath, toPath: orphan)
        try FileManager.default.copyItem(
            atPath: suite.folder + "/" + suite.cases[0].layoutPath,
            toPath: suite.folder + "/x/gone/DejaVuSans-15@200.light.collapsed.layout.txt")
        let options = try GoldenFixtures.options(.never)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.failures.isEmpty)
        #expect(summary.orphanedGoldens == [orphan])
        #expect(CheckCommand.text(summary, options: options).contains("MISSING \(orphan): no case produces this golden"))
        let reportPath = try #require(summary.reportPath)
        let unused = try #require(try Self.pageData(reportPath)["unused"] as? [[String: Any]])
        #expect(unused.count == 1)
        #expect(unused.first?["path"] as? String == "x/gone/DejaVuSans-15@200.light.collapsed.png")
        let copy = try #require(unused.first?["image"] as? String)
        #expect(
            FileManager.default.contents(atPath: options.artifactsFolder + "/" + copy)
                == FileManager.default.contents(atPath: orphan))
    }

    /// The data a report page draws, from its embedded JSON.
    static func pageData(_ htmlPath: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: htmlPath, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    @Test func jobs_doNotChangeAnyOutputByte() throws {
        var outputs: [[(String, Data)]] = []
        for jobs in [1, 2] {
            let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
            var options = try GoldenFixtures.options(.missing, jobs: jobs)
            options.artifactsFolder = suite.folder + "/artifacts"
            _ = try GoldenRunner.run(suite, options: options)
            // The report names the suite's own (temporary) path; compare everything else byte for byte.
            outputs.append(
                GoldenFixtures.files(under: suite.folder).filter {
                    // artifacts.txt records each file's identity (inode, time), different in every run.
                    !$0.0.hasSuffix("report.json") && !$0.0.hasSuffix("index.html") && !$0.0.hasSuffix("artifacts.txt")
                })
        }
        #expect(outputs[0].count > 32)
        #expect(outputs[0].map(\.0) == outputs[1].map(\.0))
        #expect(outputs[0].map(\.1) == outputs[1].map(\.1))
    }

    @Test func shards_partitionTheCases() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        var seen: [String] = []
        for index in 1...3 {
            var options = try GoldenFixtures.options(.never)
            options.shard = Shard(index: index, count: 3)
            seen += try GoldenRunner.run(suite, options: options).results.map(\.name)
        }
        #expect(seen.sorted() == suite.cases.map(\.name))
        #expect(Shard(index: 0, count: 3) == nil)
        #expect(Shard(index: 4, count: 3) == nil)
    }

    @Test func filter_selectsByGlobAcrossFolders() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        var options = try GoldenFixtures.options(.never)
        options.filter = "x/*@300*"
        let names = try GoldenRunner.run(suite, options: options).results.map(\.name)
        #expect(names.count == 4)
        #expect(names.allSatisfy { $0.hasPrefix("x/") && $0.contains("@300") })
    }

    @Test func corruptGolden_failsThatCaseAndTheRunGoesOn() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let victim = suite.cases[3]
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0]).write(to: URL(fileURLWithPath: suite.folder + "/" + victim.pngPath))
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never))
        #expect(summary.results.count == 16)
        #expect(summary.failures.map(\.name) == [victim.name])
        #expect(summary.failures.first?.outcome == .unreadableGolden)
        #expect(summary.hasUnreadableGolden)
    }

    @Test func environmentChange_isReportedApartFromPixels() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        let fingerprint = suite.folder + "/ENVIRONMENT.json"
        let text = try String(contentsOfFile: fingerprint, encoding: .utf8)
            .replacingOccurrences(of: "\"pango\": \"", with: "\"pango\": \"0.")
        try text.write(toFile: fingerprint, atomically: true, encoding: .utf8)
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never))
        #expect(summary.failures.isEmpty)
        #expect(summary.environmentChanges.count == 1)
        #expect(summary.environmentChanges.first?.hasPrefix("pango 0.") == true)
        #expect(CheckCommand.text(summary, options: try GoldenFixtures.options(.never)).hasPrefix("Environment changed"))
    }

    /// A fingerprint drawn in the image names it, reads back with it, and another image name alone
    /// is no change: the libraries and fonts decide the pixels.
    @Test func theImage_isNamed_butIsNoChange() throws {
        var inImage = EnvironmentFingerprint(libraries: ["pango": "1.50.12"], fonts: [:])
        inImage.image = "seemore:0.4.0"
        let text = inImage.json.serialized()
        #expect(text.contains(#""image":"seemore:0.4.0""#) || text.contains(#""image": "seemore:0.4.0""#), "\(text)")
        let read = try #require(JSONNode.read(Data(text.utf8)).flatMap(EnvironmentFingerprint.init))
        #expect(read.image == "seemore:0.4.0" && read == inImage)
        let onHost = EnvironmentFingerprint(libraries: ["pango": "1.50.12"], fonts: [:])
        #expect(onHost.changes(since: inImage).isEmpty && inImage.changes(since: onHost).isEmpty)
        #expect(!onHost.json.serialized().contains("image"))
        #expect(onHost.merged(over: inImage).image == nil)
    }

    @Test func recordedFontThatIsGone_isAnEnvironmentChange() {
        let recorded = EnvironmentFingerprint(libraries: [:], fonts: ["/nonexistent/font.ttf": "1:abc"])
        let current = EnvironmentFingerprint(libraries: [:], fonts: [:])
        #expect(current.changes(since: recorded) == ["font /nonexistent/font.ttf is no longer installed"])
    }

    @Test(arguments: [
        (
            #"{"texts": {"a": "x"}, "matrices": [{"templates": ["nope"], "texts": ["a"], "fonts": ["DejaVu Sans 15"], "widths": [200]}]}"#,
            "suite.json:1:51: matrices[0].templates[0]: unknown template 'nope'; available: caption, chat-input, fade-overlay"
        ),
        (
            #"{"texts": {"a": "x"}, "matrices": [{"templates": ["x"], "texts": ["a"], "fonts": ["Nope Sans 15"], "widths": [200]}]}"#,
            "matrices[0].fonts[0]: font 'Nope Sans 15' is not installed"
        ),
        (#"{"texts": {"../up": "x"}, "matrices": []}"#, "texts.../up: text name '../up' must be letters"),
        (
            #"{"texts": {"a": "x"}, "matrices": [{"templates": ["x"], "texts": ["b"], "fonts": ["DejaVu Sans 15"], "widths": [200]}]}"#,
            "matrices[0].texts[0]: unknown text 'b'; texts: a"
        ),
        (
            #"{"texts": {"a": "x"}, "matrices": [{"templates": ["x"], "texts": ["a"], "fonts": ["DejaVu Sans 15"], "widths": [200]}, {"templates": ["x"], "texts": ["a"], "fonts": ["DejaVu Sans 15"], "widths": [200, 300]}]}"#,
            "duplicate case 'x/a/DejaVuSans-15@200.light.collapsed' (from matrices[0] and matrices[1])"
        ),
        (
            #"{"texts": {"a": "x"}, "matrices": [{"templates": ["x"], "texts": ["a"], "fonts": ["DejaVu Sans 15"], "widths": [200], "themes": ["sepia"]}]}"#,
            "matrices[0].themes[0]: template 'x' has no theme 'sepia'"
        ),
        (#"{"texts": {"a": "x"}, "matrixes": []}"#, "matrixes: unknown field"),
    ])
    func brokenSuites_nameTheProblem(json: String, expected: String) throws {
        let path = try GoldenFixtures.suiteFile(json)
        do {
            _ = try GoldenFixtures.load(path)
            Issue.record("no error")
        } catch let error as SuiteError {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.description.hasPrefix(path))
        }
    }
}
