import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
import Testing

/// Change groups: failing cases put together by what changed, whatever their font, width, theme or
/// scale, and apart when their changes differ.
@Suite struct ChangeGroupsTests {
    /// The fixture suite recorded with copies of the templates, the copies then edited by `edit`
    /// (template name → the edit of its JSON), and checked again.
    static func checkAfterEditing(_ edit: [String: (String) -> String], suite json: String = GoldenFixtures.suiteJSON) throws
        -> CheckSummary
    {
        let suitePath = try GoldenFixtures.suiteFile(json)
        let templates = URL(fileURLWithPath: suitePath).deletingLastPathComponent().path + "/templates"
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        for name in CardFixtures.templateNames {
            try FileManager.default.copyItem(
                atPath: "\(CardFixtures.templatesFolder)/\(name).json", toPath: "\(templates)/\(name).json")
        }
        _ = try GoldenRunner.run(
            try GoldenSuite.load(path: suitePath, templatesFolder: templates), options: try GoldenFixtures.options(.missing))
        for (name, change) in edit {
            let path = "\(templates)/\(name).json"
            let before = try String(contentsOfFile: path, encoding: .utf8)
            let after = change(before)
            try #require(after != before, "the edit of \(name) changed nothing")
            try after.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return try GoldenRunner.run(
            try GoldenSuite.load(path: suitePath, templatesFolder: templates), options: try GoldenFixtures.options(.never))
    }

    @Test func aLongerSuffix_isOneGroup_acrossWidths_withTheCutsMovesCounted() throws {
        let summary = try Self.checkAfterEditing([
            "inline-more": { $0.replacingOccurrences(of: "\"text\": \"More\"", with: "\"text\": \"Read more\"") }
        ])
        let groups = summary.changeGroups.groups
        #expect(summary.failures.count >= 2)
        #expect(groups.count == 1, "\(groups.map(\.sentence))")
        let group = try #require(groups.first)
        #expect(group.members.count == summary.failures.count)
        #expect(group.template == "inline-more")
        #expect(group.change.hasPrefix("the ending \"… More\" → \"… Read more\""), "\(group.change)")
        #expect(Set(group.names).count == group.members.count)
        #expect(group.names.contains(group.representativeName))
        // Every failing result points at its group.
        for position in summary.results.indices where summary.results.facts(position).failed {
            #expect(summary.changeGroups.group(ofResultAt: position)?.id == group.id)
        }
    }

    /// A change at each text size (and in each locale, each pseudo-locale) is a group of its own,
    /// named by it: the review says where a change shows.
    @Test func eachTextSize_isAGroupOfItsOwn() throws {
        let summary = try Self.checkAfterEditing(
            ["inline-more": { $0.replacingOccurrences(of: "\"text\": \"More\"", with: "\"text\": \"Read more\"") }],
            suite: """
                {"texts": {"post": "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds and kept the coffee coming."},
                 "matrices": [{"templates": ["inline-more"], "texts": ["post"], "widths": [240, 320], "textSizes": ["large", "AX3"]}]}
                """)
        let groups = summary.changeGroups.groups
        #expect(Set(groups.map(\.template)) == ["inline-more (large)", "inline-more (AX3)"], "\(groups.map(\.sentence))")
        #expect(groups.allSatisfy { $0.change.contains("Read more") }, "\(groups.map(\.change))")
        #expect(
            groups.allSatisfy { group in
                group.names.allSatisfy { $0.contains("." + group.template.dropFirst(13).dropLast() + ".") }
            })
    }

