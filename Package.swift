// swift-tools-version:6.0
import PackageDescription

// The modules `import SeeMore` re-exports. A target that imports SeeMore also depends on each of them
// directly: SwiftPM rebuilds a target when a module it depends on changes, but not when a module
// re-exported through another one does, so a private stored property added to a class of SeeMoreText
// (which changes its size, not SeeMore's interface) left the command line built for the old size,
// and an incremental release build wrote past the objects it allocated
// (swiftlang/swift#89636, swiftlang/swift-package-manager#10502).
let library: [Target.Dependency] = [
    "SeeMoreSupport", "SeeMoreImage", "SeeMoreText", "SeeMoreCatalog", "SeeMoreCards", "SeeMoreWorkers",
    "SeeMoreGoldens", "SeeMoreScan", "SeeMoreWeb", "SeeMoreCompare",
]

let package = Package(
    name: "SeeMore",
    products: [
        .library(name: "SeeMore", targets: ["SeeMore"]),
        .library(name: "SeeMoreTesting", targets: ["SeeMoreTesting"]),
        .executable(name: "seemore", targets: ["seemore"]),
        .executable(name: "seemore-serve", targets: ["seemore-serve"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Android's strings.xml read with libxml2, behind a header without libxml2's (which include the
        // system's ICU, whose declarations clash with Foundation's in a Swift module).
        .target(name: "CXMLStrings", dependencies: ["CLibXML2"]),
        .target(
            name: "CSupport",
            linkerSettings: [
                .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("icuuc"),
                .linkedLibrary("nettle"),
            ]
        ),
        // What only `make bench` and the tests measure SeeMore against (libdeflate's PNG, Cairo's PNG
        // writer): no product links it.
        .target(name: "CBench", linkerSettings: [.linkedLibrary("deflate")]),
        .target(
            name: "SeeMoreBench", dependencies: ["SeeMoreImage", "SeeMoreText", "CPangoCairo", "CBench", "CSupport"]),
        // The library, one concept a module, each importing only those below it (docs/architecture.md).
        // What every module needs of the system: locks, threads, processes, files, JSON, binary records.
        .target(name: "SeeMoreSupport", dependencies: ["CGLib", "CSupport"]),
        // Pixels: colors, RGBA images, the PNG codec.
        .target(name: "SeeMoreImage", dependencies: ["SeeMoreSupport", "CSupport"]),
        // Text laid out, cut and drawn: the one module that imports Pango and Cairo (and ICU for line breaks).
        .target(name: "SeeMoreText", dependencies: ["SeeMoreSupport", "SeeMoreImage", "CPangoCairo", "CSupport"]),
        // A team's string catalogs (String Catalogs, .strings, strings.xml, .arb, .po, i18next) by locale and key.
        .target(name: "SeeMoreCatalog", dependencies: ["SeeMoreSupport", "SeeMoreText", "CXMLStrings"]),
        // Cards: templates, requests, planning and painting, the contact sheet.
        .target(name: "SeeMoreCards", dependencies: ["SeeMoreSupport", "SeeMoreImage", "SeeMoreText", "SeeMoreCatalog"]),
        // Worker processes: the pool and the jobs SeeMore's programs give them.
        .target(name: "SeeMoreWorkers", dependencies: ["SeeMoreSupport", "SeeMoreText", "SeeMoreCatalog", "SeeMoreCards"]),
        // Goldens: suites, the check, comparison, approve and prune, the report (its style sheet and
        // script are files of their own, compiled in).
        .target(
            name: "SeeMoreGoldens",
            dependencies: [
                "SeeMoreSupport", "SeeMoreImage", "SeeMoreText", "SeeMoreCatalog", "SeeMoreCards", "SeeMoreWorkers", "CSupport",
            ],
            resources: [.embedInCode("Assets/report.css"), .embedInCode("Assets/report.js")]),
        // Corpus scans: how a design's cut behaves over many real texts (`seemore scan`).
        .target(
            name: "SeeMoreScan",
            dependencies: ["SeeMoreSupport", "SeeMoreText", "SeeMoreCatalog", "SeeMoreCards", "SeeMoreWorkers"]),
        // Headless Chromium as a second engine: lines as the browser breaks them.
        .target(name: "SeeMoreWeb", dependencies: ["SeeMoreSupport"]),
        // SeeMore's lines beside the browser's for a corpus: `seemore compare --web`.
        .target(
            name: "SeeMoreCompare",
            dependencies: ["SeeMoreSupport", "SeeMoreText", "SeeMoreCards", "SeeMoreWorkers", "SeeMoreScan", "SeeMoreWeb"]),
        // `import SeeMore`: every module of the library above.
        .target(
            name: "SeeMore",
            dependencies: library),
        // The command line, used only by the executables: flags, exit codes, process policy.
        .target(name: "SeeMoreCommandLine", dependencies: ["SeeMore"] + library),
        .target(name: "SeeMoreTesting", dependencies: ["SeeMore"] + library),
        .target(
            name: "SeeMoreServer", dependencies: ["SeeMore", "CSoup"] + library,
            resources: [.embedInCode("Assets/playground.html")]),
        // `seemore serve` runs seemore-serve, the one program that links libsoup (and its 13 libraries):
        // every other command starts without loading them.
        .executableTarget(name: "seemore", dependencies: ["SeeMore", "SeeMoreCommandLine"] + library),
        .executableTarget(name: "seemore-serve", dependencies: ["SeeMore", "SeeMoreCommandLine", "SeeMoreServer"] + library),
        .executableTarget(name: "seemore-bench", dependencies: ["SeeMore", "SeeMoreBench"] + library),
        // The C floor `make bench` measures SeeMore against (Pango's own ellipsis, a card painted in C, a
        // golden read, decoded with SeeMore's C decoder and compared).
        .executableTarget(
            name: "seemore-cfloor", dependencies: ["CPangoCairo", "CSupport"], linkerSettings: [.linkedLibrary("m")]),
        .testTarget(
            name: "SeeMoreTests",
            dependencies: ["SeeMore", "SeeMoreCommandLine", "SeeMoreBench", "seemore", "seemore-serve"] + library),
        .testTarget(
            name: "SeeMoreServerTests",
            dependencies: ["SeeMoreServer", "SeeMoreCommandLine", "seemore", "seemore-serve"] + library),
        .testTarget(name: "SeeMoreTestingTests", dependencies: ["SeeMoreTesting"] + library, exclude: ["__Goldens__"]),
    ]
)
