// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SeeMore",
    products: [
        .library(name: "SeeMore", targets: ["SeeMore"]),
        .library(name: "SeeMoreTesting", targets: ["SeeMoreTesting"]),
        .executable(name: "seemore", targets: ["seemore"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .target(
            name: "CSupport",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(name: "SeeMore", dependencies: ["CPangoCairo", "CSupport"]),
        .target(name: "SeeMoreTesting", dependencies: ["SeeMore"]),
        .executableTarget(name: "seemore", dependencies: ["SeeMore"]),
        .executableTarget(name: "seemore-bench", dependencies: ["SeeMore"]),
        .testTarget(name: "SeeMoreTests", dependencies: ["SeeMore", "seemore"]),
        .testTarget(name: "SeeMoreTestingTests", dependencies: ["SeeMoreTesting"], exclude: ["__Goldens__"]),
    ]
)
