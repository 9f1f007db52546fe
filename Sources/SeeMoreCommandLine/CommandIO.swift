import FoundationEssentials
import Glibc
import SeeMore

/// Where a command reads its standard input and writes its output, so tests can run commands in-process.
package struct CommandIO {
    package var readStandardInput: () -> Data
    package var writeOutput: (String) -> Void
    package var writeError: (String) -> Void
    /// Bytes to standard output (a `check --jobs` worker's binary frames): `standard` writes them as
    /// they are; by default they go to `writeOutput` decoded as UTF-8, which only text survives.
    package var writeOutputBytes: ([UInt8]) -> Void
    /// The `seemore` executable running this command, set by its `main`: `check --jobs N` starts its
    /// worker processes from it. Nil (a command run inside another program) checks on threads.
    package var program: String? = nil
    /// Set by `main`: the command may take SIGINT and SIGTERM to stop in order (`check` reports what
    /// ran). A command run inside another program leaves that program's signals alone.
    package var ownsSignals = false

    package init(
        readStandardInput: @escaping () -> Data, writeOutput: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void
    ) {
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        writeOutputBytes = { writeOutput(String(decoding: $0, as: UTF8.self)) }
    }

    /// The process's own standard streams.
    package static var standard: CommandIO {
        var io = CommandIO(
            readStandardInput: {
                // No more than one byte past the longest text accepted: an endless stream is refused, not read.
                Data(Descriptor.readAll(STDIN_FILENO, limit: TruncationRequest.maximumTextBytes + 1) ?? [])
            },
            writeOutput: { Descriptor.writeAll(Array($0.utf8), to: STDOUT_FILENO) },
            writeError: { Descriptor.writeAll(Array($0.utf8), to: STDERR_FILENO) })
        io.writeOutputBytes = { Descriptor.writeAll($0, to: STDOUT_FILENO) }
        return io
    }
}
