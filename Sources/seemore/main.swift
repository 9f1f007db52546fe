import Foundation
import SeeMore

let engine = try LayoutEngine()
let r = try engine.truncate(TruncationRequest(text: CommandLine.arguments[1], width: Double(CommandLine.arguments[2]) ?? 343, lines: Int(CommandLine.arguments[3]) ?? 3))
print(r)
