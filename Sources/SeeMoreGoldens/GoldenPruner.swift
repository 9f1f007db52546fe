import FoundationEssentials
import Glibc
import SeeMoreSupport

/// Finds golden files that no case produces.
package enum GoldenPruner {
    /// Golden PNGs and layout snapshots under the suite's folder that no case produces, and temporary
    /// files a killed write left behind; sorted paths.
    ///
    /// Only files that are SeeMore's by their place and name are ever listed: `TEMPLATE/TEXT/FILE`
    /// two folders deep (never through a symbolic link), FILE named as a case names it
    /// (`Font-15@320[@2x].theme.state`) with `.layout.txt`, or `.png` beside its `.layout.txt`. A
    /// `docs/logo.png` or any other file in the folder is never touched.
    package static func stale(in suite: GoldenSuite) -> [String] {
        // The cases by folder, and a folder's expected files only while it is read: a set of every
        // case's paths was most of the memory of a check of 100 000 cases.
        var casesIn: [String: [Int]] = [:]
        for (index, golden) in suite.cases.enumerated() {
            casesIn[golden.template.name + "/" + golden.textName, default: []].append(index)
        }
        var stale: [String] = []
        for template in folders(in: suite.folder) {
            for text in folders(in: suite.folder + "/" + template) {
                let folder = suite.folder + "/" + template + "/" + text
                let expected = Set(
                    (casesIn[template + "/" + text] ?? []).flatMap { index in
                        let name = suite.cases[index].name
                        return [name + ".png", name + ".layout.txt"]
                    })
                let files = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                for file in files.sorted() {
                    let relative = template + "/" + text + "/" + file
                    // A case's own file is neither stale nor a temporary: nothing to read or parse.
                    guard !expected.contains(relative), isRegularFile(folder + "/" + file) else { continue }
                    if isGoldenFile(file, siblings: files) {
                        stale.append(suite.folder + "/" + relative)
                    } else if let temporary = AtomicFile.temporaryName(file), isGoldenName(temporary.target) {
                        stale.append(suite.folder + "/" + relative)  // left by a killed write
                    }
                }
            }
        }
        return stale.sorted()
    }

    /// Removes the temporary files of golden writes (`AtomicFile`'s named ones) that a killed run
    /// left in the suite's case folders and beside its fingerprint, once the process that made each
    /// is gone; for a run that holds the suite's lock.
    static func removeLeftoverTemporaries(in suite: GoldenSuite) {
        func removeLeftovers(in folder: String, _ isOurs: (String) -> Bool) {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                guard let temporary = AtomicFile.temporaryName(file), isOurs(temporary.target),
                    kill(temporary.writer, 0) != 0 && errno == ESRCH, isRegularFile(folder + "/" + file)
                else { continue }
                unlink(folder + "/" + file)
            }
        }
        removeLeftovers(in: suite.folder) { $0 == EnvironmentFingerprint.fileName }
        for template in folders(in: suite.folder) {
            for text in folders(in: suite.folder + "/" + template) {
                removeLeftovers(in: suite.folder + "/" + template + "/" + text, isGoldenName)
            }
        }
    }

    /// A case's file name: `Font-15@320[@Nx].theme.state.png` or `….layout.txt`.
    static func isGoldenName(_ file: String) -> Bool {
        let stem: Substring
        if file.hasSuffix(".png") {
            stem = file.dropLast(4)
        } else if file.hasSuffix(".layout.txt") {
            stem = file.dropLast(11)
        } else {
            return false
        }
        let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let state = parts.last, ["collapsed", "expanded"].contains(String(state)),
            PathPolicy.isSafeName(String(parts[parts.count - 2]))
        else { return false }
        let head = parts.dropLast(2).joined(separator: ".")  // "Font-15@320" or "Font-15@320@2x"
        let pieces = head.split(separator: "@", omittingEmptySubsequences: false)
        guard pieces.count == 2 || (pieces.count == 3 && ["1x", "2x", "3x"].contains(String(pieces[2]))),
            PathPolicy.isSafeName(String(pieces[0])), let width = Double(pieces[1]), width > 0
        else { return false }
        return true
    }

    /// A golden file: a case's layout snapshot, or a case's PNG beside its layout snapshot.
    private static func isGoldenFile(_ file: String, siblings: Set<String>) -> Bool {
        guard isGoldenName(file) else { return false }
        return file.hasSuffix(".layout.txt") || siblings.contains(String(file.dropLast(4)) + ".layout.txt")
    }

    /// Plain-named real folders directly in `folder` (symbolic links left out).
    private static func folders(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().filter { name in
            var info = stat()
            return PathPolicy.isSafeName(name) && lstat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Removes template and text folders under `folder` that pruning left empty (never through a link).
    package static func removeEmptyFolders(under folder: String) {
        for template in folders(in: folder) {
            for text in folders(in: folder + "/" + template) {
                rmdir(folder + "/" + template + "/" + text)  // fails, harmlessly, unless empty
            }
            rmdir(folder + "/" + template)
        }
    }
}
