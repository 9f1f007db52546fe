import Foundation

/// Finds golden files that no case produces.
enum GoldenPruner {
    /// Golden PNGs and layout snapshots under the suite's folder that no case produces, and temporary
    /// files a killed write left behind; sorted paths.
    static func stale(in suite: GoldenSuite) -> [String] {
        let expected = Set(suite.cases.flatMap { [$0.pngPath, $0.layoutPath] })
        guard let walker = FileManager.default.enumerator(atPath: suite.folder) else { return [] }
        var stale: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = URL(fileURLWithPath: relative).lastPathComponent
            let isGolden = relative.hasSuffix(".png") || relative.hasSuffix(".layout.txt")
            let isLeftover = name.hasPrefix(".") && name.contains(".tmp-")
            if (isGolden && !expected.contains(relative)) || isLeftover {
                stale.append(suite.folder + "/" + relative)
            }
        }
        return stale.sorted()
    }

    /// Removes folders left empty under `folder` (deepest first).
    static func removeEmptyFolders(under folder: String) {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
        var folders: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(folder + "/" + relative)
            }
        }
        for path in folders.sorted(by: { $0.count > $1.count }) {
            if (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true {
                rmdir(path)
            }
        }
    }
}
