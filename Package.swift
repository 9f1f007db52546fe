// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SeeMore",
    products: [
        .library(name: "SeeMore", targets: ["SeeMore"]),
        .library(name: "SeeMoreTesting", targets: ["SeeMoreTesting"]),
        .library(name: "SeeMoreServer", targets: ["SeeMoreServer"]),
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
        .target(
            name: "CSupport",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        // The report page's style sheet and script are files of their own, compiled into the library.
        .target(
            name: "SeeMore", dependencies: ["CPangoCairo", "CSupport"],
            resources: [.embedInCode("Golden/Assets/report.css"), .embedInCode("Golden/Assets/report.js")]),
        // The command line, used only by the executables: flags, exit codes, process policy.
        .target(name: "SeeMoreCommandLine", dependencies: ["SeeMore"]),
        .target(name: "SeeMoreTesting", dependencies: ["SeeMore"]),
        .target(name: "SeeMoreServer", dependencies: ["SeeMore", "CSoup"], resources: [.embedInCode("Assets/playground.html")]),
        // `seemore serve` runs seemore-serve, the one program that links libsoup (and its 13 libraries):
        // every other command starts without loading them.
        .executableTarget(name: "seemore", dependencies: ["SeeMore", "SeeMoreCommandLine"]),
        .executableTarget(name: "seemore-serve", dependencies: ["SeeMore", "SeeMoreCommandLine", "SeeMoreServer"]),
        .executableTarget(name: "seemore-bench", dependencies: ["SeeMore"]),
        // The C floor `make bench` measures SeeMore against (Pango's own ellipsis, a card painted in C).
        .executableTarget(name: "seemore-cfloor", dependencies: ["CPangoCairo"], linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "SeeMoreTests", dependencies: ["SeeMore", "SeeMoreCommandLine", "seemore", "seemore-serve"]),
        .testTarget(
            name: "SeeMoreServerTests", dependencies: ["SeeMoreServer", "SeeMoreCommandLine", "seemore", "seemore-serve"]),
        .testTarget(name: "SeeMoreTestingTests", dependencies: ["SeeMoreTesting"], exclude: ["__Goldens__"]),
    ]
)
