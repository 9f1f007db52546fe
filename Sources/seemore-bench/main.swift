// Benchmarks: `make bench` (release build). An argument runs only the benchmarks whose name contains it.
import Foundation
import SeeMore
import SeeMoreBench

// The speed table: SeeMore beside the C floor (`make bench ARGS=table`, or with no filter).
// `ARGS=parallel`: only its rows on processes side by side (batch and serve, with one and two workers).
if Bench.filter == "parallel" {
    var rows = ParallelRows(seemore: Bench.binaries + "/seemore")
    try rows.run()
    print("| what | SeeMore | C floor | ratio | goal |")
    print("|---|---|---|---|---|")
    for row in rows.rows { print("| \(row.what) | \(row.seemore) | \(row.floor) | \(row.ratio) | \(row.goal) |") }
    exit(0)
}
if Bench.filter == nil || Bench.filter == "table" {
    let texts = Int(ProcessInfo.processInfo.environment["SEEMORE_BENCH_TEXTS"] ?? "") ?? 100
    var table = SpeedTable()
    try table.run(texts: texts)
    if Bench.filter == "table" { exit(0) }
}

if Bench.filter == "scan-languages" {
    try ScanBench().languageRows()
    exit(0)
}
if Bench.filter.map({ $0.hasPrefix("scan") }) ?? true {
    try ScanBench().run()
    if Bench.filter != nil { exit(0) }
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
        // As a card asks: the full line count is never shown, so not counted past the cut's lines.
        var uncounted = TruncationRequest(text: demo.text, font: font(for: demo), width: width, lines: 3)
        uncounted.fullCountLimit = 0
        try measure("cut (lines not counted) \(demo.name) @\(Int(width)) word") { _ = try engine.truncate(uncounted) }
    }
}

// Hebrew alone (its third line goes one way): the speed table's he-cut.
let hebrew =
    "השקנו היום את תהליך ההצטרפות החדש! תודה ענקית לכל מי שבדק את הגרסאות המוקדמות ודיווח על באגים בשתיים בלילה, ולכל מי שדאג שהקפה לא ייגמר"
for width in [240.0, 414] {
    var request = TruncationRequest(text: hebrew, font: "DejaVu Sans 15", width: width, lines: 3)
    request.fullCountLimit = 0
    try measure("cut (lines not counted) he-cut @\(Int(width)) word") { _ = try engine.truncate(request) }
}

let vocabulary = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "東京", "서울", "🎉"]
var seed: UInt64 = 1
let megabyte = (0..<150_000).map { _ -> String in
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return vocabulary[Int((seed >> 33) % UInt64(vocabulary.count))]
}.joined(separator: " ")
var long = TruncationRequest(text: megabyte, width: 343, lines: 3)
long.fullCountLimit = 0
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph (cut only)", seconds: 2) { _ = try engine.truncate(long) }
long.fullCountLimit = nil
try measure("cut a \(megabyte.utf8.count / 1000) KB paragraph + count all lines", seconds: 3) {
    _ = try engine.truncate(long)
}

let templatesFolder = Bench.templatesFolder
let renderer = try CardRenderer()
let english = DemoText.all.first { $0.name == "en-cut" }!
for name in TemplateLoader(folders: [templatesFolder]).available() {
    var request = CardRequest(text: english.text, template: try TemplateLoader.load(path: "\(templatesFolder)/\(name).json"))
    for scale in [1, 3] {
        request.scale = scale
        try measure("render \(name) en-cut collapsed @\(scale)x") { _ = try renderer.render(request, state: .collapsed) }
    }
}

// A golden check of the repository's suite, on 1 and 2 threads.
let suitePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../golden-images/suite.json"
).standardized.path
if Bench.filter.map({ $0.hasPrefix("check") }) ?? true,
    let suite = try? GoldenSuite.load(path: suitePath, templatesFolder: templatesFolder)
{
    for jobs in [1, 2] {
        var options = CheckOptions(record: .never, artifactsFolder: NSTemporaryDirectory() + "seemore-bench-artifacts")
        options.jobs = jobs
        try measure("check the repository's \(suite.cases.count) goldens, --jobs \(jobs)", seconds: 4) {
            _ = try GoldenRunner.run(suite, options: options)
        }
    }
}

