import Foundation
@testable import SeeMoreGoldens
import Testing

/// `seemore.json`: found from the working folder up to the repository's root, its fields are the
/// flags' defaults (paths relative to it), flags and the environment override it, and an error names
/// the file, line, column and field.
@Suite struct ProjectFileTests {
    /// A repository (`.git`) with a suite in `cards/`, a `seemore.json` holding `project`, and a
    /// folder `sub/deeper` to run from; returns the repository and that folder.
    static func repository(_ project: String) throws -> (root: URL, deeper: URL) {
        let root = try BinaryRunner.temporaryFolder().appendingPathComponent("repo")
        let deeper = root.appendingPathComponent("sub/deeper")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data(GoldenFixtures.suiteJSON.utf8).write(to: root.appendingPathComponent("cards/suite.json"))
        try Data(project.utf8).write(to: root.appendingPathComponent("seemore.json"))
        return (root, deeper)
    }

    static let project = """
        {
          "suite": "cards/suite.json",
          "templates": "\(CardFixtures.templatesFolder)",
          "artifacts": "out/report",
          "jobs": 1
        }
        """

    @Test func checkAlone_usesTheProjectFile_fromASubfolder() throws {
        let (root, deeper) = try Self.repository(Self.project)
        let recorded = try BinaryRunner.run(["check", "--record", "missing"], workingDirectory: deeper)
        #expect(recorded.status == 1, "\(recorded.stdout)\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/report/index.html").path))
        let checked = try BinaryRunner.run(["check", "--record", "never"], workingDirectory: deeper)
        #expect(checked.status == 0 && checked.stdout.contains("16 cases: 16 passed"), "\(checked.stdout)\(checked.stderr)")
        // A flag overrides the file; so does SNAPSHOT_ARTIFACTS.
        let flagged = try BinaryRunner.run(["check", "--record", "never", "--artifacts", "mine"], workingDirectory: deeper)
        #expect(
            flagged.status == 0 && FileManager.default.fileExists(atPath: deeper.appendingPathComponent("mine/index.html").path))
        let environment = root.appendingPathComponent("from-environment").path
        let overridden = try BinaryRunner.run(
            ["check", "--record", "never"], workingDirectory: deeper, environment: ["SNAPSHOT_ARTIFACTS": environment])
        #expect(overridden.status == 0 && FileManager.default.fileExists(atPath: environment + "/index.html"))
        // approve and prune read it too: nothing failed, so nothing to approve; nothing stale.
        let pruned = try BinaryRunner.run(["prune", "--dry-run"], workingDirectory: deeper)
        #expect(pruned.status == 0, "\(pruned.stderr)")
    }

    @Test(arguments: [
        (#"{"suite": "cards/suite.json", "jobz": 1}"#, "seemore.json:1:39: jobz: unknown field; known fields are suite"),
        ("{\n  \"threshold\": 2\n}", "seemore.json:2:16: threshold: threshold must be a number from 0 to 1, not '2'"),
        (#"{"jobs": "two"}"#, "seemore.json:1:10: jobs: expected a whole number"),
        (#"{"suite": "#, "seemore.json:1:"),
    ])
    func aBadProjectFile_isNamedWithItsField(json: String, message: String) throws {
        let (_, deeper) = try Self.repository(json)
        let output = try BinaryRunner.run(["check"], workingDirectory: deeper)
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains("../../" + message) || output.stderr.contains(message), "\(output.stderr)")
    }

    /// A project file that is a link is not followed (a stranger's link could point anywhere).
    @Test func aLinkedProjectFile_isRefused() throws {
        let (root, deeper) = try Self.repository(Self.project)
        let elsewhere = try BinaryRunner.temporaryFolder().appendingPathComponent("seemore.json")
        try FileManager.default.moveItem(at: root.appendingPathComponent("seemore.json"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("seemore.json"), withDestinationURL: elsewhere)
        let output = try BinaryRunner.run(["check"], workingDirectory: deeper)
        #expect(output.status == 65 && output.stderr.contains("is a symbolic link"), "\(output.stderr)")
    }

    /// The search stops at the repository's root: a project file above it belongs to no one here.
    @Test func theSearch_stopsAtTheRepositoryRoot() throws {
        let (root, deeper) = try Self.repository(Self.project)
        try FileManager.default.removeItem(at: root.appendingPathComponent("seemore.json"))
        try Data(#"{"jobz": 1}"#.utf8).write(to: root.deletingLastPathComponent().appendingPathComponent("seemore.json"))
        let output = try BinaryRunner.run(
            ["check", "--suite", "../../cards/suite.json", "--templates", CardFixtures.templatesFolder, "--record", "missing"],
            workingDirectory: deeper)
        #expect(output.status == 1 && !output.stderr.contains("jobz"), "\(output.stderr)")
    }
}
