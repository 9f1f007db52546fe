import Foundation
@testable import SeeMoreGoldens
import Testing

/// Tolerance where the design lives: a suite's, a matrix's and a case's own figures over the run's,
/// each level over the one above, shown in the report beside the case's figures.
@Suite struct ToleranceTests {
    /// The fixture suite with `extra` members added to the suite object and `matrix` to its matrix;
    /// recorded, then its inline-more suffix color changed (two collapsed cases fail on pixels).
    static func changed(suite extra: String, matrix: String = "") throws -> GoldenSuite {
        let (_, changed, templates) = try GoldenRunnerTests.recordedSuiteWithChangedTemplate()
        var json = GoldenFixtures.suiteJSON
        if !matrix.isEmpty {
            json = json.replacingOccurrences(of: "\"widths\": [200, 300] }", with: "\"widths\": [200, 300], \(matrix) }")
        }
        if !extra.isEmpty { json = json.replacingOccurrences(of: "\"matrices\": [", with: "\(extra),\n  \"matrices\": [") }
        try Data(json.utf8).write(to: URL(fileURLWithPath: changed.path))
        return try GoldenSuite.load(path: changed.path, templatesFolder: templates)
    }

    static let failing = [
        "inline-more/long/DejaVuSans-15@200.light.collapsed", "inline-more/long/DejaVuSans-15@300.light.collapsed",
    ]

    @Test func withoutOne_theRunsToleranceDecides() throws {
        let summary = try GoldenRunner.run(try Self.changed(suite: ""), options: try GoldenFixtures.options(.never))
        #expect(summary.failures.map(\.name) == Self.failing)
        #expect(summary.results.allSatisfy { $0.tolerance == nil })
    }

    @Test func aCasesEntry_appliesToTheCasesItMatches() throws {
        let suite = try Self.changed(suite: #""cases": [{"match": "*@200.light.collapsed", "tolerance": {"maxDiffRatio": 1}}]"#)
        let options = try GoldenFixtures.options(.never)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.failures.map(\.name) == [Self.failing[1]])
        let allowed = try #require(summary.results.first { $0.name == Self.failing[0] })
        #expect(allowed.outcome == .passed && allowed.tolerance == Tolerance(threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: 1))
        // In the report beside the case's figures.
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: options.artifactsFolder + "/report.json"))) as? [String: Any]
        let cases = try #require(report?["cases"] as? [[String: Any]])
        let shown = try #require(cases.first { $0["name"] as? String == Self.failing[0] }?["tolerance"] as? [String: Any])
        #expect(shown["threshold"] as? Double == 0.1 && shown["maxDiffPixels"] as? Double == 0)
        #expect(shown["maxDiffRatio"] as? Double == 1 && shown["deltaE"] is NSNull)
        #expect(cases.first { $0["name"] as? String == Self.failing[1] }?["tolerance"] is NSNull)
    }

    @Test func eachLevel_overridesTheOneAbove() throws {
        // The suite allows everything; the matrix takes the ratio back; the run's threshold stays.
        let strict = try Self.changed(suite: #""tolerance": {"maxDiffRatio": 1}"#, matrix: #""tolerance": {"maxDiffRatio": 0}"#)
        #expect(try GoldenRunner.run(strict, options: try GoldenFixtures.options(.never)).failures.map(\.name) == Self.failing)
        // A case's entry wins over both; later entries over earlier ones.
        let loose = try Self.changed(
            suite:
                #""tolerance": {"maxDiffRatio": 0}, "cases": [{"match": "*", "tolerance": {"maxDiffRatio": 0}}, {"match": "inline-more/*", "tolerance": {"maxDiffRatio": 1}}]"#,
            matrix: #""tolerance": {"maxDiffPixels": 0}"#)
        #expect(try GoldenRunner.run(loose, options: try GoldenFixtures.options(.never)).failures.isEmpty)
        // The suite's figures replace the command line's, not the other way round.
        var generous = try GoldenFixtures.options(.never)
        generous.tolerance.maxDiffRatio = 1
        let suite = try Self.changed(suite: #""tolerance": {"maxDiffRatio": 0}"#)
        #expect(try GoldenRunner.run(suite, options: generous).failures.map(\.name) == Self.failing)
    }

    @Test(arguments: [
        (#""tolerance": {"threshold": 2}"#, "must be from 0 to 1, not 2"),
        (#""tolerance": {"maxDiffPixels": 1.5}"#, "must be a whole number"),
        (#""tolerance": {"maxDiffRatio": -1}"#, "must be from 0 to 1, not -1"),
        (#""tolerance": {"pixels": 3}"#, "unknown field"),
        (#""tolerance": {"deltaE": 101}"#, "must be from 0 to 100, not 101"),
        (#""cases": [{"match": "nope/*", "tolerance": {"threshold": 0.2}}]"#, "cases[0].match 'nope/*' matches no case"),
        (#""cases": [{"tolerance": {"threshold": 0.2}}]"#, "match"),
    ])
    func badTolerances_areRefusedByName(member: String, message: String) throws {
        do {
            _ = try Self.changed(suite: member)
            Issue.record("\(member) was accepted")
        } catch let error as SuiteError {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    /// `deltaE` compares by CIEDE2000 instead of the YIQ threshold: the suffix's new color is far from
    /// the old (it still fails at 10), and within 100 of it (it passes).
    @Test func deltaE_comparesPerceptually() throws {
        let near = try Self.changed(suite: #""tolerance": {"threshold": 0, "deltaE": 100}"#)
        #expect(try GoldenRunner.run(near, options: try GoldenFixtures.options(.never)).failures.isEmpty)
        let far = try Self.changed(suite: #""tolerance": {"threshold": 1, "deltaE": 10}"#)
        #expect(try GoldenRunner.run(far, options: try GoldenFixtures.options(.never)).failures.map(\.name) == Self.failing)
    }
}
