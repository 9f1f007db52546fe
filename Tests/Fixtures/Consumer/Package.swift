// swift-tools-version:6.0
// A package that depends on SeeMore by path, as a user's would: `make test` builds and tests it to
// prove that the README's assertCardSnapshot example works verbatim from another package, and that the
// library's public declarations alone render a card, cut a text, check a suite and scan a corpus.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is whatever the checkout is called.
let seeMore = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: seeMore.path)],
    targets: [
        .testTarget(
            name: "ConsumerTests",
            dependencies: [.product(name: "SeeMoreTesting", package: seeMore.lastPathComponent)],
            exclude: ["__Goldens__"]
        ),
        .testTarget(
            name: "LibraryTests",
            dependencies: [.product(name: "SeeMore", package: seeMore.lastPathComponent)]
        ),
    ]
)
