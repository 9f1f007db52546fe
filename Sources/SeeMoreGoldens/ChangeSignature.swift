import SeeMoreCards
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// What changed in a failing case, said so that it does not depend on the case's font, width, theme
/// or scale: the key `ChangeGroups` puts cases with the same change together by, made from the layout
/// diff (the ending's text, the cut moving, lines, size) and from where the pixel diff lies on the
/// card (suffix, header, avatar, which lines, around the text) in points.
///
/// One figure varies inside a group and is kept apart from the key: how far the cut moved when the
/// change that moved it (a longer suffix) is in the key.
package struct ChangeSignature: Sendable, Equatable {
    /// The change in words, equal for cases whose change is the same:
    /// `the ending "… More" → "… Read more"`, `pixels changed in every line`, `taller; more lines`.
    package var key: String
    /// The case's template: a group never mixes templates, whose changes have causes of their own.
    package var template: String
    /// How far the cut moved, in `cutUnit`s, back when negative; nil when it did not move. In the key
    /// only as a direction ("the cut moved back") when nothing else in the key explains it.
    package var cutShift: Int?
    package var cutUnit: CutUnit = .word

    /// What a moved cut is counted in: words, or characters where it moved inside a word or in a
    /// script written without spaces.
    package enum CutUnit: String, Sendable, CaseIterable {
        case word, character
    }

    package init(key: String, template: String = "", cutShift: Int? = nil, cutUnit: CutUnit = .word) {
        self.key = key
        self.template = template
        self.cutShift = cutShift
        self.cutUnit = cutUnit
    }

    /// The signature of a compared case.
    /// - Parameters:
    ///   - diffImage: the pixel diff (red where pixels differ), for a case of unchanged size.
    ///   - metadata: the actual card's, for where its parts lie.
    ///   - scale: pixels per point of both images.
    ///   - images: the golden's and the actual card's pixels, when they have one size: the colors of a
    ///     change that is only the suffix's are read from them.
    static func of(
        outcome: GoldenOutcome, golden: LayoutSnapshot?, actual: LayoutSnapshot, diffImage: RGBAImage?, metadata: CardMetadata,
        scale: Int, images: (golden: RGBAImage, actual: RGBAImage)? = nil
    ) -> ChangeSignature {
        switch outcome {
        case .missing: return ChangeSignature(key: "new: no golden yet")
        case .crashed: return ChangeSignature(key: "not drawn: its worker died")
        case .unreadableGolden, .unsafeGolden, .oversizedGolden: return ChangeSignature(key: "a golden that cannot be used")
        case .passed: return ChangeSignature(key: "golden written by this run")
        case .sizeChanged, .layoutChanged, .pixelsChanged: break
        }
        var parts: [String] = []
        var signature = ChangeSignature(key: "")
        var explained = Explained()
        if let golden {
            let old = Fields(golden), new = Fields(actual)
            let layout = Self.layoutParts(old, new, into: &signature, explained: &explained)
            parts += layout
        } else if outcome == .layoutChanged {
            parts.append("no layout snapshot next to the golden")
        }
        if !explained.everything, let diffImage {
            let regions = PixelRegions(diff: diffImage, metadata: metadata, scale: scale, explained: explained, images: images)
            if let words = regions.description {
                if parts.isEmpty, words == "the suffix", let colors = regions.suffixColors {
                    // Two color edits are two changes: the group says which colors, and its ID differs.
                    parts.append("the suffix's color \(colors.golden) → \(colors.actual)")
                } else {
                    parts.append((parts.isEmpty ? "pixels changed in " : "pixels also changed in ") + words)
                }
            }
        }
        if parts.isEmpty { parts.append(outcome == .pixelsChanged ? "pixels changed" : "layout changed") }
        signature.key = parts.joined(separator: "; ")
        return signature
    }

    /// What the layout change accounts for in the pixel diff: those places are not said again.
    struct Explained {
        /// The card's size changed: every pixel may have moved.
        var everything = false
        /// Lines (0-based) whose text changed.
        var lines: Set<Int> = []
        /// The suffix's rectangles, golden's and actual's, in points, when the layout says the suffix changed.
        var suffix: [Rect] = []
    }

    /// The layout snapshot's fields.
    struct Fields {
        var size: (width: Double, height: Double)?
        var truncated: String?
        var suffix: Rect?
        var kept: String?
        var lines: [String] = []

        init(_ snapshot: LayoutSnapshot) {
            for line in snapshot.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("| ") {
                    lines.append(String(line.dropFirst(2)))
                } else if line.hasPrefix("size: ") {
                    let numbers = line.dropFirst(6).split(whereSeparator: { $0 == "×" || $0 == " " }).compactMap { Double($0) }
                    if numbers.count == 2 { size = (numbers[0], numbers[1]) }
                } else if line.hasPrefix("truncated: ") {
                    truncated = String(line.dropFirst(11))
                } else if line.hasPrefix("suffix: ") {
                    let numbers = line.dropFirst(8).split(separator: " ").compactMap { Double($0) }
                    if numbers.count == 4 { suffix = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) }
                } else if line.hasPrefix("kept: ") {
                    kept = String(line.dropFirst(6))
                }
            }
        }
    }

    /// The layout's part of the key, strongest change first; sets the cut's shift and what the pixels
    /// need not say again.
    private static func layoutParts(
        _ old: Fields, _ new: Fields, into signature: inout ChangeSignature, explained: inout Explained
    )
        -> [String]
    {
        var parts: [String] = []
        if let a = old.size, let b = new.size {
            if b.width != a.width { parts.append(b.width > a.width ? "wider" : "narrower") }
            if b.height != a.height { parts.append(b.height > a.height ? "taller" : "shorter") }
            explained.everything = b.width != a.width || b.height != a.height
        }
        if old.truncated != new.truncated, let now = new.truncated {
            parts.append(now == "true" ? "now cut" : "no longer cut")
        }
        let oldEnding = old.kept.flatMap {
            ending(kept: LayoutSnapshot.unescaped($0), lines: old.lines.map(LayoutSnapshot.unescaped))
        }
        let newEnding = new.kept.flatMap {
            ending(kept: LayoutSnapshot.unescaped($0), lines: new.lines.map(LayoutSnapshot.unescaped))
        }
        let endingChanged = oldEnding != nil && newEnding != nil && oldEnding != newEnding
        if endingChanged, let before = oldEnding, let after = newEnding {
            parts.append("the ending \(quoted(before)) → \(quoted(after))")
        }
        var cutMoved = false
        var textChanged = false
        if let a = old.kept, let b = new.kept, a != b {
            if old.truncated == "true" && new.truncated == "true", let (shift, unit) = cutShift(from: a, to: b) {
                signature.cutShift = shift
                signature.cutUnit = unit
                cutMoved = true
            } else if old.truncated == new.truncated {
                textChanged = true
            }
        }
        if cutMoved && !endingChanged { parts.append("the cut moved " + (signature.cutShift ?? 0 < 0 ? "back" : "forward")) }
        if textChanged { parts.append("the text changed") }
        if old.lines.count != new.lines.count { parts.append(new.lines.count > old.lines.count ? "more lines" : "fewer lines") }
        // A suffix that only moved with a card that grew or shrank moved because of it.
        let resized = old.suffix.flatMap { a in new.suffix.map { b in a.width != b.width || a.height != b.height } } ?? false
        if let a = old.suffix, let b = new.suffix, a != b, !endingChanged && !cutMoved && (resized || !explained.everything) {
            parts.append(resized ? "the suffix resized" : "the suffix moved")
        } else if (old.suffix == nil) != (new.suffix == nil), old.truncated == new.truncated {
            parts.append(new.suffix == nil ? "the suffix gone" : "a suffix added")
        }
        for index in 0..<max(old.lines.count, new.lines.count)
        where index >= old.lines.count || index >= new.lines.count || old.lines[index] != new.lines[index] {
            explained.lines.insert(index)
        }
        if !explained.lines.isEmpty && parts.isEmpty { parts.append("the lines break differently") }
        if endingChanged || cutMoved || old.suffix != new.suffix {
            explained.suffix = [old.suffix, new.suffix].compactMap { $0 }
        }
        return parts
    }

    /// The text the lines show after the kept text (the ellipsis and an inline suffix, "… More"), or nil
    /// when the lines do not start with the kept text or what follows is longer than a suffix is.
    static func ending(kept: String, lines: [String]) -> String? {
        let keptCharacters = Array(kept.filter { !$0.isWhitespace })
        let shown = Array(lines.joined(separator: "\n"))
        var matched = 0, index = 0
        while index < shown.count, matched < keptCharacters.count {
            let character = shown[index]
            if character.isWhitespace {
                index += 1
            } else if character == keptCharacters[matched] {
                matched += 1
                index += 1
            } else if (character == "-" || character == "\u{2010}"), index + 1 < shown.count, shown[index + 1] == "\n" {
                index += 1  // a hyphen the line break added
            } else {
                return nil
            }
        }
        guard matched == keptCharacters.count else { return nil }
        let rest = String(shown[index...]).replacing("\n", with: " ").trimmingWhitespace()
        return rest.count <= 40 ? rest : nil
    }

    /// How far the cut moved from kept text `old` to `new`, when one starts with the other: negative
    /// when fewer are kept; in words when it moved from one word boundary to another, else characters.
    static func cutShift(from old: String, to new: String) -> (Int, CutUnit)? {
        let (short, long, sign) = new.count < old.count ? (new, old, -1) : (old, new, 1)
        guard long.hasPrefix(short) else { return nil }
        let moved = long.dropFirst(short.count)
        let atBoundary = moved.first?.isWhitespace ?? true
        let unspaced = moved.unicodeScalars.contains { UnspacedScript.contains($0) }
        if atBoundary && !unspaced {
            return (sign * moved.split(whereSeparator: \.isWhitespace).count, .word)
        }
        return (sign * moved.filter { !$0.isWhitespace }.count, .character)
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}

