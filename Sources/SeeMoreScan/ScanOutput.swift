import Glibc
import SeeMoreSupport

/// A scan's folder: `scan.json`, `cases.jsonl`, `index.html`, and `gallery/` with a collapsed and an
/// expanded picture per gallery case (named by a hash of the case, so one run's and merged shards'
/// are the same files). Each file is written atomically; pictures of an earlier scan that this one
/// does not show are removed.
package struct ScanOutput {
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    package var resultPath: String { folder + "/scan.json" }
    package var casesPath: String { folder + "/cases.jsonl" }
    package var reportPath: String { folder + "/index.html" }
    var galleryFolder: String { folder + "/gallery" }

    /// Where an entry's picture is, relative to the folder.
    static func picturePath(_ entry: ScanGallery.Entry, state: String) -> String {
        "gallery/\(entry.pictureName).\(state).png"
    }

    /// Pixels per point of the gallery's pictures: sharp on a high-density screen.
    static let pictureScale = 2

    /// Makes the folder and its gallery folder (not a symbolic link).
    /// - Throws: `AtomicFile.WriteError` naming the folder.
    func prepare() throws {
        try Self.makeFolders(folder, galleryFolder)
    }

    /// Makes an output folder and a folder of pictures inside it, which must not be a symbolic link.
    /// - Throws: `AtomicFile.WriteError` naming the folder.
    package static func makeFolders(_ folder: String, _ pictures: String) throws {
        try AtomicFile.makeFolder(folder)
        var info = stat()
        if lstat(pictures, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw AtomicFile.WriteError(path: pictures, reason: "it is not a folder (a symbolic link is not followed)")
        }
        try AtomicFile.makeFolder(pictures)
    }

    /// Paints every gallery case's two pictures; a case that cannot be painted (an expanded card too
    /// tall to draw) has none, and the report says so.
    func writePictures(of gallery: ScanGallery, cutter: ScanCutter) throws {
        var written = Set<String>()
        for entry in gallery.all where !written.contains(entry.pictureName) {
            written.insert(entry.pictureName)
            guard let pictures = cutter.pictures(of: entry, scale: Self.pictureScale) else { continue }
            try AtomicFile.write(
                [
                    (pictures.collapsed, folder + "/" + Self.picturePath(entry, state: "collapsed")),
                    (pictures.expanded, folder + "/" + Self.picturePath(entry, state: "expanded")),
                ], durable: false)
        }
        removeStalePictures(keeping: written)
    }

    /// Copies each gallery case's pictures from the shard folder that painted them.
    func copyPictures(of gallery: ScanGallery, from shards: [String]) throws {
        var written = Set<String>()
        for entry in gallery.all where !written.contains(entry.pictureName) {
            let states = ["collapsed", "expanded"]
            for shard in shards {
                let files = states.map { Self.read(Self.picturePath(entry, state: $0), in: shard) }
                guard let collapsed = files[0], let expanded = files[1] else { continue }
                try AtomicFile.write(
                    [
                        (collapsed, folder + "/" + Self.picturePath(entry, state: states[0])),
                        (expanded, folder + "/" + Self.picturePath(entry, state: states[1])),
                    ], durable: false)
                written.insert(entry.pictureName)
                break
            }
        }
        removeStalePictures(keeping: written)
    }

    /// Writes `scan.json` and `index.html` (after the pictures it shows).
    func writeResult(_ result: ScanResult) throws {
        let pictures = Set(result.gallery.all.map(\.pictureName).filter { hasPictures($0) })
        try AtomicFile.write(
            [
                (Array((result.json.serialized() + "\n").utf8), resultPath),
                (Array(ScanReport(result: result, pictures: pictures).html.utf8), reportPath),
            ], durable: false)
    }

    private func hasPictures(_ name: String) -> Bool {
        ["collapsed", "expanded"].allSatisfy { access(galleryFolder + "/\(name).\($0).png", R_OK) == 0 }
    }

    /// Removes gallery pictures (by their names' pattern only) that this scan does not show.
    private func removeStalePictures(keeping names: Set<String>) {
        Self.removePictures(in: galleryFolder, states: ["collapsed", "expanded"], keeping: names)
    }

    /// Removes from `folder` the pictures named `HASH.STATE.png` (a 16-digit hash, one of `states`)
    /// whose hash is not in `names`; no other file is touched.
    package static func removePictures(in folder: String, states: [String], keeping names: Set<String>) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var stale: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[2] == "png", states.contains(String(parts[1])), parts[0].count == 16,
                parts[0].allSatisfy(\.isHexDigit), !names.contains(String(parts[0]))
            else { continue }
            stale.append(name)
        }
        for name in stale { unlink(folder + "/" + name) }
    }

    /// A shard's picture, read from under the shard's folder: a regular file (no symbolic link
    /// followed) of at most 64 MB.
    private static func read(_ file: String, in shard: String) -> [UInt8]? {
        guard case .bytes(let bytes) = PathPolicy.read(shard + "/" + file, root: shard, limit: 64 << 20) else { return nil }
        return bytes
    }
}
