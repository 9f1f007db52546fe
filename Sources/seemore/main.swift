import FoundationEssentials
import Glibc
import SeeMore
import SeeMoreCommandLine

var io = CommandIO.standard
io.program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
FontFiles.programOwnsFontconfig()
io.ownsSignals = true
let serve = { (arguments: [String], io: CommandIO) throws -> ExitCode in
    try SiblingProgram.replaceProcess(with: "seemore-serve", arguments: ["serve"] + arguments, io: io)
}
exit(SeeMoreCommand.run(Array(CommandLine.arguments.dropFirst()), io: io, more: ["serve": serve]))
