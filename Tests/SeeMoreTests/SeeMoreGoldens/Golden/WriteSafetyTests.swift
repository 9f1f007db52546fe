import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// Writing goldens and cards: one writer per suite, approve trusts no path in a report, and a full
/// disk leaves every old file whole with exit 73.
@Suite(.serialized) struct WriteSafetyTests {
    @Test func secondRecorder_failsFastNamingTheHolder_andComparingStillRuns() throws {
        let suite = try GoldenFixtures.suiteFile()
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent().path
        let base = ["check", "--suite", suite, "--templates", CardFixtures.templatesFolder]
        do {
            let held = try SuiteLock(folder: folder, wait: false, purpose: "the test holding the lock")
            let second = try BinaryRunner.run(base + ["--record", "all"])
            #expect(second.status == 73)
            #expect(
                second.stderr.contains("locked by another SeeMore run") && second.stderr.contains("the test holding the lock"))
            // The command line says how to wait; the library (and the review server showing its error) does not
            // speak in flags (#42 item 6).
            #expect(second.stderr.contains("; wait for it, or pass --wait"), "\(second.stderr)")
            do {
                _ = try SuiteLock(folder: folder, wait: false, purpose: "another")
            } catch let busy as SuiteLock.Busy {
                #expect(!busy.description.contains("--"), "\(busy.description)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/x"), "nothing was recorded")
            #expect(throws: SuiteLock.Busy.self) { try SuiteLock(folder: folder, wait: false, purpose: "another") }
            let compare = try BinaryRunner.run(base + ["--record", "never"])
            #expect(compare.status == 1, "comparing needs no lock: \(compare.stderr)")
            withExtendedLifetime(held) {}
        }
        // The lock file goes with its holder: none stays in a team's goldens folder.
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + SuiteLock.fileName))
        #expect(try BinaryRunner.run(base + ["--record", "missing"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + SuiteLock.fileName))
        #expect(try BinaryRunner.run(base + ["--record", "never"]).status == 0)
    }

    /// A run that waited for the lock while its holder removed the file takes the lock at the path,
    /// so two holders never lock two different files; one a killed run left is taken over.
    @Test func aWaitingRun_takesTheLockAfterItsHolder_removedTheFile() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        try Data("pid 1: a killed run\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + SuiteLock.fileName))
        var first: SuiteLock? = try SuiteLock(folder: folder, wait: false, purpose: "first")
        let released = DispatchSemaphore(value: 0)
        let waiter = Thread {
            func holdSecond() {
                let second = try? SuiteLock(folder: folder, wait: true, purpose: "second")
                #expect(second != nil)
                // While the second holds it, a third is refused: they lock the same file.
                #expect(throws: SuiteLock.Busy.self) { try SuiteLock(folder: folder, wait: false, purpose: "third") }
                withExtendedLifetime(second) {}
            }
            holdSecond()
            // The second lock is gone here, and with it the file.
            released.signal()
        }
        waiter.start()
        usleep(100_000)
        first = nil
        #expect(released.wait(timeout: .now() + 10) == .success)
        withExtendedLifetime(first) {}
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + SuiteLock.fileName))
    }

    @Test func approve_copiesOnlyWhatTheCheckShowed_intoTheSuite() throws {
        let (_, _, folder, artifacts) = try GoldenFixtures.changedSuite()
        let reportPath = artifacts + "/report.json"
        let original = try String(contentsOfFile: reportPath, encoding: .utf8)
        // A report naming a case the suite does not have is refused before anything is written.
        let outside = try BinaryRunner.temporaryFolder().path
        try original.replacingOccurrences(of: "\"name\": \"inline-more/short/", with: "\"name\": \"inline-more/../../evil/")
            .write(toFile: reportPath, atomically: true, encoding: .utf8)
        let forged = try BinaryRunner.run(["approve", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(forged.status == 65, "\(forged.stdout)\(forged.stderr)")
        #expect(forged.stderr.contains("stale or forged"))
        // The report's golden paths are not used: goldens are written where the suite puts them.
        try original.replacingOccurrences(of: "\"golden\": \"\(folder)", with: "\"golden\": \"\(outside)")
            .write(toFile: reportPath, atomically: true, encoding: .utf8)
        // An actual image changed since the check is refused.
        let victim = artifacts + "/inline-more/short/DejaVuSans-15@200.light.collapsed.actual.png"
        let good = try Data(contentsOf: URL(fileURLWithPath: victim))
        try Data(PNGBomb.zeros(width: 10, height: 10)).write(to: URL(fileURLWithPath: victim))
        let tampered = try BinaryRunner.run(
            ["approve", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(tampered.status == 65)
        #expect(tampered.stderr.contains("is not the one the check reported"))
        try good.write(to: URL(fileURLWithPath: victim))
        let approved = try BinaryRunner.run(
            ["approve", "--artifacts", artifacts], workingDirectory: URL(fileURLWithPath: folder))
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("approved 8 goldens"))  // the short text, both templates, widths and states
        #expect(GoldenFixtures.files(under: outside).isEmpty)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/inline-more/short/DejaVuSans-15@200.light.collapsed.png"))
                == good)
    }

    @Test(.enabled(if: TinyDisk.available, "mounting a tmpfs is refused here (needs root and CAP_SYS_ADMIN)"))
    func fullDisk_isExit73_andLeavesEveryOldFileWhole() throws {
        let disk = try TinyDisk(kilobytes: 256)
        defer { disk.unmount() }
        let out = disk.path + "/cards"
        let first = try BinaryRunner.run(["render", "--text", "Short.", "--out", out, "--name", "card"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = GoldenFixtures.files(under: out)
        #expect(before.count == 3)
        try disk.fill(leaving: 2_000)
        let second = try BinaryRunner.run([
            "render", "--text", CardFixtures.longText, "--scale", "3", "--out", out, "--name", "card",
        ])
        #expect(second.status == 73, "\(second.stderr)")
        #expect(second.stderr.contains("cannot write"))
        let after = GoldenFixtures.files(under: out)
        #expect(after.map(\.0) == before.map(\.0), "no temporary file is left")
        #expect(zip(after, before).allSatisfy { $0.1 == $1.1 }, "all three old files are untouched")
        // Recording goldens on a full disk is exit 73 too, not a failed comparison.
        disk.emptyFill()
        let suiteFolder = disk.path + "/suite"
        try FileManager.default.createDirectory(atPath: suiteFolder, withIntermediateDirectories: true)
        try Data(GoldenFixtures.suiteJSON.utf8).write(to: URL(fileURLWithPath: suiteFolder + "/suite.json"))
        try disk.fill(leaving: 2_000)
        let record = try BinaryRunner.run([
            "check", "--suite", suiteFolder + "/suite.json", "--templates", CardFixtures.templatesFolder, "--record", "all",
            "--artifacts", try BinaryRunner.temporaryFolder().path,
        ])
        #expect(record.status == 73, "\(record.stdout)\(record.stderr)")
    }
}

/// A small tmpfs, mounted for a test that needs a full disk.
struct TinyDisk {
    let path: String

    static let available: Bool = {
        guard getuid() == 0, let disk = try? TinyDisk(kilobytes: 16) else { return false }
        disk.unmount()
        return true
    }()

    init(kilobytes: Int) throws {
        path = try BinaryRunner.temporaryFolder().path
        let result = try BinaryRunner.runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path])
        guard result == 0 else { throw POSIXError(.EPERM) }
    }

    /// Fills the disk with a file until only about `bytes` are free.
    func fill(leaving bytes: Int) throws {
        var info = statvfs()
        statvfs(path, &info)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: max(0, free - bytes)).write(to: URL(fileURLWithPath: path + "/filler"))
    }

    func emptyFill() {
        unlink(path + "/filler")
    }

    func unmount() {
        _ = try? BinaryRunner.runProgram("/bin/umount", [path])
    }
}

/// A file written a piece at a time replaces the old one only once all of it is written.
@Suite struct StreamedWriteTests {
    struct Stop: Error {}

    @Test func producerThatFails_leavesTheOldFileWhole_andNoTemporary() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        let path = folder + "/report.json"
        try AtomicFile.write("old\n", to: path)
        #expect(throws: Stop.self) {
            try AtomicFile.write(to: path) { write in
                try write(Array("new, half".utf8))
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.json"])
        try AtomicFile.write(to: path) { write in
            for piece in ["new", ", ", "whole\n"] { try write(Array(piece.utf8)) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new, whole\n")
    }
}
