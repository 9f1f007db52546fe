import Foundation

/// Where a command's text comes from: `--text TEXT` or `--text-file PATH|-`.
enum TextSource: Equatable {
    case inline(String)
    case file(String)
    case standardInput

    init(textFile path: String) {
        self = path == "-" ? .standardInput : .file(path)
    }

    /// Reads the text.
    /// - Throws: `CommandError` with exit 66 for an unreadable file, 65 for bytes that are not UTF-8 text.
    func read(io: CommandIO) throws -> String {
        let data: Data
        let name: String
        switch self {
        case .inline(let text):
            return text
        case .standardInput:
            data = io.readStandardInput()
            name = "standard input"
        case .file(let path):
            var info = stat()
            if stat(path, &info) == 0, Int(info.st_size) > TruncationRequest.maximumTextBytes {
                throw CommandError(
                    "text file \(path) has \(info.st_size) bytes; at most \(TruncationRequest.maximumTextBytes) (16 MB) are accepted",
                    exitCode: .dataError)
            }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? "it cannot be read"
                throw CommandError(
                    "cannot read text file \(path): \(Self.plainReason(error, fallback: reason))", exitCode: .noInput)
            }
            name = path
        }
        guard data.count <= TruncationRequest.maximumTextBytes else {
            throw CommandError("\(name) has more than \(TruncationRequest.maximumTextBytes) bytes (16 MB)", exitCode: .dataError)
        }
        do {
            return try decodeLayoutText(data)
        } catch let error as TextDecodingError {
            throw CommandError("\(name) \(error)", exitCode: .dataError)
        }
    }

    /// The POSIX reason of a file error ("No such file or directory"), which Foundation buries.
    private static func plainReason(_ error: Error, fallback: String) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message)
        }
        if nsError.code == NSFileReadNoSuchFileError { return "No such file or directory" }
        return fallback
    }
}
