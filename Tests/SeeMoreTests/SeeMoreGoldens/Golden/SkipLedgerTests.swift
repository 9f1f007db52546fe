import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// `check` skips a case only when nothing it depends on changed since it passed: each input is
/// changed in turn, and the case is drawn again. Serialized: one test sets an environment variable
/// that is part of every case's inputs.
@Suite(.serialized) struct SkipLedgerTests {
    /// A suite with its own templates folder (copied, so a test can edit a template), checked until
    /// its ledger holds every case; the options skip, with their own skip cache.
    private func passedSuite(_ json: String = GoldenFixtures.suiteJSON) throws -> (
        suite: GoldenSuite, options: CheckOptions, templates: String
    ) {
        let path = try GoldenFixtures.suiteFile(json)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let templates = folder + "/templates"
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        for name in ["inline-more", "x"] {
            try FileManager.default.copyItem(
                atPath: CardFixtures.templatesFolder + "/" + name + ".json", toPath: templates + "/" + name + ".json")
        }
        let suite = try GoldenSuite.load(path: path, templatesFolder: templates)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never, jobs: 2)
        options.skipCache = try BinaryRunner.temporaryFolder().path
        let first = try GoldenRunner.run(suite, options: options)
        #expect(first.failures.isEmpty)
        #expect(first.skip?.skipped == 0)
        #expect(first.skip?.drawn.map(\.reason) == ["no skip ledger yet"])
        return (suite, options, templates)
    }

    /// Names of the cases drawn by a run, and the reasons, sorted.
    private func drawn(_ summary: CheckSummary) -> [String: String] {
        var drawn: [String: String] = [:]
        for result in summary.results where !result.skipped { drawn[result.name] = result.drawnBecause ?? "(no reason)" }
        return drawn
    }

    @Test func anUnchangedSuite_isSkippedWhole_withTheSameOutcomesAndArtifacts() throws {
        let (suite, options, _) = try passedSuite()
        let second = try GoldenRunner.run(suite, options: options)
        #expect(second.skip?.skipped == suite.cases.count)
        #expect(drawn(second).isEmpty)
        #expect(second.failures.isEmpty)
        #expect(second.results.map(\.name) == suite.cases.map(\.name))
        for result in second.results {
            #expect(result.outcome == .passed)
            let copy = try #require(result.artifacts["golden"])
            #expect(FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + copy))
            #expect(!result.fontFiles.isEmpty, "the fonts it drew with are kept for the fingerprint")
        }
        // The report says so, case by case and in all.
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: options.artifactsFolder + "/report.json"))) as? [String: Any]
        let skip = try #require(report?["skip"] as? [String: Any])
        #expect(skip["skipped"] as? Int == suite.cases.count)
        let cases = try #require(report?["cases"] as? [[String: Any]])
        #expect(cases.allSatisfy { ($0["skip"] as? [String: Any])?["skipped"] as? Bool == true })
    }

    @Test func aGoldenWithOneChangedPixel_orAChangedLayoutSnapshot_isDrawnAgain() throws {
        let (suite, options, _) = try passedSuite()
        let victim = suite.folder + "/" + suite.cases[3].pngPath
        var image = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: victim))))
        let middle = (image.height / 2 * image.width + image.width / 2) * 4
        image.pixels.replaceSubrange(middle..<middle + 4, with: [255, 0, 0, 255])
        try Data(try PNGCodec.encode(image, scale: 1)).write(to: URL(fileURLWithPath: victim))
        let layout = suite.folder + "/" + suite.cases[5].layoutPath
        try (try String(contentsOfFile: layout, encoding: .utf8) + " ").write(toFile: layout, atomically: true, encoding: .utf8)

        let summary = try GoldenRunner.run(suite, options: options)
        #expect(drawn(summary) == [suite.cases[3].name: "its golden changed", suite.cases[5].name: "its golden changed"])
        #expect(Set(summary.failures.map(\.name)) == [suite.cases[3].name, suite.cases[5].name])
        // Failed, they stay out of the ledger: the next run draws them again.
        let next = try GoldenRunner.run(suite, options: options)
        #expect(Set(drawn(next).keys) == [suite.cases[3].name, suite.cases[5].name])
        #expect(Set(drawn(next).values) == ["new, or not passed when last checked"])
    }

    @Test func aChangedTemplateFile_drawsItsCasesOnly() throws {
        let (_, options, templates) = try passedSuite()
        let file = templates + "/x.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        // One more space in the file: the same template, other bytes. Drawn, and passing.
        try (text + " ").write(toFile: file, atomically: true, encoding: .utf8)
        let suite = try GoldenSuite.load(path: try suitePath(templates), templatesFolder: templates)
        let summary = try GoldenRunner.run(suite, options: options)
        let xCases = Set(suite.cases.filter { $0.template.name == "x" }.map(\.name))
        #expect(Set(drawn(summary).keys) == xCases)
        #expect(Set(drawn(summary).values) == ["template x changed"])
        #expect(summary.failures.isEmpty)
        #expect(summary.skip?.skipped == suite.cases.count - xCases.count)
    }

    /// The suite file beside a test's templates folder.
    private func suitePath(_ templates: String) throws -> String {
        URL(fileURLWithPath: templates).deletingLastPathComponent().appendingPathComponent("suite.json").path
    }

    @Test func aTemplateChangedInCode_isDrawn() throws {
        let (suite, options, _) = try passedSuite()
        var changed = suite
        for index in changed.cases.indices where changed.cases[index].template.name == "x" {
            changed.cases[index].template.themes["light"]?.text = Color(red: 0.8, green: 0, blue: 0)
        }
        let summary = try GoldenRunner.run(changed, options: options)
        let xLight = Set(suite.cases.filter { $0.template.name == "x" }.map(\.name))
        #expect(Set(drawn(summary).keys) == xLight)
        #expect(
            Set(summary.failures.map(\.name))
                == Set(suite.cases.filter { $0.template.name == "x" && $0.theme == "light" }.map(\.name)))
    }

    @Test func aSuiteFontFileWithOneMoreByte_drawsEveryCaseAgain() throws {
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"texts\": {", with: "\"fontFiles\": [\"DejaVuSans.ttf\"], \"texts\": {")
        let path = try GoldenFixtures.suiteFile(json)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: folder + "/DejaVuSans.ttf")
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never)
        options.skipCache = try BinaryRunner.temporaryFolder().path
        _ = try GoldenRunner.run(suite, options: options)
        #expect(try GoldenRunner.run(suite, options: options).skip?.skipped == suite.cases.count)

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/DejaVuSans.ttf"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let summary = try GoldenRunner.run(try GoldenFixtures.load(path), options: options)
        #expect(summary.skip?.skipped == 0)
        #expect(Set(drawn(summary).values) == ["SeeMore, a library, the machine's fonts or the suite's font files changed"])
    }

    @Test func aDrawnFontWhoseHashChanged_drawsItsCasesAgain() throws {
        let (suite, options, _) = try passedSuite()
        let path = SkipLedger.path(in: try #require(options.skipCache), suitePath: suite.path)
        var ledger = try #require(SkipLedger.read(path))
        let font = try #require(ledger.fonts.keys.sorted().first)
        ledger.fonts[font] = String(repeating: "0", count: 64)
        try ledger.write(to: path)
        let summary = try GoldenRunner.run(suite, options: options)
        let users = Set(ledger.entries.filter { $0.value.fonts.contains(font) }.map(\.key))
        #expect(!users.isEmpty)
        #expect(Set(drawn(summary).keys) == users)
        #expect(Set(drawn(summary).values) == ["font file \(font) changed"])
    }

    /// A font file is read once: the ledger keeps its settled identity with its hashes, and a run
    /// that finds the file with that identity takes the hash recorded (a font that changed has another
    /// identity, and is read again).
    @Test func aSettledFontFile_isKnownByItsIdentity_andReadAgainWithAnother() throws {
        let (suite, options, _) = try passedSuite()
        let path = SkipLedger.path(in: try #require(options.skipCache), suitePath: suite.path)
        var ledger = try #require(SkipLedger.read(path))
        #expect(!ledger.fonts.isEmpty)
        for (font, hash) in ledger.fonts {
            let seen = try #require(ledger.seen[font], "\(font)")
            #expect(seen.identity == FileIdentity(path: font)?.text)
            #expect(seen.sha256 == hash)
        }
        // The identity stands for the bytes: a hash recorded with the identity the file has now is
        // taken as the file's (here a wrong one, so its cases are drawn).
        let font = try #require(ledger.fonts.keys.sorted().first)
        let users = Set(ledger.entries.filter { $0.value.fonts.contains(font) }.map(\.key))
        ledger.seen[font]?.sha256 = String(repeating: "1", count: 64)
        try ledger.write(to: path)
        let trusted = try GoldenRunner.run(suite, options: options)
        #expect(!users.isEmpty)
        #expect(Set(drawn(trusted).keys) == users)
        #expect(Set(drawn(trusted).values) == ["font file \(font) changed"])
        // Another identity: the file is read, its hash differs from the one its cases passed with
        // (the wrong one, now the ledger's), and they are drawn; then the ledger has its true hash.
        ledger = try #require(SkipLedger.read(path))
        ledger.seen[font]?.identity = "0:0:0:0.0:0.0"
        try ledger.write(to: path)
        let read = try GoldenRunner.run(suite, options: options)
        #expect(Set(drawn(read).keys) == users)
        #expect(
            SkipLedger.read(path)?.seen[font]?.sha256
                == String(ContentHash.sha256(Array(try Data(contentsOf: URL(fileURLWithPath: font))))))
        #expect(try GoldenRunner.run(suite, options: options).skip?.skipped == suite.cases.count)
    }

    /// A file written just now is not settled (a write within the clock's granularity of the read
    /// could keep its identity); one that has not changed for longer is.
    @Test func aFileWrittenJustNow_isNotSettled() throws {
        let file = try BinaryRunner.temporaryFolder().path + "/font.ttf"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        let fresh = try #require(FileIdentity(path: file))
        #expect(!fresh.isSettled(readUnchanged: FileIdentity(path: file)))
        let installed = try #require(FileIdentity(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(installed.isSettled(readUnchanged: FileIdentity(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        #expect(!installed.isSettled(readUnchanged: fresh), "changed while it was read")
    }

    @Test func theCodeTheLibrariesTheMachinesFontsAndTheVariables_areInEveryKey() throws {
        let (suite, _, _) = try passedSuite()
        let golden = suite.cases[0]
        func key(_ inputs: CaseInputs) -> String? {
            var inputs = inputs
            return inputs.key(for: golden, named: golden.name, tolerance: Tolerance())
        }
        let here = key(CaseInputs(suite: suite))
        #expect(here != nil)
        #expect(key(CaseInputs(suite: suite)) == here, "the same inputs give the same key")
        #expect(key(CaseInputs(suite: suite, build: BuildIdentity.current + "x\n")) != here)
        var libraries = LibraryVersions.all
        libraries[0].version += ".1"
        #expect(key(CaseInputs(suite: suite, libraries: libraries)) != here)
        #expect(key(CaseInputs(suite: suite, machineFonts: MachineFonts.state + "\nfont /new.ttf 0 1:1.0")) != here)
        var variables = ProcessInfo.processInfo.environment
        variables["FONTCONFIG_FILE"] = "/elsewhere/fonts.conf"
        #expect(key(CaseInputs(suite: suite, variables: variables)) != here)
        variables["UNRELATED_VARIABLE"] = "x"
        variables["FONTCONFIG_FILE"] = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"]
        #expect(key(CaseInputs(suite: suite, variables: variables)) == here, "a variable the text stack does not read is not")
        var other = golden
        other.width += 0.5
        var inputs = CaseInputs(suite: suite)
        #expect(inputs.key(for: other, named: golden.name, tolerance: Tolerance()) != here)
        #expect(inputs.key(for: golden, named: golden.name, tolerance: Tolerance(maxDiffPixels: 1)) != here)
    }

    @Test func theBuildIdentity_namesThisProgramsBuildID() throws {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-n", "/proc/self/exe".resolvingProgram]
        let pipe = Pipe()
        readelf.standardOutput = pipe
        try readelf.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let id = try #require(output.split(separator: "\n").first { $0.contains("Build ID:") }?.split(separator: " ").last)
        #expect(BuildIdentity.current.split(separator: "\n").first == " " + id[...], "the program first, with its build ID")
        #expect(BuildIdentity.current.contains("libpango-1.0.so.0 "), "and each library, Pango's among them")
    }

    @Test func aVariableTheTextStackReads_drawsEveryCaseAgain() throws {
        let (suite, options, _) = try passedSuite()
        setenv("SEEMORE_SKIP_TEST_VARIABLE", "1", 1)
        defer { unsetenv("SEEMORE_SKIP_TEST_VARIABLE") }
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.skip?.skipped == 0)
    }

    @Test func anotherTolerance_noSkip_andRecordingAll_drawEveryCase() throws {
        let (suite, options, _) = try passedSuite()
        var stricter = options
        stricter.tolerance.threshold = 0.05
        #expect(try GoldenRunner.run(suite, options: stricter).skip?.skipped == 0)
        var off = options
        off.skipCache = nil
        let unskipped = try GoldenRunner.run(suite, options: off)
        #expect(unskipped.skip == nil)
        #expect(unskipped.results.allSatisfy { !$0.skipped && $0.drawnBecause == nil })
        var all = options
        all.record = .all
        #expect(try GoldenRunner.run(suite, options: all).skip == nil)
    }

    @Test func aDamagedOrPlantedLedger_drawsTheCasesItCannotVouchFor() throws {
        let (suite, options, _) = try passedSuite()
        let path = SkipLedger.path(in: try #require(options.skipCache), suitePath: suite.path)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for damaged in [Data(), Data("garbage\n".utf8), good.prefix(good.count / 2), Data(repeating: 0xFF, count: 4096)] {
            try damaged.write(to: URL(fileURLWithPath: path))
            let summary = try GoldenRunner.run(suite, options: options)
            #expect(summary.failures.isEmpty)
            #expect(summary.skip.map { $0.skipped < suite.cases.count } == true)
        }
        // A ledger planted to vouch for a golden someone changed: its bytes are not those recorded.
        try good.write(to: URL(fileURLWithPath: path))
        let victim = suite.folder + "/" + suite.cases[0].pngPath
        try Data(try PNGCodec.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64))!, scale: 1))
            .write(to: URL(fileURLWithPath: victim))
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.failures.map(\.name) == [suite.cases[0].name])
    }

    @Test func aCaseTheSuiteNoLongerHas_leavesTheLedger() throws {
        let (suite, options, templates) = try passedSuite()
        let path = try suitePath(templates)
        let fewer = GoldenFixtures.suiteJSON.replacingOccurrences(of: "\"widths\": [200, 300]", with: "\"widths\": [200]")
        try Data(fewer.utf8).write(to: URL(fileURLWithPath: path))
        let smaller = try GoldenSuite.load(path: path, templatesFolder: templates)
        #expect(try GoldenRunner.run(smaller, options: options).skip?.skipped == smaller.cases.count)
        let cache = try #require(options.skipCache)
        let ledger = try #require(SkipLedger.read(SkipLedger.path(in: cache, suitePath: suite.path)))
        #expect(Set(ledger.entries.keys) == Set(smaller.cases.map(\.name)))
    }

    /// Every stored property of a case is in its input key (`CaseInputs.key`): a new one fails this
    /// test until it is added there.
    @Test func everyPropertyOfACase_isInItsKey() throws {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        let names = Mirror(reflecting: suite.cases[0]).children.compactMap(\.label)
        #expect(
            names == [
                "shared", "textName", "text", "markup", "language", "entities", "author", "font", "width", "theme", "scale",
                "state", "pseudo", "textSize", "locale", "tolerance", "ignore",
            ])
        #expect(
            Mirror(reflecting: Tolerance()).children.compactMap(\.label) == [
                "threshold", "maxDiffPixels", "maxDiffRatio", "deltaE",
            ])
    }
}

extension String {
    /// The file a `/proc/self/exe`-style link names.
    fileprivate var resolvingProgram: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: self)) ?? self
    }
}
