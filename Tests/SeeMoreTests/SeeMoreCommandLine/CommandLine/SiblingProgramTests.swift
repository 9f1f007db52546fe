import Foundation
@testable import SeeMoreCommandLine
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// `seemore serve` runs seemore-serve in its place; without it beside seemore it says where it looked.
@Suite struct SiblingProgramTests {
    @Test func serve_runsSeemoreServe() throws {
        let help = try BinaryRunner.run(["serve", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("Usage: seemore serve"))
    }

    @Test func serveWithoutSeemoreServe_isExit66NamingThePath() throws {
        let folder = try BinaryRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lonely = folder.appendingPathComponent("seemore")
        try BinaryRunner.copyExecutable(BinaryRunner.executable, to: lonely)
        let process = Process()
        process.executableURL = lonely
        process.arguments = ["serve", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66)
        #expect(message.contains(folder.appendingPathComponent("seemore-serve").path))
    }

    @Test func withoutItsOwnPath_itSaysSo() {
        var io = CommandIO(readStandardInput: { Data() }, writeOutput: { _ in }, writeError: { _ in })
        io.program = nil
        #expect(throws: CommandError.self) { try SiblingProgram.replaceProcess(with: "seemore-serve", arguments: [], io: io) }
    }
}
