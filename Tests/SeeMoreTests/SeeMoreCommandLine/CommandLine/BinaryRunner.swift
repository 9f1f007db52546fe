import Foundation

/// Runs the built `seemore` executable, as a user would.
enum BinaryRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as it was written (a worker's binary frames).
        var stdoutBytes = Data()
    }

    /// The `seemore` binary next to the test bundle in the build folder.
    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in candidates {
            var directory = folder
            for _ in 0..<3 {
                let binary = directory.appendingPathComponent("seemore")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                directory.deleteLastPathComponent()
            }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../.build/debug/seemore").standardized
    }

    static func run(
        _ arguments: [String], stdin: Data = Data(), input: FileHandle? = nil, workingDirectory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Output {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try stdin.write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = try input ?? FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        let stdout = try Data(contentsOf: outputFile)
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self), stdoutBytes: stdout)
    }

    /// Copies the executable at `source` to `destination` in a process of its own: copied in this
    /// process, the file's open descriptor could be inherited by a program another test starts at that
    /// moment, and running the copy then fails with "Text file busy" (ETXTBSY; seen in a clean-clone run).
    static func copyExecutable(_ source: URL, to destination: URL) throws {
        let status = try runProgram("/bin/cp", [source.path, destination.path])
        guard status == 0 else { throw POSIXError(.EIO) }
    }

    /// Runs any program and returns its exit status.
    static func runProgram(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A fresh folder inside this test process's own, which is removed when the process exits (the
    /// tests made thousands of folders in /tmp and left them there).
    static func temporaryFolder() throws -> URL {
        let folder = URL(fileURLWithPath: testsFolder).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A fresh temporary file holding `bytes`.
    static func temporaryFile(_ bytes: [UInt8], name: String = "text.txt") throws -> URL {
        let file = try temporaryFolder().appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}

/// This test process's temporary folder, removed with everything in it when the process exits.
private let testsFolder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-tests-\(getpid())-\(UUID().uuidString)")
        .path
    atexit { try? FileManager.default.removeItem(atPath: testsFolder) }
    return path
}()