/// Where a pixel diff's changed pixels lie on a card, in the card's parts, leaving out what the
/// layout change explains.
struct PixelRegions {
    /// The parts holding a share of the changed pixels, in words ("the suffix and every line"); nil
    /// when none does.
    let description: String?
    /// The suffix's color in the golden and now, "#RRGGBB": the colors most of its changed pixels have
    /// in each image (the glyphs' solid cores; anti-aliased edges are blends of many); nil without images
    /// or when the suffix did not change color.
    private(set) var suffixColors: (golden: String, actual: String)? = nil

    /// A part counts when it holds at least this share of the changed pixels (a stray anti-aliased
    /// pixel of a tall glyph in the next line's box does not make a change of its own).
    static let minimumShare = 0.03

    /// The most common RGB of an image (sampled on a grid: a card is mostly its background).
    static func mostCommonColor(_ image: RGBAImage) -> UInt64? {
        var counts: [UInt64: Int] = [:]
        let step = max(1, image.width * image.height / 4096)
        var index = 0
        while index < image.width * image.height {
            let offset = index * 4
            let rgb =
                UInt64(image.pixels[offset]) << 16 | UInt64(image.pixels[offset + 1]) << 8 | UInt64(image.pixels[offset + 2])
            counts[rgb, default: 0] += 1
            index += step
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    init(
        diff: RGBAImage, metadata: CardMetadata, scale: Int, explained: ChangeSignature.Explained,
        images: (golden: RGBAImage, actual: RGBAImage)? = nil
    ) {
        let scale = Double(max(scale, 1))
        let lines = metadata.lineBoxes
        let suffix = metadata.suffixRects + explained.suffix
        var inLine = [Int](repeating: 0, count: lines.count)
        var suffixCount = 0, header = 0, avatar = 0, elsewhere = 0, total = 0
        let pixels = diff.pixels
        /// The suffix's changed pixels by (golden color, actual color), RGB packed in 24 bits each.
        var suffixPairs: [UInt64: Int] = [:]
        let sameSize =
            images.map {
                $0.golden.width == diff.width && $0.actual.width == diff.width
                    && $0.golden.height == diff.height && $0.actual.height == diff.height
            } ?? false
        for y in 0..<diff.height {
            let py = (Double(y) + 0.5) / scale
            // The line whose box holds this row, if any (boxes are few, in order).
            let line = lines.firstIndex { py >= $0.y && py < $0.y + $0.height }
            for x in 0..<diff.width {
                let offset = (y * diff.width + x) * 4
                guard pixels[offset] == 255, pixels[offset + 1] == 0, pixels[offset + 2] == 0 else { continue }
                total += 1
                let px = (Double(x) + 0.5) / scale
                func inside(_ rect: Rect) -> Bool {
                    px >= rect.x && px < rect.x + rect.width && py >= rect.y && py < rect.y + rect.height
                }
                if suffix.contains(where: inside) {
                    suffixCount += 1
                    if sameSize, let images {
                        func rgb(_ image: RGBAImage) -> UInt64 {
                            UInt64(image.pixels[offset]) << 16 | UInt64(image.pixels[offset + 1]) << 8
                                | UInt64(image.pixels[offset + 2])
                        }
                        suffixPairs[rgb(images.golden) << 24 | rgb(images.actual), default: 0] += 1
                    }
                } else if let rect = metadata.avatarRect, inside(rect) {
                    avatar += 1
                } else if let rect = metadata.headerRect, inside(rect) {
                    header += 1
                } else if let line, inside(lines[line]) {
                    inLine[line] += 1
                } else {
                    elsewhere += 1
                }
            }
        }
        let least = max(1, Int((Double(total) * Self.minimumShare).rounded(.up)))
        var parts: [String] = []
        if avatar >= least { parts.append("the avatar") }
        if header >= least { parts.append("the header") }
        let changedLines = inLine.indices.filter { inLine[$0] >= least && !explained.lines.contains($0) }
        let unexplained = lines.indices.filter { !explained.lines.contains($0) }
        if !changedLines.isEmpty {
            if changedLines.count == unexplained.count && unexplained.count > 1 {
                parts.append(explained.lines.isEmpty ? "every line" : "the other lines")
            } else if changedLines == [lines.count - 1] {
                parts.append("the last line")
            } else if changedLines == [0] {
                parts.append("the first line")
            } else {
                parts.append("some lines")
            }
        }
        if suffixCount >= least && explained.suffix.isEmpty { parts.append("the suffix") }
        if elsewhere >= least { parts.append("the card around the text") }
        // The pair whose golden pixel is farthest from the card's background (the golden's most common
        // color): the most covered pixel of the glyphs, whose color is the text's (edges are blends).
        let background = images.flatMap { Self.mostCommonColor($0.golden) } ?? 0xFFFFFF
        func distance(_ color: UInt64) -> Int {
            let parts = [16, 8, 0].map { (Int((color >> UInt64($0)) & 0xFF), Int((background >> UInt64($0)) & 0xFF)) }
            return parts.reduce(0) { $0 + abs($1.0 - $1.1) }
        }
        if let (pair, _) = suffixPairs.max(by: { (distance($0.key >> 24), $1.key) < (distance($1.key >> 24), $0.key) }) {
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16, uppercase: true)
                return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            }
            let (old, new) = (pair >> 24, pair & 0xFF_FFFF)
            if old != new { suffixColors = (hex(old), hex(new)) }
        }
        switch parts.count {
        case 0: description = nil
        case 1: description = parts[0]
        default: description = parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        }
    }
}
