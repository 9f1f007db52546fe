import Foundation
@testable import SeeMoreGoldens
import Testing

/// A stranger's suite is reached from the repository through real folders only, and names paths
/// inside the repository only: on main, with `golden-images -> ../victim`, a check recorded goldens
/// and ENVIRONMENT.json into ../victim and `prune --dry-run` listed its files to remove; a suite's
/// `templates` could name any folder on the machine.
@Suite struct SuitePathTests {
    /// A repository whose golden-images folder is a link to a folder outside it holding a suite.
    static func linkedRepository() throws -> (repository: URL, victim: URL) {
        let base = try BinaryRunner.temporaryFolder()
        let repository = base.appendingPathComponent("repo"), victim = base.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: victim.appendingPathComponent("inline-more/keep"), withIntermediateDirectories: true)
        try Data(GoldenFixtures.suiteJSON.utf8).write(to: victim.appendingPathComponent("suite.json"))
        // A file prune would list as stale were the folder followed.
        try Data("x".utf8).write(
            to: victim.appendingPathComponent("inline-more/keep/DejaVuSans-15@200.light.collapsed.layout.txt"))
        try FileManager.default.createSymbolicLink(
            at: repository.appendingPathComponent("golden-images"), withDestinationURL: victim)
        return (repository, victim)
    }

    static func files(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aSuiteFolderThatIsALink_isRefused_andNothingIsWrittenOrListedThere() throws {
        let (repository, victim) = try Self.linkedRepository()
        let before = Self.files(victim)
        let suite = "golden-images/suite.json"
        let check = try BinaryRunner.run(
            [
                "check", "--suite", suite, "--record", "missing", "--templates", CardFixtures.templatesFolder, "--artifacts",
                "art",
            ],
            workingDirectory: repository)
        #expect(check.status == 65, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("golden-images is a symbolic link"), "\(check.stderr)")
        let prune = try BinaryRunner.run(
            ["prune", "--suite", suite, "--dry-run", "--templates", CardFixtures.templatesFolder], workingDirectory: repository)
        #expect(prune.status == 65 && !prune.stdout.contains("keep"), "\(prune.stdout)\(prune.stderr)")
        let approve = try BinaryRunner.run(
            ["approve", "--suite", suite, "--artifacts", "art", "--templates", CardFixtures.templatesFolder],
            workingDirectory: repository)
        #expect(approve.status != 0)
        #expect(Self.files(victim) == before, "nothing was written into or removed from the link's target")
    }

    @Test func aSuitesTemplatesFolder_liesInsideTheRepository() throws {
        for (templates, message) in [
            ("../outside", "is outside the repository"), ("/etc", "/etc is outside the repository"),
        ] {
            let path = try GoldenFixtures.suiteFile(
                """
                { "templates": "\(templates)", "texts": { "t": "aaaa" },
                  "matrices": [ { "templates": ["inline-more"], "texts": ["t"], "widths": [240] } ] }
                """)
            #expect {
                try GoldenSuite.load(path: path)
            } throws: { error in
                guard let error = error as? SuiteError else { return false }
                return error.field == "templates" && error.message.contains(message) && error.line == 1
            }
        }
    }
}
