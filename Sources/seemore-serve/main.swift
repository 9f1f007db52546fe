import Foundation
import SeeMore
import SeeMoreCommandLine
import SeeMoreServer

// Every command, `serve` too: `seemore serve` runs this program in its place.
var io = CommandIO.standard
io.program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
FontFiles.programOwnsFontconfig()
exit(SeeMoreCommand.run(Array(CommandLine.arguments.dropFirst()), io: io, more: ["serve": ServeCommand.run]))
