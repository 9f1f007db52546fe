import Foundation

/// `seemore approve`: accepts the actual images of the last check as the new goldens.
struct ApproveCommand {
    static let usage = "Usage: seemore approve [--artifacts DIR] [--filter GLOB]"

    var artifactsFolder: String
    var filter: String? = nil

    static func parse(_ arguments: [String], environment: [String: String]) throws -> ApproveCommand {
        var scanner = ArgumentScanner(arguments, usage: usage)
        var command = ApproveCommand(artifactsFolder: environment["SNAPSHOT_ARTIFACTS"] ?? ".build/seemore-artifacts")
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h":
                throw HelpRequested(
                    text: "Copies the actual images and layouts of the last check's failing cases over their goldens.\n\n" + usage
                )
            case "--artifacts": command.artifactsFolder = try scanner.value(of: flag)
            case "--filter": command.filter = try scanner.value(of: flag)
            default: throw scanner.usageError("unknown flag \(flag.name)")
            }
        }
        return command
    }

    func run(io: CommandIO) throws {
        let reportPath = artifactsFolder + "/" + ArtifactsFolder.reportName
        guard let data = FileManager.default.contents(atPath: reportPath),
            let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = report["cases"] as? [[String: Any]]
        else {
            throw CommandError("no check report at \(reportPath); run seemore check first", exitCode: .noInput)
        }
        var approved = 0
        for entry in cases {
            guard let name = entry["name"] as? String, entry["status"] as? String != "passed",
                let golden = entry["golden"] as? String, let artifacts = entry["artifacts"] as? [String: String],
                let actual = artifacts["actual"], filter.map({ Glob.matches($0, name) }) ?? true
            else { continue }
            do {
                try AtomicFile.makeFolder(URL(fileURLWithPath: golden).deletingLastPathComponent().path)
                try AtomicFile.write(try Self.read(artifactsFolder + "/" + actual), to: golden)
                if let layout = artifacts["actualLayout"] {
                    let layoutPath = String(golden.dropLast(".png".count)) + ".layout.txt"
                    try AtomicFile.write(try Self.read(artifactsFolder + "/" + layout), to: layoutPath)
                }
            } catch let error as AtomicFile.WriteError {
                throw CommandError(error.description, exitCode: .cannotCreate)
            }
            io.writeOutput("approved \(name) → \(golden)\n")
            approved += 1
        }
        io.writeOutput(approved == 0 ? "nothing to approve\n" : "approved \(approved) golden\(approved == 1 ? "" : "s")\n")
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("cannot read \(path)", exitCode: .noInput)
        }
        return [UInt8](data)
    }
}
