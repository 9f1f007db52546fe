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
        let output = try BinaryRunner.run(["approve", name, "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("approved 1 golden\n"))
        let after = try BinaryRunner.run(check)
        #expect(after.stdout.contains("16 cases: 9 passed, 7 failed"), "\(after.stdout)")
        let unknown = try BinaryRunner.run(["approve", "x/long/none", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
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
        let output = try BinaryRunner.run(["approve", "--artifacts", artifacts, "--templates", templates], workingDirectory: URL(fileURLWithPath: folder))
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
        #expect(try BinaryRunner.run(["approve", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder)).status == 0)
        let after = try BinaryRunner.run(check)
        #expect(after.status == 0, "\(after.stdout)")
        #expect(after.stdout.contains("Environment: unchanged") && !after.stdout.contains("The design's fonts changed"))
    }
}
