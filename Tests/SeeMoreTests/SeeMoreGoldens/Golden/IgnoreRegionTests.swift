import Foundation
@testable import SeeMoreGoldens
@testable import SeeMoreImage
import Testing

/// `ignore`: parts of a card whose pixels never fail its case, masked in both images and hatched in
/// the diff, while a change of layout is still a change.
@Suite struct IgnoreRegionTests {
    /// The suffix's color changed: its two collapsed cases fail on pixels unless the suffix is ignored.
    @Test func anIgnoredSuffix_hidesItsPixelChange_andOtherRegionsDoNot() throws {
        let suffix = try ToleranceTests.changed(suite: "", matrix: #""ignore": ["suffix"]"#)
        #expect(try GoldenRunner.run(suffix, options: try GoldenFixtures.options(.never)).failures.isEmpty)
        // A part inline-more does not have, and a corner far from the suffix, hide nothing.
        let elsewhere = try ToleranceTests.changed(
            suite: "", matrix: #""ignore": ["avatar", {"x": 0, "y": 0, "width": 4, "height": 4}]"#)
        #expect(
            try GoldenRunner.run(elsewhere, options: try GoldenFixtures.options(.never)).failures.map(\.name)
                == ToleranceTests.failing)
    }

    @Test func aCasesEntry_ignoresForTheCasesItMatches_andTheDiffShowsItHatched() throws {
        let suite = try ToleranceTests.changed(
            suite:
                #""cases": [{"match": "*@200.light.collapsed", "ignore": ["suffix"]}, {"match": "*@300.light.collapsed", "ignore": [{"x": 0, "y": 0, "width": 10, "height": 5}]}]"#
        )
        let options = try GoldenFixtures.options(.never)
        let summary = try GoldenRunner.run(suite, options: options)
        #expect(summary.failures.map(\.name) == [ToleranceTests.failing[1]])
        // The failing case's corner was not compared: its diff is hatched there, at 1× 10 × 5 pixels.
        let failing = try #require(summary.failures.first)
        let diffPath = try #require(failing.artifacts["diff"])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: options.artifactsFolder + "/" + diffPath)))
        let diff = try PNGCodec.decode(bytes, maximumPixels: 4_000_000)
        func gray(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.pixels[((y * diff.width + x) * 4)...].prefix(4)) }
        #expect(gray(0, 0) == [0x90, 0x90, 0x90, 0xFF])
        #expect(gray(4, 0) == [0xE8, 0xE8, 0xE8, 0xFF])
        #expect(gray(7, 1) == [0x90, 0x90, 0x90, 0xFF] && gray(9, 4) == [0xE8, 0xE8, 0xE8, 0xFF])
        #expect(gray(10, 0) != [0xE8, 0xE8, 0xE8, 0xFF] && gray(0, 5) != [0x90, 0x90, 0x90, 0xFF])
    }

    /// A longer suffix moves the cut: ignoring the suffix's pixels does not hide that.
    @Test func aLayoutChange_isStillReported() throws {
        let json = GoldenFixtures.suiteJSON.replacingOccurrences(
            of: "\"widths\": [200, 300] }", with: "\"widths\": [200, 300], \"ignore\": [\"suffix\", \"body\"] }")
        let summary = try ChangeGroupsTests.checkAfterEditing(
            ["inline-more": { $0.replacingOccurrences(of: "\"text\": \"More\"", with: "\"text\": \"Read more\"") }], suite: json)
        #expect(!summary.failures.isEmpty)
        #expect(
            summary.failures.allSatisfy { $0.outcome == .layoutChanged || $0.outcome == .sizeChanged },
            "\(summary.failures.map(\.message))")
    }

    @Test(arguments: [
        (#""ignore": ["footer"]"#, "must be one of header, avatar, suffix, body or {x, y, width, height}, not 'footer'"),
        (#""ignore": [{"x": 0, "y": 0, "width": 10}]"#, "height"),
        (#""ignore": [{"x": -1, "y": 0, "width": 10, "height": 10}]"#, "must be from 0 to 100000, not -1"),
        (#""ignore": [{"x": 0, "y": 0, "width": 10, "height": 10, "depth": 1}]"#, "unknown field"),
        (#""ignore": "suffix""#, "ignore"),
        ("\"ignore\": [" + Array(repeating: "\"body\"", count: 65).joined(separator: ",") + "]", "at most 64 regions, not 65"),
    ])
    func badRegions_areRefusedByName(matrix: String, message: String) throws {
        do {
            _ = try ToleranceTests.changed(suite: "", matrix: matrix)
            Issue.record("\(matrix) was accepted")
        } catch let error as SuiteError {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func regionsBecomeWholePixels_grownOutward_andClipped() {
        let rects = IgnoreRegion.pixelRects(
            [
                .init(x: 1.5, y: 0.25, width: 2, height: 1), .init(x: 90, y: 0, width: 50, height: 500),
                .init(x: 200, y: 0, width: 5, height: 5),
            ],
            scale: 2, width: 200, height: 100)
        #expect(rects == [PixelRect(x: 3, y: 0, width: 4, height: 3), PixelRect(x: 180, y: 0, width: 20, height: 100)])
    }
}
