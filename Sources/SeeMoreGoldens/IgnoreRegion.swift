import FoundationEssentials
import SeeMoreCards
import SeeMoreImage
import SeeMoreSupport

/// A part of a card whose pixels never fail its case (a matrix's or a case's `ignore`): a rect in
/// points, or a named part the card's layout locates in every font, width and scale. Its pixels are
/// masked in both the golden and the actual image before they are compared, and hatched in the diff;
/// a change of layout is still a change.
public enum IgnoreRegion: Sendable, Equatable, Decodable {
    /// The named parts, as the card's metadata places them.
    public enum Part: String, Sendable, CaseIterable {
        case header, avatar, suffix, body
    }

    case rect(Rect)
    case part(Part)

    /// Regions of one case, at most: each is painted over both images.
    static let maximumCount = 64
    /// A rect's figures are bounded: no card is larger.
    static let maximumCoordinate = 100_000.0

    enum CodingKeys: String, CodingKey, CaseIterable { case x, y, width, height }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard let part = Part(rawValue: name) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "must be one of \(Part.allCases.map(\.rawValue).joined(separator: ", ")) or {x, y, width, height}, not '\(LogText.escaped(String(name.prefix(64))))'"
                    ))
            }
            self = .part(part)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var figures: [Double] = []
        for key in [CodingKeys.x, .y, .width, .height] {
            guard let value = try container.decodeNonNegative(forKey: key, maximum: Self.maximumCoordinate) else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a rect needs x, y, width and height")
                )
            }
            figures.append(value)
        }
        self = .rect(Rect(x: figures[0], y: figures[1], width: figures[2], height: figures[3]))
    }

    /// Where the region lies on a card, in points: nothing for a part the card does not have.
    package func rects(on metadata: CardMetadata) -> [Rect] {
        switch self {
        case .rect(let rect): return [rect]
        case .part(.header): return metadata.headerRect.map { [$0] } ?? []
        case .part(.avatar): return metadata.avatarRect.map { [$0] } ?? []
        case .part(.suffix): return metadata.suffixRects.isEmpty ? (metadata.suffixRect.map { [$0] } ?? []) : metadata.suffixRects
        case .part(.body): return metadata.lineBoxes
        }
    }

    /// Every region's rects on a card, in the pixels of its image (`pixelRects(_:scale:width:height:)`).
    package static func pixelRects(_ regions: [IgnoreRegion], on metadata: CardMetadata, scale: Int) -> [PixelRect] {
        pixelRects(
            regions.flatMap { $0.rects(on: metadata) }, scale: scale, width: metadata.pixelWidth, height: metadata.pixelHeight)
    }

    /// Rects in points on an image drawn at `scale`, in whole pixels (grown outward to cover every
    /// pixel a rect touches) and clipped to the image; empty ones left out.
    static func pixelRects(_ rects: [Rect], scale: Int, width: Int, height: Int) -> [PixelRect] {
        let factor = Double(scale)
        return rects.compactMap { rect in
            let left = max(0, Int((rect.x * factor).rounded(.down))), top = max(0, Int((rect.y * factor).rounded(.down)))
            let right = min(width, Int(((rect.x + rect.width) * factor).rounded(.up)))
            let bottom = min(height, Int(((rect.y + rect.height) * factor).rounded(.up)))
            return right > left && bottom > top ? PixelRect(x: left, y: top, width: right - left, height: bottom - top) : nil
        }
    }
}

/// A rectangle of whole pixels inside an image.
package struct PixelRect: Sendable, Equatable {
    package var x: Int, y: Int, width: Int, height: Int
}

extension RGBAImage {
    /// The image with `rects` filled with one opaque gray: masked in two images alike, they compare equal there.
    func masked(_ rects: [PixelRect]) -> RGBAImage { painted(rects) { _, _ in 0x80 } }

    /// The image with `rects` hatched (gray diagonal stripes over a light ground), as the diff shows
    /// what was not compared.
    func hatched(_ rects: [PixelRect]) -> RGBAImage { painted(rects) { row, column in (row + column) % 8 < 2 ? 0x90 : 0xE8 } }

    /// The image with every pixel of `rects` an opaque gray, `gray(row, column)`.
    private func painted(_ rects: [PixelRect], gray: (Int, Int) -> UInt8) -> RGBAImage {
        var copy = self
        for rect in rects {
            // Clipped again: a rect made for another image never reaches past this one.
            let columns = max(0, rect.x)..<max(0, min(width, rect.x + rect.width))
            for row in max(0, rect.y)..<max(0, min(height, rect.y + rect.height)) {
                for column in columns {
                    let offset = (row * width + column) * 4
                    let value = gray(row, column)
                    copy.pixels[offset] = value
                    copy.pixels[offset + 1] = value
                    copy.pixels[offset + 2] = value
                    copy.pixels[offset + 3] = 0xFF
                }
            }
        }
        return copy
    }
}
