import Foundation
import SeeMore
import SeeMoreServer

var io = CommandIO.standard
io.program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
exit(SeeMoreCommand.run(Array(CommandLine.arguments.dropFirst()), io: io, more: ["serve": ServeCommand.run]))
