import Foundation

/// The folder that receives a run's actual, golden and diff images and its report.
public struct ArtifactsFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    static let reportName = "report.json"

    /// Creates the folder and removes the artifacts the previous run listed in its report, so no
    /// stale picture is mistaken for this run's (nothing else in the folder is touched).
    func prepare() throws {
        try AtomicFile.makeFolder(path)
        guard let data = FileManager.default.contents(atPath: path + "/" + Self.reportName),
            let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = report["cases"] as? [[String: Any]]
        else { return }
        for entry in cases {
            for file in (entry["artifacts"] as? [String: String] ?? [:]).values where !file.contains("..") {
                try? FileManager.default.removeItem(atPath: path + "/" + file)
            }
        }
    }

    /// Writes what a reviewer needs for a failing case; returns the files by kind, relative to the folder.
    func write(
        _ name: String, actual: [UInt8], actualLayout: LayoutSnapshot, golden goldenBytes: [UInt8]?,
        goldenLayout: LayoutSnapshot?, diff: ImageDiff?
    ) -> [String: String] {
        var files: [String: String] = [:]
        func put(_ kind: String, _ suffix: String, _ bytes: [UInt8]) {
            let relative = name + suffix
            let full = path + "/" + relative
            do {
                try AtomicFile.makeFolder(URL(fileURLWithPath: full).deletingLastPathComponent().path)
                try AtomicFile.write(bytes, to: full)
                files[kind] = relative
            } catch {}
        }
        put("actual", ".actual.png", actual)
        put("actualLayout", ".actual.layout.txt", Array(actualLayout.text.utf8))
        if let goldenBytes { put("golden", ".golden.png", goldenBytes) }
        if let goldenLayout { put("goldenLayout", ".golden.layout.txt", Array(goldenLayout.text.utf8)) }
        if let diff, let png = try? PNGCodec.encode(diff.image, scale: 1) {
            put("diff", ".diff.png", png)
        }
        return files
    }
}
