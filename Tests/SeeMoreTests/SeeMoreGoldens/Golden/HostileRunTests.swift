import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// What a pull request controls besides goldens: the artifacts folder (or a committed `.build`), the
/// names a suite prints, the report `approve` reads, and markup's size.
@Suite struct HostileRunTests {
    /// A folder of files a run must leave alone, with a list naming them as artifacts.
    static func victim() throws -> (folder: URL, files: [(String, Data)]) {
        let folder = try BinaryRunner.temporaryFolder()
        try Data("keep me\n".utf8).write(to: folder.appendingPathComponent("precious.txt"))
        try Data("report\n".utf8).write(to: folder.appendingPathComponent("report.json"))
        // Names alone (an older list, or a planted one), and a line with a made-up identity.
        try Data("precious.txt\n1:2:8:3.4\tprecious.txt\n".utf8).write(to: folder.appendingPathComponent("artifacts.txt"))
        return (folder, GoldenFixtures.files(under: folder.path))
    }

    @Test func linkedArtifactsFolder_isRefused_andTheVictimUntouched() throws {
        let (check, _, _, _) = try GoldenFixtures.changedSuite()
        let (victim, before) = try Self.victim()
        let link = try BinaryRunner.temporaryFolder().appendingPathComponent("artifacts").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim.path)
        var arguments = check
        arguments[arguments.firstIndex(of: "--artifacts")! + 1] = link
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == 73, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("is a symbolic link"), "\(output.stderr)")
        #expect(GoldenFixtures.files(under: victim.path).map(\.0) == before.map(\.0))
        #expect(GoldenFixtures.files(under: victim.path).map(\.1) == before.map(\.1), "nothing written or removed")
    }

    /// The default `.build/seemore-artifacts` where `.build` is a symbolic link a checkout holds.
    @Test func committedBuildLink_isRefused() throws {
        let (check, _, _, _) = try GoldenFixtures.changedSuite()
        let (victim, before) = try Self.victim()
        let checkout = try BinaryRunner.temporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: checkout.appendingPathComponent(".build").path, withDestinationPath: victim.path)
        var arguments = check
        let at = arguments.firstIndex(of: "--artifacts")!
        arguments.removeSubrange(at...(at + 1))
        let output = try BinaryRunner.run(
            arguments, workingDirectory: checkout, environment: ["SNAPSHOT_ARTIFACTS": ".build/seemore-artifacts"])
        #expect(output.status == 73, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("./.build is a symbolic link"), "\(output.stderr)")
        #expect(GoldenFixtures.files(under: victim.path).map(\.1) == before.map(\.1))
    }

    /// A real artifacts folder with a planted list: only the files the last run wrote are removed.
    @Test func plantedList_removesNothingTheRunDidNotWrite() throws {
        let (check, _, _, artifacts) = try GoldenFixtures.changedSuite()
        let folder = URL(fileURLWithPath: artifacts)
        try Data("keep me\n".utf8).write(to: folder.appendingPathComponent("precious.txt"))
        var list = try String(contentsOf: folder.appendingPathComponent("artifacts.txt"), encoding: .utf8)
        #expect(list.split(separator: "\n").allSatisfy { $0.contains("\t") }, "every line has an identity")
        let written = list.split(separator: "\n").compactMap { $0.split(separator: "\t").last.map(String.init) }
        let edited = try #require(written.first { $0.hasSuffix(".actual.png") })
        // A file the last run wrote, changed since: no longer its file.
        try Data("changed".utf8).write(to: folder.appendingPathComponent(edited + ".note"))
        let editedPath = folder.appendingPathComponent(edited).path
        try Data("someone else's picture".utf8).write(to: URL(fileURLWithPath: editedPath + ".tmp"))
        _ = rename(editedPath + ".tmp", editedPath)
        list += "precious.txt\n0:0:8:0.0\tprecious.txt\n"
        try Data(list.utf8).write(to: folder.appendingPathComponent("artifacts.txt"))
        // The suite passes now (its text is back): the run removes the failing cases' artifacts.
        let suite = check[check.firstIndex(of: "--suite")! + 1]
        let restored = GoldenFixtures.suiteJSON
        try Data(restored.utf8).write(to: URL(fileURLWithPath: suite))
        let output = try BinaryRunner.run(check)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("precious.txt").path))
        #expect(FileManager.default.fileExists(atPath: editedPath), "a file changed since it was listed is not removed")
        let removed = written.filter {
            $0.hasSuffix(".diff.png") && !FileManager.default.fileExists(atPath: artifacts + "/" + $0)
        }
        #expect(!removed.isEmpty, "the run's own stale artifacts are removed")
    }

    /// A font name with a newline, a workflow command and an escape sequence is printed inert.
    @Test func inputInTheLog_isEscaped() throws {
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"DejaVu Sans 15\"", with: "\"DejaVu Sans\\n::error file=x::pwned\\u001b[31m 15\"")
        let suite = try GoldenFixtures.suiteFile(json)
        let output = try BinaryRunner.run([
            "check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--record", "never",
        ])
        #expect(output.status == 65, "\(output.stdout)\(output.stderr)")
        let printed = output.stdout + output.stderr
        #expect(!printed.contains("\u{1B}"), "no raw escape: \(printed)")
        #expect(
            !printed.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }, "\(printed)")
        #expect(printed.contains("\\u{A}::error") && printed.contains("\\u{1B}[31m"), "\(printed)")
        #expect(LogText.escaped("::warning x") == "\\u{3A}:warning x")
        #expect(LogText.markdownCell("<img src=x>|`a`") == "&lt;img src=x&gt;\\|'a'")
    }

    /// approve writes into the suite it was asked for, never one the report names, and only the PNG
    /// the check wrote (SHA-256 and size).
    @Test func approve_trustsNeitherTheReportsSuiteNorItsPictures() throws {
        let (_, suite, folder, artifacts) = try GoldenFixtures.changedSuite()
        let goldensBefore = GoldenFixtures.files(under: folder)
        let reportPath = artifacts + "/report.json"
        let report = try String(contentsOfFile: reportPath, encoding: .utf8)
        #expect(report.contains("x:sha256:") || report.contains(":sha256:"), "the hash is SHA-256 with the size")
        // A report naming another suite: refused without --suite, and with the real one.
        let other = try GoldenFixtures.suiteFile()
        let forged = report.replacingOccurrences(of: "\"suite\" : \"\(suite)\"", with: "\"suite\" : \"\(other)\"")
            .replacingOccurrences(of: "\"suite\": \"\(suite)\"", with: "\"suite\": \"\(other)\"")
        #expect(forged != report)
        try Data(forged.utf8).write(to: URL(fileURLWithPath: reportPath))
        let refused = try BinaryRunner.run([
            "approve", "--artifacts", artifacts, "--suite", suite, "--templates", CardFixtures.templatesFolder,
        ])
        #expect(refused.status == 65 && refused.stderr.contains("not of \(suite)"), "\(refused.stderr)")
        #expect(GoldenFixtures.files(under: URL(fileURLWithPath: other).deletingLastPathComponent().path).count == 1)
        try Data(report.utf8).write(to: URL(fileURLWithPath: reportPath))
        // An actual image swapped for a picture of another size: refused.
        let actual = try #require(GoldenFixtures.files(under: artifacts).map(\.0).first { $0.hasSuffix(".actual.png") })
        let big = try PNGCodec.encode(
            RGBAImage(width: 900, height: 900, pixels: [UInt8](repeating: 255, count: 900 * 900 * 4))!, scale: 1)
        try Data(big).write(to: URL(fileURLWithPath: artifacts + "/" + actual))
        let swapped = try BinaryRunner.run([
            "approve", "--artifacts", artifacts, "--suite", suite, "--templates", CardFixtures.templatesFolder,
        ])
        #expect(swapped.status == 65 && swapped.stderr.contains("is not the one the check reported"), "\(swapped.stderr)")
        #expect(GoldenFixtures.files(under: folder).map(\.1) == goldensBefore.map(\.1), "no golden written")
    }

    @Test func markupOfTooManySpans_isRefusedAtOnce() throws {
        let markup = String(repeating: "<span size=\"larger\">x</span>", count: 100_000)
        let file = try BinaryRunner.temporaryFile(Array(markup.utf8), name: "markup.txt")
        let output = try BinaryRunner.run(["layout", "--markup", "--text-file", file.path])
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains("200000 tags; at most 20000"), "\(output.stderr)")
        let fine = String(repeating: "<span size=\"larger\">x</span>", count: 1_000)
        let allowed = try BinaryRunner.run(["layout", "--markup", "--text", fine])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }
}
