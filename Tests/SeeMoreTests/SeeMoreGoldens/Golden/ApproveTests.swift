import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Approving from the last check: named cases, stale inputs, and the environment recorded with the goldens.
@Suite struct ApproveTests {
    @Test func namedCases_areTheOnlyOnesApproved() throws {
        let (check, _, folder, artifacts) = try GoldenFixtures.changedSuite()
        let name = "x/short/DejaVuSans-15@200.light.collapsed"
        let output = try BinaryRunner.run(
            ["approve", name, "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("approved 1 golden\n"))
        let after = try BinaryRunner.run(check)
        #expect(after.stdout.contains("16 cases: 9 passed, 7 failed"), "\(after.stdout)")
        let unknown = try BinaryRunner.run(
            ["approve", "x/long/none", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(unknown.status == 64 && unknown.stderr.contains("is not a failing case"))
    }

    @Test func templatesChangedSinceTheCheck_areRefused() throws {
        let (_, _, folder, artifacts) = try GoldenFixtures.changedSuite()
        let templates = try BinaryRunner.temporaryFolder().path
        for name in CardFixtures.templateNames {
            try FileManager.default.copyItem(
                atPath: "\(CardFixtures.templatesFolder)/\(name).json", toPath: "\(templates)/\(name).json")
        }
        let edited = try String(contentsOfFile: templates + "/x.json", encoding: .utf8).replacingOccurrences(
            of: "\"Show more\"", with: "\"Read more\"")
        try edited.write(toFile: templates + "/x.json", atomically: true, encoding: .utf8)
        let output = try BinaryRunner.run(
            ["approve", "--artifacts", artifacts, "--templates", templates], workingDirectory: URL(fileURLWithPath: folder))
        #expect(output.status == 65)
        #expect(output.stderr.contains("changed since the check"), "\(output.stderr)")
    }

    @Test func approve_recordsTheEnvironment_andDesignFontsAreNotMachineChanges() throws {
        let (check, _, folder, artifacts) = try GoldenFixtures.changedSuite()
        // Forget a font the goldens use: to the next check that is a font the design newly uses.
        let fingerprintPath = folder + "/ENVIRONMENT.json"
        var fingerprint = try #require(EnvironmentFingerprint.read(fingerprintPath))
        let bold = try #require(fingerprint.fonts.keys.first { $0.contains("Bold") })
        fingerprint.fonts[bold] = nil
        try AtomicFile.write(fingerprint.json.serialized() + "\n", to: fingerprintPath)
        let before = try BinaryRunner.run(check)
        #expect(before.stdout.contains("Environment: unchanged"), "\(before.stdout)")
        #expect(before.stdout.contains("The design's fonts changed"))
        #expect(before.stdout.contains("the design now draws with \(bold)"))
        #expect(
            try BinaryRunner.run(["approve", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder)).status
                == 0)
        let after = try BinaryRunner.run(check)
        #expect(after.status == 0, "\(after.stdout)")
        #expect(after.stdout.contains("Environment: unchanged") && !after.stdout.contains("The design's fonts changed"))
    }

    /// Approval from a CI run's artifacts: checked in one folder (the CI job's checkout), the
    /// artifacts downloaded to another and the repository cloned to a third; the report names no path
    /// of the first, approve in the clone writes the goldens (and says which files), and the clone's
    /// check passes. `--dry-run` lists the same files and writes none.
    @Test func artifactsFromAnotherMachine_areApprovedInAnyCloneOfTheRepository() throws {
        let root = try BinaryRunner.temporaryFolder().path
        let ci = root + "/ci-checkout"
        try FileManager.default.createDirectory(atPath: ci + "/Templates", withIntermediateDirectories: true)
        for name in CardFixtures.templateNames {
            try FileManager.default.copyItem(
                atPath: "\(CardFixtures.templatesFolder)/\(name).json", toPath: "\(ci)/Templates/\(name).json")
        }
        try Data(GoldenFixtures.suiteJSON.utf8).write(to: URL(fileURLWithPath: ci + "/suite.json"))
        let check = ["check", "--suite", "suite.json", "--templates", "Templates", "--artifacts", "out"]
        #expect(try BinaryRunner.run(check + ["--record", "missing"], workingDirectory: URL(fileURLWithPath: ci)).status == 1)
        let changed = GoldenFixtures.suiteJSON.replacingOccurrences(of: "Morning coffee", with: "Evening tea")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: ci + "/suite.json"))
        #expect(try BinaryRunner.run(check + ["--record", "never"], workingDirectory: URL(fileURLWithPath: ci)).status == 1)
        let report = try String(contentsOfFile: ci + "/out/report.json", encoding: .utf8)
        #expect(!report.contains(root), "the report names a path of the checkout: \(report.prefix(3000))")
        let page = try String(contentsOfFile: ci + "/out/index.html", encoding: .utf8)
        #expect(!page.contains(root), "the page names a path of the checkout")

        // Downloaded elsewhere; the repository (its goldens, suite and templates) cloned elsewhere.
        let downloaded = root + "/downloads/seemore-artifacts"
        let clone = root + "/clone"
        try FileManager.default.createDirectory(atPath: root + "/downloads", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: ci + "/out", toPath: downloaded)
        try FileManager.default.moveItem(atPath: ci, toPath: clone)
        let goldens = GoldenFixtures.files(under: clone)

        let dry = try BinaryRunner.run(
            ["approve", "--artifacts", downloaded, "--dry-run"], workingDirectory: URL(fileURLWithPath: clone))
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would approve 8 goldens\nwould write 17 files; nothing written\n"), "\(dry.stdout)")
        #expect(GoldenFixtures.files(under: clone).map(\.1) == goldens.map(\.1), "a dry run wrote something")

        let approve = try BinaryRunner.run(["approve", "--artifacts", downloaded], workingDirectory: URL(fileURLWithPath: clone))
        #expect(approve.status == 0, "\(approve.stderr)")
        let lines = approve.stdout.split(separator: "\n")
        #expect(
            lines.contains(
                "approved inline-more/short/DejaVuSans-15@200.light.collapsed → "
                    + "inline-more/short/DejaVuSans-15@200.light.collapsed.png, inline-more/short/DejaVuSans-15@200.light.collapsed.layout.txt"
            ),
            "\(approve.stdout)")
        #expect(lines.contains("recorded the environment → ENVIRONMENT.json"), "\(approve.stdout)")
        #expect(lines.suffix(2) == ["approved 8 goldens", "wrote 17 files"], "\(approve.stdout)")
        // Every golden it names changed, and only those (the fingerprint it rewrites may stay the same).
        let before = Dictionary(goldens, uniquingKeysWith: { first, _ in first })
        let changedFiles = GoldenFixtures.files(under: clone).filter { before[$0.0] != $0.1 }.map(\.0)
        let named = lines.flatMap { line -> [String] in
            guard let arrow = line.range(of: " → ") else { return [] }
            return line[arrow.upperBound...].components(separatedBy: ", ")
        }
        #expect(Set(changedFiles) == Set(named).subtracting(["ENVIRONMENT.json"]), "changed \(changedFiles), named \(named)")
        let again = try BinaryRunner.run(
            ["check", "--suite", "suite.json", "--templates", "Templates", "--artifacts", root + "/again", "--record", "never"],
            workingDirectory: URL(fileURLWithPath: clone))
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// `approve --group ID` approves exactly the cases of one change group, says so, and leaves the
    /// others failing; an ID the report does not have is a usage error naming the groups it has.
    @Test func approveGroup_approvesOnlyThatGroupsCases() throws {
        let (check, _, folder, artifacts) = try GoldenFixtures.changedSuite()
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: artifacts + "/report.json")))
                as? [String: Any])
        let groups = try #require(report["groups"] as? [[String: Any]])
        try #require(groups.count >= 2, "\(groups)")
        let chosen = try #require(groups.last)
        let id = try #require(chosen["id"] as? String), members = try #require(chosen["cases"] as? [String])
        let sentence = try #require(chosen["sentence"] as? String)
        let checked = try BinaryRunner.run(check)
        #expect(checked.stdout.contains("  \(id)  \(members.count) case"), "\(checked.stdout)")

        let unknown = try BinaryRunner.run(
            ["approve", "--artifacts", artifacts, "--group", "nosuchid"], workingDirectory: URL(fileURLWithPath: folder))
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("'nosuchid' is not a change group of the last check") && unknown.stderr.contains(id),
            "\(unknown.stderr)")

        let approve = try BinaryRunner.run(
            ["approve", "--artifacts", artifacts, "--group", id], workingDirectory: URL(fileURLWithPath: folder))
        #expect(approve.status == 0, "\(approve.stderr)")
        let lines = approve.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("approved group \(id) (\(members.count) case\(members.count == 1 ? "" : "s")): \(sentence)"),
            "\(approve.stdout)")
        let approvedNames = lines.filter { $0.hasPrefix("approved ") && $0.contains(" → ") }.map {
            String($0.dropFirst(9).prefix { $0 != " " })
        }
        #expect(Set(approvedNames) == Set(members), "\(approvedNames) vs \(members)")
        let again = try BinaryRunner.run(check)
        #expect(again.status == 1)
        let failing = again.stdout.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") || $0.hasPrefix("NEW ") }
        #expect(failing.allSatisfy { line in !members.contains { line.contains(" \($0):") } }, "\(failing)")
        #expect(!again.stdout.contains("  \(id)  "), "\(again.stdout)")
    }
}
