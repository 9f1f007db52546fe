import FoundationEssentials
import SeeMoreCards
import SeeMoreImage
import SeeMoreSupport

/// Where one golden lives.
package struct GoldenLocation: Sendable {
    /// The case's name; artifacts are written under it.
    package var name: String
    package var pngPath: String
    package var layoutPath: String
    /// The folder both files must lie in (the suite's folder); they are read and written only there,
    /// never through a symbolic link.
    package var root: String

    package init(name: String, pngPath: String, layoutPath: String, root: String) {
        self.name = name
        self.pngPath = pngPath
        self.layoutPath = layoutPath
        self.root = root
    }
}

/// Compares one drawn card with its golden, records per the mode and writes artifacts when it fails:
/// the step `seemore check` takes for every case and `assertCardSnapshot` for one.
package enum GoldenCheck {
    /// - Parameters:
    ///   - copyPassedGolden: also copy a passed case's golden into the artifacts, so a report shows it
    ///     from there (`seemore check`; a Swift test has no report).
    ///   - files: the golden's PNG and layout snapshot as the caller already read them (with
    ///     `PathPolicy.read` and this type's limits); nil reads them here.
    package static func check(
        _ image: RGBAImage, metadata: CardMetadata, scale: Int, at location: GoldenLocation, record: RecordMode,
        tolerance: Tolerance, ignore: [IgnoreRegion] = [], artifacts: ArtifactsFolder, copyPassedGolden: Bool = false,
        files: (png: PathPolicy.Read, layout: PathPolicy.Read)? = nil
    ) -> CaseResult {
        var recording: GoldenRecording? = nil
        var result = check(
            image, metadata: metadata, scale: scale, at: location, record: record, tolerance: tolerance, ignore: ignore,
            artifacts: artifacts, copyPassedGolden: copyPassedGolden, files: files, recording: &recording)
        recording?.write(into: &result)
        return result
    }

    /// `check` without writing the golden: what is to be recorded is left in `recording`, for the
    /// caller to write (`GoldenRecording.write(into:)`), at once or on a thread of its own; the
    /// result's artifacts are written as for a recorded case.
    static func check(
        _ image: RGBAImage, metadata: CardMetadata, scale: Int, at location: GoldenLocation, record: RecordMode,
        tolerance: Tolerance, ignore: [IgnoreRegion] = [], artifacts: ArtifactsFolder, copyPassedGolden: Bool,
        files: (png: PathPolicy.Read, layout: PathPolicy.Read)?, recording: inout GoldenRecording?
    ) -> CaseResult {
        var result = CaseResult(name: location.name, outcome: .passed, message: "", goldenPath: location.pngPath, group: "")
        let layout = LayoutSnapshot(metadata)
        let pngRead = files?.png ?? PathPolicy.read(location.pngPath, root: location.root, limit: Self.maximumGoldenBytes)
        let snapshotRead =
            files?.layout ?? PathPolicy.read(location.layoutPath, root: location.root, limit: Self.maximumLayoutBytes)
        var goldenBytes: [UInt8]? = nil
        var goldenLayout: LayoutSnapshot? = nil
        let comparison: GoldenComparison
        if let problem = Self.problem(pngRead, path: location.pngPath) ?? Self.problem(snapshotRead, path: location.layoutPath) {
            comparison = GoldenComparison(outcome: .unsafeGolden, message: problem)
        } else {
            if case .bytes(let bytes) = pngRead { goldenBytes = bytes }
            if case .bytes(let bytes) = snapshotRead {
                goldenLayout = LayoutSnapshot(text: String(decoding: bytes, as: UTF8.self))
            }
            comparison = GoldenComparison.compare(
                actual: image, actualLayout: layout, golden: goldenBytes, goldenLayout: goldenLayout, tolerance: tolerance,
                ignoring: IgnoreRegion.pixelRects(ignore, on: metadata, scale: scale))
        }
        result.outcome = comparison.outcome
        result.message = comparison.message
        result.differentPixels = comparison.diff?.differentPixels
        result.totalPixels = comparison.diff?.totalPixels
        result.layoutDiff = comparison.layoutDiff
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
            recording = GoldenRecording(
                location: location, png: Result { try png() }, layout: Array(layout.text.utf8), message: result.message)
        }
        // What a skip ledger keeps of a case that passed: the bytes it passed against.
        if comparison.outcome == .passed && recording == nil {
            result.goldenKey = SkipLedger.goldenKey(png: pngRead, layout: snapshotRead)
        }
        // A case whose golden is written fails, whether the write succeeds (recorded) or not.
        if result.failed || recording != nil {
            let sameSize = comparison.diff.map { $0.image.width == image.width && $0.image.height == image.height } ?? false
            result.signature = ChangeSignature.of(
                outcome: comparison.outcome, golden: goldenLayout, actual: layout,
                diffImage: sameSize ? comparison.diff?.image : nil, metadata: metadata, scale: scale,
                images: comparison.golden.map { (golden: $0, actual: image) })
            // A bomb is not copied where a reviewer's browser would decode it.
            let shownGolden = comparison.goldenShown ? goldenBytes : nil
            let actual = (try? png()) ?? []
            let written = artifacts.write(
                location.name, actual: actual, actualLayout: layout, golden: shownGolden, goldenLayout: goldenLayout,
                diff: comparison.diff)
            result.artifacts = written.files
            if let error = written.error {
                result.message += "; could not write the artifacts: \(error)"
                if result.writeError == nil { result.writeError = error }
            }
            result.actualHash = GoldenCheck.actualHash(
                png: actual, layout: Array(layout.text.utf8), width: image.width, height: image.height)
        } else if copyPassedGolden, let goldenBytes,
            let copy = artifacts.writeGoldenCopy(
                location.name, golden: goldenBytes, hash: result.goldenKey.map { String(SkipLedger.pngHash(ofGoldenKey: $0)) })
        {
            result.artifacts["golden"] = copy
        }
        return result
    }

    /// What `approve` checks an actual image against: its size as drawn and the SHA-256 of its PNG and
    /// its layout snapshot.
    static func actualHash(png: [UInt8], layout: [UInt8], width: Int, height: Int) -> String {
        "\(width)x\(height):sha256:" + ContentHash.sha256(png) + ":" + ContentHash.sha256(layout)
    }

    /// The largest golden PNG read (far above any card's, far below a bomb's decoded size).
    static let maximumGoldenBytes = 64 << 20
    /// The largest layout snapshot read.
    static let maximumLayoutBytes = 1 << 20

    /// Why a golden file found by `read` must not be used, or nil (read, or missing).
    static func problem(_ read: PathPolicy.Read, path: String) -> String? {
        switch read {
        case .bytes, .missing: return nil
        case .symbolicLink(let link):
            return link == path ? "\(path) is a symbolic link; goldens must be regular files" : "\(link) is a symbolic link"
        case .notRegularFile: return "\(path) is not a regular file"
        case .tooLarge(let size): return "\(path) has \(size) bytes, more than a golden may"
        case .outsideRoot: return "\(path) is outside the suite folder"
        }
    }
}
