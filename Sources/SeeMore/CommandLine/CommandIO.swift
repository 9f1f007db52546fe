import Foundation

/// Where a command reads its standard input and writes its output, so tests can run commands in-process.
public struct CommandIO {
    public var readStandardInput: () -> Data
    public var writeOutput: (String) -> Void
    public var writeError: (String) -> Void
    /// Bytes to standard output (a `check --jobs` worker's binary frames): `standard` writes them as
    /// they are; by default they go to `writeOutput` decoded as UTF-8, which only text survives.
    public var writeOutputBytes: ([UInt8]) -> Void
    /// The `seemore` executable running this command, set by its `main`: `check --jobs N` starts its
    /// worker processes from it. Nil (a command run inside another program) checks on threads.
    public var program: String? = nil

    public init(
        readStandardInput: @escaping () -> Data, writeOutput: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void
    ) {
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        writeOutputBytes = { writeOutput(String(decoding: $0, as: UTF8.self)) }
    }

    /// The process's own standard streams.
    public static var standard: CommandIO {
        var io = CommandIO(
            readStandardInput: {
                // No more than one byte past the longest text accepted: an endless stream is refused, not read.
                var data = Data()
                let limit = TruncationRequest.maximumTextBytes + 1
                while data.count < limit {
                    let chunk = FileHandle.standardInput.readData(ofLength: min(1 << 20, limit - data.count))
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                return data
            },
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
        io.writeOutputBytes = { FileHandle.standardOutput.write(Data($0)) }
        return io
    }
}