// PNG encoders on the same card pictures: SeeMore's settings, libpng's defaults, Cairo's own writer.
if Bench.filter == nil || Bench.filter!.contains("png") {
    var surfaces: [PNGBench.Surface] = []
    for name in TemplateLoader(folders: [templatesFolder]).available() {
        for scale in [1, 2] {
            for state in CardState.allCases {
                var request = CardRequest(
                    text: english.text, template: try TemplateLoader.load(path: "\(templatesFolder)/\(name).json"))
                request.scale = scale
                surfaces.append(try PNGBench.surface(from: try renderer.render(request, state: state).png))
            }
        }
    }
    let cairoSizes = try surfaces.map { try PNGBench.cairoPNG($0).count }
    try measure("png encode \(surfaces.count) cards: cairo_surface_write_to_png") {
        _ = try surfaces.map { try PNGBench.cairoPNG($0) }
    }
    print("    total \(cairoSizes.reduce(0, +)) bytes")
    let candidates: [(String, PNGCodec.Settings)] = [
        ("seemore: level 3, no filter", .cards),
        ("libpng defaults", .libpngDefault),
        (
            "level 2, no filter",
            PNGCodec.Settings(level: 2, strategy: PNGCodec.Settings.cards.strategy, filters: PNGCodec.Settings.cards.filters)
        ),
        (
            "level 6, no filter",
            PNGCodec.Settings(level: 6, strategy: PNGCodec.Settings.cards.strategy, filters: PNGCodec.Settings.cards.filters)
        ),
    ]
    for (label, settings) in candidates {
        try measure("png encode \(surfaces.count) cards: \(label)") {
            _ = try surfaces.map { try PNGBench.encode($0, settings: settings) }
        }
        let sizes = try surfaces.map { try PNGBench.encode($0, settings: settings).count }
        let worst = zip(sizes, cairoSizes).map { Double($0) / Double($1) }.max() ?? 0
        print("    total \(sizes.reduce(0, +)) bytes, largest file \(String(format: "%.1f", worst * 100))% of Cairo's")
    }
}

// Golden encoders on the repository's goldens: zlib level 9 (libpng) against libdeflate 6, 9 and 12.
if Bench.filter == nil || Bench.filter!.contains("golden-encoders") {
    let folder = Bench.package + "/golden-images"
    let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
        $0.hasSuffix(".png")
    }.sorted()
    let images = try paths.map { try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))) }
    // Zlib 9 without a palette is what goldens were; `PNGCodec.Settings.goldens` is zlib 7 + palette.
    var candidates: [(String, (RGBAImage) throws -> [UInt8])] = []
    for level: Int32 in [6, 7, 8, 9] {
        for palette in [false, true] {
            var settings = PNGCodec.Settings.goldens
            settings.level = level
            settings.palette = palette
            let goldens = settings == .goldens ? " (goldens)" : ""
            candidates.append(
                (
                    "zlib \(level)\(palette ? " + palette" : "")\(goldens)",
                    { try PNGCodec.encode($0, scale: 1, settings: settings) }
                ))
        }
    }
    for level: Int32 in [6, 9, 10] {
        candidates.append(("libdeflate \(level)", { try PNGBench.libdeflate($0, level: level) }))
    }
    for (label, encode) in candidates {
        var total = 0
        try measure("golden-encoders: \(images.count) goldens, \(label)", seconds: 3) {
            total = try images.reduce(0) { $0 + (try encode($1)).count }
        }
        print("    total \(total) bytes")
    }
}

// Decoding the repository's goldens, as a check reads each before comparing pixels (the kinds SeeMore
// writes by libdeflate's inflate), and by libpng alone.
if Bench.filter == nil || Bench.filter!.contains("golden-decode") {
    let folder = Bench.package + "/golden-images"
    let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
        $0.hasSuffix(".png")
    }.sorted()
    let files = try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
    var pixels = 0
    try measure("golden-decode: \(files.count) goldens") {
        pixels = try files.reduce(0) { $0 + (try PNGCodec.decode($1)).pixels.count / 4 }
    }
    print("    \(pixels) pixels, \(files.reduce(0) { $0 + $1.count }) bytes")
    try measure("golden-decode: \(files.count) goldens, libpng alone") {
        pixels = files.reduce(0) { $0 + PNGBench.libpngPixelCount($1) }
    }
}
