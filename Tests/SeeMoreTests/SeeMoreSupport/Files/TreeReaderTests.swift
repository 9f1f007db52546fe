import Foundation
@testable import SeeMoreSupport
import Synchronization
import Testing

/// `TreeReader` reads each file as `PathPolicy.read` does — the same answer for a regular file, a
/// missing one, a link at the file or at a folder on the way, a folder, a file too large, a path
/// leaving the root — while it keeps folders open, also after a folder is swapped for a link.
@Suite struct TreeReaderTests {
    /// A root with plain files in nested folders and every hostile kind of entry beside them.
    static func makeTree() throws -> (root: String, outside: String) {
        let base = NSTemporaryDirectory() + "seemore-tree-\(UUID().uuidString)"
        let root = base + "/root"
        let outside = base + "/outside"
        let files = FileManager.default
        for folder in [root + "/a/b", root + "/c", outside + "/secret"] {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/a/b/one.txt"))
        try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/a/two.txt"))
        try Data("top".utf8).write(to: URL(fileURLWithPath: root + "/top.txt"))
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: root + "/c/large.bin"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret/key.txt"))
        try files.createSymbolicLink(atPath: root + "/linked", withDestinationPath: outside + "/secret")
        try files.createSymbolicLink(atPath: root + "/a/b/link.txt", withDestinationPath: outside + "/secret/key.txt")
        try files.createSymbolicLink(atPath: root + "/a/dangling", withDestinationPath: outside + "/nothing")
        return (root, outside)
    }

    static let paths = [
        "a/b/one.txt", "a/two.txt", "top.txt", "c/large.bin", "linked/key.txt", "a/b/link.txt", "a/dangling/x",
        "a/b", "missing/x.txt", "a/missing.txt", "top.txt/inside", "a/b/../two.txt", "../outside/secret/key.txt",
    ]

    @Test func readsEachFileAsPathPolicyReadsIt() throws {
        let (root, _) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path) }
        let reader = TreeReader(root: root)
        // Twice: the second time from the folders kept open.
        for _ in 0..<2 {
            for path in Self.paths {
                let full = root + "/" + path
                #expect(reader.read(full, limit: 50) == PathPolicy.read(full, root: root, limit: 50), "\(path)")
            }
        }
        #expect(reader.read(root + "/a/b/one.txt", limit: 50) == .bytes(Array("one".utf8)))
        #expect(reader.read(root + "/linked/key.txt", limit: 50) == .symbolicLink(root + "/linked"))
        #expect(reader.read(root + "/a/b/link.txt", limit: 50) == .symbolicLink(root + "/a/b/link.txt"))
        #expect(reader.read(root + "/c/large.bin", limit: 50) == .tooLarge(100))
        #expect(reader.read(root + "/../outside/secret/key.txt", limit: 50) == .outsideRoot)
    }

    /// A folder read once and then replaced by a link to a folder outside: a new reader never
    /// follows it, and the one that kept the old folder open reads the old folder's files (or none),
    /// never the outside one's.
    @Test func aFolderSwappedForALink_isNeverFollowed() throws {
        let (root, outside) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path) }
        let reader = TreeReader(root: root)
        #expect(reader.read(root + "/a/b/one.txt", limit: 50) == .bytes(Array("one".utf8)))
        try FileManager.default.moveItem(atPath: root + "/a", toPath: root + "/moved")
        try Data("one".utf8).write(to: URL(fileURLWithPath: outside + "/secret/one.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/a", withDestinationPath: outside + "/secret")
        #expect(TreeReader(root: root).read(root + "/a/one.txt", limit: 50) == .symbolicLink(root + "/a"))
        #expect(reader.read(root + "/a/key.txt", limit: 50) != .bytes(Array("secret".utf8)))
    }

    /// More folders than the reader keeps open, read from two threads at once: every file as it is.
    @Test func manyFoldersOnTwoThreads_readEveryFile() throws {
        let root = NSTemporaryDirectory() + "seemore-tree-many-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in 0..<300 {
            try FileManager.default.createDirectory(atPath: root + "/f\(folder)/g", withIntermediateDirectories: true)
            try Data("\(folder)".utf8).write(to: URL(fileURLWithPath: root + "/f\(folder)/g/x.txt"))
        }
        let reader = TreeReader(root: root)
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<3 {
                for step in stride(from: thread, to: 300, by: 2) {
                    let folder = (step * 7 + round) % 300
                    if reader.read(root + "/f\(folder)/g/x.txt", limit: 10) != .bytes(Array("\(folder)".utf8)) {
                        wrong.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
