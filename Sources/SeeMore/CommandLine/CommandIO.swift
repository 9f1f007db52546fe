import Foundation

/// Where a command reads its standard input and writes its output, so tests can run commands in-process.
public struct CommandIO {
    public var readStandardInput: () -> Data
    public var writeOutput: (String) -> Void
    public var writeError: (String) -> Void

    public init(
        readStandardInput: @escaping () -> Data, writeOutput: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void
    ) {
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// The process's own standard streams.
    public static var standard: CommandIO {
        CommandIO(
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
