import Foundation
@testable import SeeMoreCards
@testable import SeeMoreCommandLine
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// The command line as people and CI systems meet it: version, typo hints, an installed layout,
/// color, and outputs for CI.
@Suite struct CLIMannersTests {
    @Test func version_namesSeeMoreAndTheTextStack() throws {
        let output = try BinaryRunner.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("seemore \(Version.seemore) (Pango 1."), "\(output.stdout)")
        #expect(output.stdout.contains("HarfBuzz"))
    }

    @Test(arguments: [
        (["layout", "--text", "x", "--widht", "10"], "unknown flag --widht; did you mean --width?"),
        (["render", "--text", "x", "--templat", "x"], "unknown flag --templat; did you mean --template?"),
        (["check", "--filtr", "x"], "unknown flag --filtr; did you mean --filter?"),
        (["rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        (["layout", "--text", "x", "--zzzzzz"], "unknown flag --zzzzzz"),
        (["-v"], "unknown command '-v'; did you mean '--version'?"),
        (["--verison"], "unknown command '--verison'; did you mean '--version'?"),
    ])
    func nearMisses_suggestTheIntendedWord(arguments: [String], message: String) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("Error: " + message + "\n"), "\(output.stderr)")
    }

    /// `check --help` shows what a person passes: the workers' internal flags stay out, the record
    /// mode's environment variable is in; `-V` prints the version.
    @Test func help_showsTheUsersFlags() throws {
        let help = try BinaryRunner.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("--worker") && !help.stdout.contains("--claim"), "\(help.stdout)")
        #expect(help.stdout.contains("$SEEMORE_RECORD"))
        #expect(try BinaryRunner.run(["-V"]).stdout.hasPrefix("seemore \(Version.seemore) "))
    }

    /// A missing sibling program names the command that builds it where it was looked for.
    @Test func aMissingSibling_namesHowToBuildIt() {
        #expect(
            SiblingProgram.howToBuild("seemore-serve", into: "/x/.build/x86_64-unknown-linux-gnu/release/seemore-serve")
                .contains("make preview or make serve builds it there"))
        #expect(
            SiblingProgram.howToBuild("seemore-serve", into: "/x/.build/debug/seemore-serve")
                == "swift build --product seemore-serve builds it there")
        #expect(
            SiblingProgram.howToBuild("seemore-serve", into: "/usr/local/bin/seemore-serve")
                == "make install puts it beside seemore")
    }

    @Test func installedLayout_findsItsTemplatesFromAnyFolder() throws {
        let prefix = try BinaryRunner.temporaryFolder()
        let templates = prefix.appendingPathComponent("share/seemore/Templates")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        for name in CardFixtures.templateNames {
            try FileManager.default.copyItem(
                atPath: "\(CardFixtures.templatesFolder)/\(name).json",
                toPath: templates.appendingPathComponent("\(name).json").path)
        }
        let binary = prefix.appendingPathComponent("bin/seemore")
        try BinaryRunner.copyExecutable(BinaryRunner.executable, to: binary)
        let elsewhere = try BinaryRunner.temporaryFolder()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["render", "--template", "x", "--text", "hi", "--out", elsewhere.path, "--name", "card"]
        process.currentDirectoryURL = elsewhere
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere.path + "/card.collapsed.png"))
    }

    /// A suite with one failing case, and the arguments that check it.
    static func failingCheck() throws -> [String] {
        let suite = try GoldenFixtures.suiteFile()
        let artifacts = try BinaryRunner.temporaryFolder().path
        let base = ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", artifacts]
        _ = try BinaryRunner.run(base + ["--record", "missing"])
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        try FileManager.default.removeItem(atPath: folder + "/x/short/DejaVuSans-15@200.light.collapsed.png")
        return base + ["--record", "never"]
    }

    @Test func ciOutputs_junitMarkdownAndTheStepSummary() throws {
        let check = try Self.failingCheck()
        let folder = try BinaryRunner.temporaryFolder().path
        let stepSummary = folder + "/step.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: stepSummary))
        let output = try BinaryRunner.run(
            check + ["--junit", folder + "/junit.xml", "--summary", folder + "/summary.md"],
            environment: ["GITHUB_STEP_SUMMARY": stepSummary, "GITHUB_ACTIONS": "true"])
        #expect(output.status == 1)
        // An annotation at the golden's path, titled with the case; the only one.
        let annotations = output.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1, "\(output.stdout)")
        #expect(
            annotations.first?.hasPrefix("::error file=") == true
                && annotations.first?.contains("x/short/DejaVuSans-15@200.light.collapsed.png%2Ctitle=") == false
                && annotations.first?.contains(",title=x/short/DejaVuSans-15@200.light.collapsed::new: ") == true,
            "\(annotations)")
        // Without GITHUB_ACTIONS, no workflow command.
        #expect(!(try BinaryRunner.run(check)).stdout.contains("::error"))
        let junit = try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"seemore check\" tests=\"16\" failures=\"1\" errors=\"0\">"))
        #expect(junit.contains("name=\"x/short/DejaVuSans-15@200.light.collapsed\""))
        #expect(junit.contains("<failure type=\"new\""))
        #expect(junit.components(separatedBy: "<testcase ").count == 17)
        // Each case's time, in seconds to the millisecond; drawing took some.
        let times = junit.matches(of: /<testcase [^>]* time="([0-9]+\.[0-9]{3})"/).compactMap { Double($0.1) }
        #expect(times.count == 16 && times.reduce(0, +) > 0, "\(times)")
        // The new case's picture as an attachment (a new golden has only its actual image).
        #expect(junit.contains("<system-out>[[ATTACHMENT|"), "\(junit)")
        #expect(junit.components(separatedBy: "[[ATTACHMENT|").count == 2, "\(junit)")
        let markdown = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        #expect(markdown.hasPrefix("## SeeMore check: 1 of 16 cases failed"))
        #expect(markdown.contains("| `x/short/DejaVuSans-15@200.light.collapsed` | new |"))
        #expect(markdown.contains("| change group | cases | accept it |"), "\(markdown)")
        #expect(markdown.contains(" | 1 | `seemore approve --artifacts "), "\(markdown)")
        let step = try String(contentsOfFile: stepSummary, encoding: .utf8)
        #expect(step.hasPrefix("earlier step\n## SeeMore check"), "appended, not replaced")
        #expect(output.stdout.contains("Report: "))
    }

    /// Report-only mode: a new or changed picture exits 0; an unreadable golden still fails.
    @Test func exitZeroOnChanges_passesChanges_notFaults() throws {
        let check = try Self.failingCheck()
        #expect(try BinaryRunner.run(check).status == 1)
        let reportOnly = try BinaryRunner.run(check + ["--exit-zero-on-changes"])
        #expect(reportOnly.status == 0, "\(reportOnly.stdout)\(reportOnly.stderr)")
        #expect(reportOnly.stdout.contains("1 failed") || reportOnly.stdout.contains("1 new"), "\(reportOnly.stdout)")
        let suite = try #require(check.firstIndex(of: "--suite").map { check[$0 + 1] })
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        let golden = try #require(
            FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.first { $0.hasSuffix(".png") })
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/" + golden))
        let fault = try BinaryRunner.run(check + ["--exit-zero-on-changes"])
        #expect(fault.status != 0, "\(fault.stdout)")
    }

    @Test func reportPath_isPrintedOnEveryRun_andColorFollowsTheChoice() throws {
        let check = try Self.failingCheck()
        let plain = try BinaryRunner.run(check + ["--color", "never"])
        #expect(!plain.stdout.contains("\u{1B}["))
        #expect(plain.stdout.contains("Report: "))
        let colored = try BinaryRunner.run(check + ["--color", "always"])
        #expect(colored.stdout.contains("\u{1B}[33mNEW\u{1B}[0m"))
        // auto: standard output is a file here, so no color; NO_COLOR never colors automatically.
        #expect(!(try BinaryRunner.run(check, environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}[")))
        let json = try BinaryRunner.run(check + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["report"] as? String)?.hasSuffix("/index.html") == true)
        #expect((object["seemore"] as? [String: String])?["seemore"] == Version.seemore)
    }
}
