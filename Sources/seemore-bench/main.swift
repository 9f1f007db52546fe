// Benchmarks for the layout engine: `make bench` (release build).
import Foundation
import SeeMore

/// Runs `body` repeatedly for about `seconds` and returns the median time of one run in microseconds.
/// Benchmarks whose name contains the first argument, or all.
let filter = CommandLine.arguments.dropFirst().first

func measure(_ name: String, seconds: Double = 1, _ body: () throws -> Void) rethrows {
    if let filter, !name.contains(filter) { return }
    var samples: [Double] = []
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(seconds * 1000))
    repeat {
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    } while clock.now < deadline || samples.count < 3
    samples.sort()
    let median = samples[samples.count / 2]
    let label = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    print("\(label) \(String(format: "%10.1f µs", median))  (\(samples.count) runs)")
}

let engine = try LayoutEngine()
print("SeeMore layout benchmarks (median of repeated runs)")
for demo in DemoText.all {
    for width in [240.0, 414] {
        var request = demo.request
        request.width = width
        try measure("cut \(demo.name) @\(Int(width)) \(request.cutMode.rawValue)") { _ = try engine.truncate(request) }
        request.cutMode = .grapheme
        try measure("cut \(demo.name) @\(Int(width)) grapheme") { _ = try engine.truncate(request) }
    }
}

let vocabulary = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "東京", "서울", "🎉"]
var seed: UInt64 = 1
let megabyte = (0..<150_000).map { _ -> String in
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return vocabulary[Int((seed >> 33) % UInt64(vocabulary.count))]
}.joined(separator: " ")
if filter == nil || "paragraph".contains(filter!) || filter!.contains("paragraph") {
var long = TruncationRequest(text: megabyte, width: 343, lines: 3)
long.countsAllLines = false
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph (cut only)", seconds: 2) { _ = try engine.truncate(long) }
long.countsAllLines = true
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph + count all lines", seconds: 3) {
    _ = try engine.truncate(long)
}
}
