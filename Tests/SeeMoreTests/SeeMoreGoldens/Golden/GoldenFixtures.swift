import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText

/// A small suite in a fresh temporary folder.
enum GoldenFixtures {
    static let suiteJSON = """
        {
          "texts": {
            "short": "Morning coffee on the balcony.",
            "long": "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds and filed bugs at two in the morning."
          },
          "matrices": [
            { "templates": ["inline-more", "x"], "texts": ["short", "long"], "fonts": ["DejaVu Sans 15"], "widths": [200, 300] }
          ]
        }
        """

    /// Writes `json` as `suite.json` in a new folder; returns the suite file's path.
    static func suiteFile(_ json: String = suiteJSON) throws -> String {
        let folder = try BinaryRunner.temporaryFolder()
        let path = folder.appendingPathComponent("suite.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func load(_ path: String) throws -> GoldenSuite {
        try GoldenSuite.load(path: path, templatesFolder: CardFixtures.templatesFolder)
    }

    static func options(_ record: RecordMode, jobs: Int = 1) throws -> CheckOptions {
        var options = CheckOptions(record: record, artifactsFolder: try BinaryRunner.temporaryFolder().path)
        options.jobs = jobs
        return options
    }

    /// A suite recorded by the binary whose short text then changed, checked again: 8 failing cases
    /// with their artifacts. Returns the arguments of that check, the suite file, its folder and the artifacts.
    static func changedSuite() throws -> (check: [String], suite: String, folder: String, artifacts: String) {
        let suite = try suiteFile()
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        let artifacts = try BinaryRunner.temporaryFolder().path
        let check = ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder, "--artifacts", artifacts]
        _ = try BinaryRunner.run(check + ["--record", "missing"])
        let changed = suiteJSON.replacingOccurrences(of: "Morning coffee", with: "Evening tea")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: suite))
        let failing = try BinaryRunner.run(check + ["--record", "never"])
        guard failing.status == 1 else { throw POSIXError(.EINVAL) }
        return (check + ["--record", "never"], suite, folder, artifacts)
    }

    /// Every file under `folder`, relative, sorted, with its bytes.
    static func files(under folder: String) -> [(String, Data)] {
        let walker = FileManager.default.enumerator(atPath: folder)
        var files: [(String, Data)] = []
        while let relative = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder)
            if !isFolder.boolValue, let data = FileManager.default.contents(atPath: folder + "/" + relative) {
                files.append((relative, data))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
