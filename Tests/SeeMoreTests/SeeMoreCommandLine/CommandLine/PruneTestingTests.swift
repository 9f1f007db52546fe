import Foundation
@testable import SeeMoreGoldens
import Testing

/// `seemore prune --testing DIR`: the goldens of `assertCardSnapshot` that no test takes any more
/// go; those of tests that did not run stay.
@Suite struct PruneTestingTests {
    /// A package whose test file has the tests `ran` and `kept`; goldens of `ran` (one noted as
    /// compared, one not), of `kept` (not run), of `gone` (no longer in the file) and of a deleted
    /// test file, and a linked `__Goldens__` folder.
    private static func package() throws -> (root: String, goldens: String, artifacts: String) {
        let root = try BinaryRunner.temporaryFolder().path
        let tests = root + "/Tests/CardTests"
        let goldens = tests + "/__Goldens__"
        for folder in [goldens + "/Cards", goldens + "/Deleted", root + "/elsewhere/Cards"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("// a package\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        try Data("@Test func ran() {}\n@Test func kept() {}\n@Test func keptLonger() {}\n".utf8)
            .write(to: URL(fileURLWithPath: tests + "/Cards.swift"))
        let files = [
            "Cards/ran.1.collapsed", "Cards/ran.2.collapsed", "Cards/kept.1.collapsed", "Cards/gone.1.collapsed",
            "Deleted/any.1.expanded",
        ]
        for file in files {
            for suffix in [".png", ".layout.txt"] {
                try Data("x".utf8).write(to: URL(fileURLWithPath: goldens + "/" + file + suffix))
            }
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/elsewhere/Cards/gone.1.collapsed.png"))
        try FileManager.default.createSymbolicLink(atPath: tests + "/Linked", withDestinationPath: root + "/elsewhere")
        let artifacts = root + "/.build/seemore-snapshots"
        TestingGoldenPruner.noteUse(goldens + "/Cards/ran.1.collapsed.png", artifacts: artifacts)
        return (root, goldens, artifacts)
    }

    @Test func staleGoldens_goAndThoseOfTestsThatDidNotRun_stay() throws {
        let (root, goldens, artifacts) = try Self.package()
        let stale = ["Cards/gone.1.collapsed", "Cards/ran.2.collapsed", "Deleted/any.1.expanded"].flatMap { file in
            [".layout.txt", ".png"].map { goldens + "/" + file + $0 }
        }.sorted()
        let dry = try BinaryRunner.run(["prune", "--testing", root + "/Tests", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let listed = dry.stdout.split(separator: "\n").filter { $0.hasPrefix("would remove /") }
        #expect(listed.map { String($0.dropFirst("would remove ".count)) }.sorted() == stale, "\(dry.stdout)")
        #expect(dry.stdout.contains("kept 1 golden of tests that did not run since the last prune"), "\(dry.stdout)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/used"), "a dry run keeps the notes")

        let pruned = try BinaryRunner.run(["prune", "--testing", root + "/Tests"])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.contains("removed 6 files"), "\(pruned.stdout)")
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        for file in ["Cards/ran.1.collapsed.png", "Cards/kept.1.collapsed.png", "Cards/kept.1.collapsed.layout.txt"] {
            #expect(FileManager.default.fileExists(atPath: goldens + "/" + file), "\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: root + "/elsewhere/Cards/gone.1.collapsed.png"), "a link is not followed")
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/used"), "pruning forgets the notes")
        // With no notes, no test ran: only goldens of tests that are gone would go, and none are left.
        let again = try BinaryRunner.run(["prune", "--testing", root + "/Tests"])
        #expect(again.stdout.hasPrefix("nothing to prune"), "\(again.stdout)")
        #expect(again.stdout.contains("kept 2 goldens"), "\(again.stdout)")
    }

    @Test func badArguments_areNamed() throws {
        let (root, _, _) = try Self.package()
        let missing = try BinaryRunner.run(["prune", "--testing", root + "/nothing"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("--testing \(root)/nothing is not a folder"))
        let outside = try BinaryRunner.temporaryFolder()
        let noPackage = try BinaryRunner.run(["prune", "--testing", "/proc/self"], workingDirectory: outside)
        #expect(noPackage.status == 64, "\(noPackage.stderr)")
        #expect(noPackage.stderr.contains("no Package.swift holds /proc/self"), "\(noPackage.stderr)")
        let artifactsAlone = try BinaryRunner.run(["prune", "--artifacts", root])
        #expect(artifactsAlone.status == 64)
        #expect(artifactsAlone.stderr.contains("--artifacts is for --testing"))
    }
}
