import FoundationEssentials
import SeeMoreSupport

/// A golden and its layout snapshot a check is to write, and what the write does to the case's result.
struct GoldenRecording: Sendable {
    let location: GoldenLocation
    /// The encoded picture, or why it could not be encoded.
    let png: Result<[UInt8], any Error>
    let layout: [UInt8]
    /// The result's message before anything was added to it about files: the write's outcome goes
    /// right after it, before what the artifacts' writing added.
    let message: String

    /// Writes both files, together or not at all, and marks `result` recorded, or not written with the
    /// reason (which then also names the case's unwritable file, before an artifact's).
    func write(into result: inout CaseResult) {
        do {
            try PathPolicy.checkWritable(location.pngPath, root: location.root)
            try PathPolicy.checkWritable(location.layoutPath, root: location.root)
            try AtomicFile.makeFolder(URL(fileURLWithPath: location.pngPath).deletingLastPathComponent().path)
            try AtomicFile.write([(try png.get(), location.pngPath), (layout, location.layoutPath)])
            result.recordedPath = location.pngPath
        } catch {
            result.writeError = "\(error)"
            let later = result.message.hasPrefix(message) ? String(result.message.dropFirst(message.count)) : ""
            result.message = message + "; could not record: \(error)" + later
        }
    }
}
