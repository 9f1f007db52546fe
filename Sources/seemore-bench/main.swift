// Benchmarks: `make bench` (release build). An argument runs only the benchmarks whose name contains it.
import Foundation
import SeeMore

let filter = CommandLine.arguments.dropFirst().first

/// Runs `body` repeatedly for about `seconds` and prints the median time of one run.
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
    let label = name.padding(toLength: 56, withPad: " ", startingAt: 0)
    print("\(label) \(String(format: "%10.1f µs", samples[samples.count / 2]))  (\(samples.count) runs)")
}

/// The font a designer would pick for each demo language.
func font(for demo: DemoText) -> String {
    demo.name.hasPrefix("ja") ? "IPAGothic 15" : demo.name.hasPrefix("ko") ? "NanumGothic 15" : "DejaVu Sans 15"
}

print("SeeMore benchmarks (median of repeated runs)")
let engine = try LayoutEngine()
for demo in DemoText.all {
    for width in [240.0, 414] {
        for mode in CutMode.allCases {
            let request = TruncationRequest(text: demo.text, font: font(for: demo), width: width, lines: 3, cutMode: mode)
            try measure("cut \(demo.name) @\(Int(width)) \(mode.rawValue)") { _ = try engine.truncate(request) }
        }
    }
}

let vocabulary = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "東京", "서울", "🎉"]
var seed: UInt64 = 1
let megabyte = (0..<150_000).map { _ -> String in
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return vocabulary[Int((seed >> 33) % UInt64(vocabulary.count))]
}.joined(separator: " ")
var long = TruncationRequest(text: megabyte, width: 343, lines: 3)
long.countsAllLines = false
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph (cut only)", seconds: 2) { _ = try engine.truncate(long) }
long.countsAllLines = true
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph + count all lines", seconds: 3) {
    _ = try engine.truncate(long)
}

let templatesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Templates").standardized.path
let renderer = try CardRenderer()
let english = DemoText.all.first { $0.name == "en-cut" }!
for name in TemplateLoader(folders: [templatesFolder]).available() {
    var request = CardRequest(text: english.text, template: try TemplateLoader.load(path: "\(templatesFolder)/\(name).json"))
    for scale in [1, 3] {
        request.scale = scale
        try measure("render \(name) en-cut collapsed @\(scale)x") { _ = try renderer.render(request, state: .collapsed) }
    }
}

// PNG encoders on the same card pictures: SeeMore's settings, libpng's defaults, Cairo's own writer.
if filter == nil || "png".contains(filter!) || filter!.contains("png") {
    var pictures: [(String, RenderedCard)] = []
    for name in TemplateLoader(folders: [templatesFolder]).available() {
        var request = CardRequest(text: english.text, template: try TemplateLoader.load(path: "\(templatesFolder)/\(name).json"))
        request.scale = 2
        pictures.append((name, try renderer.render(request, state: .expanded)))
    }
    let surfaces = try pictures.map { try PNGBench.surface(from: $0.1.png) }
    for (label, settings) in [("seemore (level 6, RLE, sub/up/paeth)", PNGCodec.Settings.cards), ("libpng defaults", PNGCodec.Settings.libpngDefault)] {
        var bytes = 0
        try measure("png encode 5 cards @2x: \(label)") {
            bytes = try surfaces.reduce(0) { $0 + (try PNGBench.encode($1, settings: settings)).count }
        }
        print("    total size \(bytes) bytes")
    }
    var cairoBytes = 0
    try measure("png encode 5 cards @2x: cairo_surface_write_to_png") {
        cairoBytes = try surfaces.reduce(0) { $0 + (try PNGBench.cairoPNG($1)).count }
    }
    print("    total size \(cairoBytes) bytes")
}