    /// Two edits of the suffix's color are two changes: each group names its colors, and their IDs differ.
    @Test func twoSuffixColors_areTwoGroups_namingTheirColors() throws {
        let red = try Self.checkAfterEditing(["inline-more": { $0.replacingOccurrences(of: "#0095F6", with: "#D0342C") }])
        let green = try Self.checkAfterEditing(["inline-more": { $0.replacingOccurrences(of: "#0095F6", with: "#1E8E3E") }])
        let (one, other) = (try #require(red.changeGroups.groups.first), try #require(green.changeGroups.groups.first))
        #expect(one.change == "the suffix's color #0095F6 → #D0342C" && other.change == "the suffix's color #0095F6 → #1E8E3E")
        #expect(one.id != other.id)
    }

    @Test func aMixedChange_formsSeparateGroups() throws {
        // A color in one template, a font size in another.
        let summary = try Self.checkAfterEditing([
            "inline-more": { $0.replacingOccurrences(of: "#0095F6", with: "#D0342C") },
            "x": { $0.replacingOccurrences(of: "\"font\": \"DejaVu Sans Bold 15\"", with: "\"font\": \"DejaVu Sans Bold 19\"") },
        ])
        let groups = summary.changeGroups.groups
        let inline = groups.filter { $0.template == "inline-more" }, x = groups.filter { $0.template == "x" }
        #expect(inline.count == 1 && x.count >= 1 && inline.count + x.count == groups.count, "\(groups.map(\.sentence))")
        #expect(inline.first?.change == "the suffix's color #0095F6 → #D0342C", "\(inline.map(\.sentence))")
        #expect(x.allSatisfy { $0.change.hasPrefix("taller") }, "\(x.map(\.sentence))")
        #expect(groups.reduce(0) { $0 + $1.members.count } == summary.failures.count)
        // IDs are stable: the same change checked again has the same groups.
        let again = try Self.checkAfterEditing([
            "inline-more": { $0.replacingOccurrences(of: "#0095F6", with: "#D0342C") },
            "x": { $0.replacingOccurrences(of: "\"font\": \"DejaVu Sans Bold 15\"", with: "\"font\": \"DejaVu Sans Bold 19\"") },
        ])
        #expect(again.changeGroups.groups.map(\.id) == groups.map(\.id))
        #expect(Set(groups.map(\.id)).count == groups.count)
    }

    @Test func reportJSON_listsTheGroups_andEachFailingCaseNamesItsGroup() throws {
        let summary = try Self.checkAfterEditing(["inline-more": { $0.replacingOccurrences(of: "#0095F6", with: "#D0342C") }])
        let path = try #require(summary.reportPath).replacingOccurrences(of: "index.html", with: "report.json")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let groups = try #require(report["groups"] as? [[String: Any]])
        #expect(groups.count == summary.changeGroups.groups.count)
        let first = try #require(groups.first)
        #expect((first["cases"] as? [String])?.count == first["count"] as? Int)
        #expect((first["sentence"] as? String)?.hasPrefix("inline-more: the suffix's color #0095F6 → ") == true)
        let cases = try #require(report["cases"] as? [[String: Any]])
        for entry in cases {
            let failed = entry["failed"] as? Bool == true
            #expect((entry["changeGroup"] as? String != nil) == failed, "\(entry["name"] ?? "")")
        }
        // The page holds the same groups.
        let page = try String(contentsOfFile: try #require(summary.reportPath), encoding: .utf8)
        #expect(page.contains("\"groups\":[{\"id\":\"\(first["id"] as? String ?? "?")\""))
    }

    // MARK: The signature's parts

    @Test func theEnding_isWhatTheLinesShowAfterTheKeptText() {
        #expect(
            ChangeSignature.ending(kept: "We shipped the new onboarding", lines: ["We shipped the", "new onboarding… More"])
                == "… More")
        #expect(ChangeSignature.ending(kept: "吾輩は猫である。名前", lines: ["吾輩は猫で", "ある。名前… 続きを読む"]) == "… 続きを読む")
        // A hyphen the break added is not text.
        #expect(ChangeSignature.ending(kept: "hyphenation rules", lines: ["hyphen-", "ation rules…"]) == "…")
        #expect(ChangeSignature.ending(kept: "all of it", lines: ["all of it"]) == "")
        // Lines that do not start with the kept text have no ending to tell.
        #expect(ChangeSignature.ending(kept: "something else", lines: ["all of it"]) == nil)
    }

    @Test func theCutsMove_isCountedInWords_orInCharactersInsideAWord() {
        #expect(ChangeSignature.cutShift(from: "tested the early builds, filed", to: "tested the early builds,")! == (-1, .word))
        #expect(ChangeSignature.cutShift(from: "a b", to: "a b c d")! == (2, .word))
        #expect(ChangeSignature.cutShift(from: "utm_source=newsletter", to: "utm_source=newsl")! == (-5, .character))
        #expect(ChangeSignature.cutShift(from: "所でニャーニャー", to: "所でニャー")! == (-3, .character))
        #expect(ChangeSignature.cutShift(from: "one two", to: "three") == nil)
    }

    @Test func pixelsOnly_sayWhichPartOfTheCardChanged_inPoints_atEveryScale() throws {
        for scale in [1, 3] {
            var metadata = CardMetadata(
                pixelWidth: 100 * scale, pixelHeight: 60 * scale, width: 100, height: 60, truncated: true, kept: "", lineCount: 2,
                lines: ["a", "b"], suffixRect: Rect(x: 60, y: 30, width: 30, height: 20), fonts: [], fontFallback: false,
                fontSubstitutions: [], unknownGlyphs: 0)
            metadata.suffixRects = [Rect(x: 60, y: 30, width: 30, height: 20)]
            metadata.lineBoxes = [Rect(x: 10, y: 10, width: 80, height: 20), Rect(x: 10, y: 30, width: 80, height: 20)]
            metadata.headerRect = Rect(x: 10, y: 0, width: 80, height: 10)
            func diff(red rects: [Rect]) -> RGBAImage {
                var pixels = [UInt8](repeating: 200, count: 100 * scale * 60 * scale * 4)
                for y in 0..<(60 * scale) {
                    for x in 0..<(100 * scale) {
                        let point = (Double(x) / Double(scale), Double(y) / Double(scale))
                        guard
                            rects.contains(where: {
                                point.0 >= $0.x && point.0 < $0.x + $0.width && point.1 >= $0.y && point.1 < $0.y + $0.height
                            })
                        else { continue }
                        let offset = (y * 100 * scale + x) * 4
                        (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (255, 0, 0)
                    }
                }
                return RGBAImage(width: 100 * scale, height: 60 * scale, pixels: pixels)!
            }
            func words(_ rects: [Rect]) -> String? {
                PixelRegions(diff: diff(red: rects), metadata: metadata, scale: scale, explained: .init()).description
            }
            #expect(words([Rect(x: 65, y: 35, width: 10, height: 10)]) == "the suffix")
            #expect(words([Rect(x: 12, y: 12, width: 40, height: 30)]) == "every line")
            #expect(words([Rect(x: 12, y: 32, width: 20, height: 10)]) == "the last line")
            #expect(
                words([Rect(x: 12, y: 2, width: 20, height: 5), Rect(x: 65, y: 35, width: 10, height: 10)])
                    == "the header and the suffix")
            #expect(words([Rect(x: 0, y: 55, width: 100, height: 5)]) == "the card around the text")
            #expect(words([]) == nil)
        }
    }
}
