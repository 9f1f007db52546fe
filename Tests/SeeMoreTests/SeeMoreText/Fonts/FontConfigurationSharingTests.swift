import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// In SeeMore's own programs a design's files on top of the machine's fonts do not load the
/// machine's fontconfig configuration a second time: the first such configuration becomes
/// fontconfig's current one. The machine's fonts alone (the fingerprint's fallback order) are still
/// read without the design's files.
@Suite struct FontConfigurationSharingTests {
    /// How many times a run of `seemore` loads the machine's fontconfig configuration, from
    /// fontconfig's own configuration trace (FC_DEBUG=1024).
    static func configurationLoads(_ arguments: [String]) throws -> (loads: Int, run: BinaryRunner.Output) {
        let run = try BinaryRunner.run(arguments, environment: ["FC_DEBUG": "1024"])
        let root = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"] ?? "/etc/fonts/fonts.conf"
        let loads = (run.stdout + run.stderr).split(separator: "\n").filter { $0.hasSuffix("Loading config file from \(root)") }
        return (loads.count, run)
    }

    @Test func aRenderWithFontFilesOnTopOfTheMachines_loadsTheMachinesConfigurationOnce() throws {
        let out = try BinaryRunner.temporaryFolder().path
        let common = ["render", "--text", "aaaa 日本", "--font", "SeeMore Test Sans 15", "--out", out, "--state", "collapsed"]
        let plain = try Self.configurationLoads(common)
        #expect(plain.run.status == 0 && plain.loads == 1, "\(plain.loads) loads")
        let layered = try Self.configurationLoads(common + ["--font-files", FontFilesTests.folder])
        #expect(layered.run.status == 0 && layered.loads == 1, "\(layered.loads) loads")
        // Its files first, the machine's fonts for the rest, as before (fontconfig's trace is on standard output).
        let drawn = try BinaryRunner.run(common + ["--font-files", FontFilesTests.folder, "--json"])
        let metadata = try JSONSerialization.jsonObject(with: Data(drawn.stdout.utf8)) as? [String: Any]
        let fonts = try #require(metadata?["fonts"] as? [String])
        #expect(fonts.first == "SeeMore Test Sans" && fonts.count == 2 && metadata?["unknownGlyphs"] as? Int == 0, "\(fonts)")
    }

    /// A suite with its own files (not hermetic) checked by `seemore`: its fingerprint's fallback
    /// order is the machine's, as this process (a library caller: no sharing) sees it.
    @Test func aLayeredSuitesFallbackOrder_isTheMachines() throws {
        let (path, folder) = try SuiteFontFilesTests.suite(hermetic: false)
        let run = try SuiteFontFilesTests.check(path, record: "missing")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let fingerprint = try #require(EnvironmentFingerprint.read(folder + "/ENVIRONMENT.json"))
        #expect(!fingerprint.fallbacks.isEmpty && fingerprint.fallbacks == FallbackOrder.current())
        #expect(!fingerprint.fallbacks.values.joined().contains("SeeMore Test Sans"))
    }
}
