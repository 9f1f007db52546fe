import Foundation
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreText
import Testing

/// A long-running review checks again with the results of the last check: only what changed is rendered.
@Suite struct CheckCacheTests {
    /// A recorded suite and options that never record, use one cache and one artifacts folder.
    private func recordedSuite() throws -> (GoldenSuite, CheckOptions, CheckCache) {
        let suite = try GoldenFixtures.load(try GoldenFixtures.suiteFile())
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        var options = try GoldenFixtures.options(.never, jobs: 2)
        let cache = CheckCache()
        options.cache = cache
        return (suite, options, cache)
    }

    private func report(_ summary: CheckSummary) -> [String] {
        summary.results.map { "\($0.name) \($0.outcome) \($0.message) \($0.artifacts.sorted { $0.key < $1.key })" }
    }

    @Test func unchangedCases_areNotRenderedAgain_andGiveTheSameReport() throws {
        let (suite, options, cache) = try recordedSuite()
        let first = try GoldenRunner.run(suite, options: options)
        #expect((cache.hits, cache.misses) == (0, 16))
        let second = try GoldenRunner.run(suite, options: options)
        #expect((cache.hits, cache.misses) == (16, 16))
        #expect(report(second) == report(first))
        #expect(second.environment == first.environment)
        // The passed goldens' copies the report shows are still there.
        for result in second.results {
            let copy = try #require(result.artifacts["golden"])
            #expect(FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + copy))
        }
    }

    @Test func aChangedGolden_isCheckedAgain_andItsArtifactsFollow() throws {
        let (suite, options, cache) = try recordedSuite()
        _ = try GoldenRunner.run(suite, options: options)
        let victim = suite.folder + "/" + suite.cases[3].pngPath
        let original = try Data(contentsOf: URL(fileURLWithPath: victim))
        var image = try PNGCodec.decode([UInt8](original))
        let middle = ((image.height / 2) * image.width + image.width / 2) * 4
        image.pixels.replaceSubrange(middle..<middle + 4, with: [255, 0, 0, 255])
        try Data(try PNGCodec.encode(image, scale: 1)).write(to: URL(fileURLWithPath: victim))

        let failing = try GoldenRunner.run(suite, options: options)
        #expect(cache.misses == 17, "only the edited case is checked again")
        #expect(failing.failures.map(\.name) == [suite.cases[3].name])
        let diff = try #require(failing.failures.first?.artifacts["diff"])
        #expect(FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + diff))

        try original.write(to: URL(fileURLWithPath: victim))
        let passing = try GoldenRunner.run(suite, options: options)
        #expect(cache.misses == 18)
        #expect(passing.failures.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: options.artifactsFolder + "/" + diff), "no stale diff is left")
    }

    @Test func aChangedTemplate_isCheckedAgain() throws {
        let (suite, options, cache) = try recordedSuite()
        _ = try GoldenRunner.run(suite, options: options)
        var changed = suite
        for index in changed.cases.indices where changed.cases[index].template.name == "x" {
            changed.cases[index].template.themes["light"]?.text = Color(red: 0.8, green: 0, blue: 0)
        }
        let summary = try GoldenRunner.run(changed, options: options)
        #expect(cache.misses == 16 + 8)
        #expect(Set(summary.failures.map(\.name)) == Set(suite.cases.filter { $0.template.name == "x" }.map(\.name)))
    }

    @Test func recording_neverUsesTheCache() throws {
        let (suite, options, cache) = try recordedSuite()
        _ = try GoldenRunner.run(suite, options: options)
        var recording = options
        recording.record = .all
        _ = try GoldenRunner.run(suite, options: recording)
        #expect((cache.hits, cache.misses) == (0, 16))
    }
}
