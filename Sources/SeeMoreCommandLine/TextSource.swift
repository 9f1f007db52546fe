import FoundationEssentials
import Glibc
import SeeMore

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
            data = Data(try Self.read(path))
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

    /// A text file's bytes, no more than one past the longest text accepted (an endless stream is
    /// refused, not read); a file larger than that is refused before reading.
    private static func read(_ path: String) throws -> [UInt8] {
        let failed = { CommandError("cannot read text file \(path): \(String(cString: strerror(errno)))", exitCode: .noInput) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failed() }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, Int(info.st_size) > TruncationRequest.maximumTextBytes {
            throw CommandError(
                "text file \(path) has \(info.st_size) bytes; at most \(TruncationRequest.maximumTextBytes) (16 MB) are accepted",
                exitCode: .dataError)
        }
        guard let bytes = Descriptor.readAll(descriptor, limit: TruncationRequest.maximumTextBytes + 1) else { throw failed() }
        return bytes
    }
}
