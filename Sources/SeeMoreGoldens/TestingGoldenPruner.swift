import FoundationEssentials
import Glibc
import SeeMoreSupport

/// The goldens of `assertCardSnapshot` that no test takes any more, for `seemore prune --testing DIR`.
///
/// Each assertion notes the goldens it compared with in its artifacts folder (`used/`, a file per
/// test process, a path a line). A golden under a `__Goldens__/FILE/` folder of DIR, named
/// `TEST.….STATE.png` (or `.layout.txt`), is stale when no note names it and either its test ran
/// (another golden of TEST in FILE is noted: this one is a variant it no longer takes), or its test
/// is gone (FILE.swift beside `__Goldens__` is missing, or no longer holds the word TEST). A golden
/// of a test that exists but did not run is kept: run every test, then prune. Pruning forgets the
/// notes, so the next test run notes afresh.
package enum TestingGoldenPruner {
    /// The notes' folder inside the artifacts folder.
    static let notesFolder = "used"
    /// The most notes read (a million goldens' paths).
    static let maximumNotesBytes = 256 << 20

    /// Notes that the golden at `pngPath` (absolute) was compared with, in `artifacts/used/PID.txt`.
    /// A note that cannot be written is left out: pruning then keeps more, never less.
    package static func noteUse(_ pngPath: String, artifacts: String) {
        let folder = artifacts + "/" + notesFolder
        guard (try? AtomicFile.makeFolder(folder)) != nil, PathPolicy.firstSymbolicLink(folder, below: artifacts) == nil
        else { return }
        let descriptor = open(folder + "/\(getpid()).txt", O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = Descriptor.writeAll(Array((pngPath + "\n").utf8), to: descriptor)
    }

    /// What pruning finds: the files to remove, and the goldens kept because their test did not run.
    package struct Findings {
        package var stale: [String] = []
        package var keptUnrun: [String] = []
    }

    /// The goldens under `folder` no test takes, by the notes in `artifacts`.
    package static func findings(under folder: String, artifacts: String) -> Findings {
        let used = notes(artifacts)
        // "FOLDER/TEST" of every golden noted: the tests that ran.
        let ran = Set(
            used.map { path in
                let file = URL(fileURLWithPath: path)
                let test = file.lastPathComponent.split(separator: ".").first.map(String.init) ?? ""
                return file.deletingLastPathComponent().path + "/" + test
            })
        var findings = Findings()
        for goldens in goldenFolders(under: PathPolicy.standardized(folder), depth: 0) {
            for file in regularFiles(in: goldens) {
                let (stem, suffix) =
                    file.hasSuffix(".layout.txt") ? (file.dropLast(11), ".layout.txt") : (file.dropLast(4), ".png")
                guard file.hasSuffix(".png") || suffix == ".layout.txt", let test = stem.split(separator: ".").first else {
                    continue
                }
                let png = goldens + "/" + stem + ".png"
                if used.contains(png) { continue }
                if ran.contains(goldens + "/" + test) || testIsGone(String(test), goldens: goldens) {
                    findings.stale.append(goldens + "/" + file)
                } else if suffix == ".png" {
                    findings.keptUnrun.append(goldens + "/" + file)
                }
            }
        }
        return findings
    }

    /// Removes the notes, so the next test run's are the only ones.
    package static func forgetNotes(artifacts: String) {
        let folder = artifacts + "/" + notesFolder
        guard PathPolicy.firstSymbolicLink(folder, below: artifacts) == nil else { return }
        for file in regularFiles(in: folder) where file.hasSuffix(".txt") { unlink(folder + "/" + file) }
        rmdir(folder)
    }

    /// Every golden path the notes name.
    private static func notes(_ artifacts: String) -> Set<String> {
        let folder = artifacts + "/" + notesFolder
        var used = Set<String>()
        var budget = maximumNotesBytes
        for file in regularFiles(in: folder) where file.hasSuffix(".txt") {
            guard case .bytes(let bytes) = PathPolicy.read(folder + "/" + file, root: artifacts, limit: budget) else { continue }
            budget -= bytes.count
            for line in bytes.split(separator: UInt8(ascii: "\n")) { used.insert(String(decoding: line, as: UTF8.self)) }
        }
        return used
    }

    /// Whether the test named `test` is no longer in the source file the goldens' folder is named after.
    private static func testIsGone(_ test: String, goldens: String) -> Bool {
        let name = URL(fileURLWithPath: goldens).lastPathComponent
        let sources = URL(fileURLWithPath: goldens).deletingLastPathComponent().deletingLastPathComponent().path
        guard case .bytes(let bytes) = PathPolicy.read(sources + "/" + name + ".swift", root: sources, limit: 16 << 20)
        else { return true }
        let text = String(decoding: bytes, as: UTF8.self)
        // As a whole word: `testCard` is not in `testCardDark`.
        return !text.ranges(of: test).contains { range in
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            return ![before, after].contains { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        }
    }

    /// The `__Goldens__/FILE` folders under `folder`, through no symbolic link, not in hidden folders
    /// (`.build`, `.git`).
    private static func goldenFolders(under folder: String, depth: Int) -> [String] {
        guard depth < 32 else { return [] }
        var found: [String] = []
        for name in realFolders(in: folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name == "__Goldens__" {
                found += realFolders(in: path).map { path + "/" + $0 }
            } else {
                found += goldenFolders(under: path, depth: depth + 1)
            }
        }
        return found
    }

    private static func entries(in folder: String, ofType type: mode_t) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { name in
            var info = stat()
            return lstat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == type
        }
    }

    private static func realFolders(in folder: String) -> [String] { entries(in: folder, ofType: S_IFDIR) }
    private static func regularFiles(in folder: String) -> [String] { entries(in: folder, ofType: S_IFREG) }
}
