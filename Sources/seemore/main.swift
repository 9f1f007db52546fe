import Foundation
import SeeMore
import SeeMoreServer

exit(SeeMoreCommand.run(Array(CommandLine.arguments.dropFirst()), more: ["serve": ServeCommand.run]))
