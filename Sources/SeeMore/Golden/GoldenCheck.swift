import Foundation

/// Where one golden lives.
public struct GoldenLocation: Sendable {
    /// The case's name; artifacts are written under it.
    public var name: String
    public var pngPath: String
    public var layoutPath: String

    public init(name: String, pngPath: String, layoutPath: String) {
        self.name = name
        self.pngPath = pngPath
        self.layoutPath = layoutPath
    }
}

/// Compares one drawn card with its golden, records per the mode and writes artifacts when it fails:
/// the step `seemore check` takes for every case and `assertCardSnapshot` for one.
public enum GoldenCheck {
    public static func check(
        _ image: RGBAImage, metadata: CardMetadata, scale: Int, at location: GoldenLocation, record: RecordMode,
        tolerance: Tolerance, artifacts: ArtifactsFolder
    ) -> CaseResult {
        var result = CaseResult(name: location.name, outcome: .passed, message: "", goldenPath: location.pngPath, group: "")
        let layout = LayoutSnapshot(metadata)
        let goldenBytes = FileManager.default.contents(atPath: location.pngPath).map { [UInt8]($0) }
        let goldenLayout = (try? String(contentsOfFile: location.layoutPath, encoding: .utf8)).map(LayoutSnapshot.init(text:))
        let comparison = GoldenComparison.compare(
            actual: image, actualLayout: layout, golden: goldenBytes, goldenLayout: goldenLayout, tolerance: tolerance)
        result.outcome = comparison.outcome
        result.message = comparison.message
        result.differentPixels = comparison.diff?.differentPixels
        var encoded: [UInt8]? = nil
        func png() throws -> [UInt8] {  // encoded once, only when needed: level 9 is slow
            if let encoded { return encoded }
            let bytes = try PNGCodec.encode(image, scale: Double(scale), settings: .goldens)
            encoded = bytes
            return bytes
        }
        // `all` rewrites every golden whose file would change, `failed` and `missing` only what they record.
        let rewrite = record == .all && (goldenLayout != layout || (try? png()) != goldenBytes)
        if record.records(comparison.outcome) || rewrite {
            do {
                try AtomicFile.makeFolder(URL(fileURLWithPath: location.pngPath).deletingLastPathComponent().path)
                try AtomicFile.write(try png(), to: location.pngPath)
                try AtomicFile.write(layout.text, to: location.layoutPath)
                result.recordedPath = location.pngPath
            } catch {
                result.message += "; could not record: \(error)"
            }
        }
        if result.failed {
            result.artifacts = artifacts.write(
                location.name, actual: (try? png()) ?? [], actualLayout: layout, golden: goldenBytes, goldenLayout: goldenLayout,
                diff: comparison.diff)
        }
        return result
    }
}
