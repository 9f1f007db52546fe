import Foundation
import SeeMore

exit(SeeMoreCommand.run(Array(CommandLine.arguments.dropFirst())))
