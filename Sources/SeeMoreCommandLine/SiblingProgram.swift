import FoundationEssentials
import Glibc
import SeeMore

/// Another program installed beside this one, run in this process's place: `seemore serve` runs
/// `seemore-serve`, the only program that links libsoup, so every other command starts without
/// loading libsoup and the 13 libraries it brings.
package enum SiblingProgram {
    /// Replaces this process with `name` from this program's folder (execv: the same process id,
    /// streams and signals, so SIGTERM reaches the server); returns only when it cannot be run.
    /// - Throws: `CommandError` (exit 66) naming the path when it is missing or cannot be run.
    package static func replaceProcess(with name: String, arguments: [String], io: CommandIO) throws -> ExitCode {
        guard let program = io.program else {
            throw CommandError("cannot find \(name): the path of this program is unknown", exitCode: .noInput)
        }
        let path = URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent(name).path
        guard access(path, X_OK) == 0 else {
            throw CommandError(
                "seemore \(arguments.first ?? "") runs \(path), which is missing or not executable "
                    + "(\(howToBuild(name, into: path)))", exitCode: .noInput)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        throw CommandError("cannot run \(path): \(String(cString: strerror(errno)))", exitCode: .noInput)
    }

    /// The command that builds `name` where it was looked for: the build folder's own configuration.
    static func howToBuild(_ name: String, into path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        switch folder {
        case "release": return "make preview or make serve builds it there: swift build -c release --product \(name)"
        case "debug": return "swift build --product \(name) builds it there"
        default: return "make install puts it beside seemore"
        }
    }
}
