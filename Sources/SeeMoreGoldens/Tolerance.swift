import FoundationEssentials
import SeeMoreSupport

/// How different pixels may be before a case fails.
public struct Tolerance: Sendable, Equatable {
    /// Per-pixel color distance in YIQ space, 0–1 (pixelmatch's threshold).
    public var threshold = 0.1
    /// Differing pixels allowed.
    public var maxDiffPixels = 0
    /// Differing pixels allowed, as a share of all pixels.
    public var maxDiffRatio = 0.0
    /// When given, a pixel differs when its CIEDE2000 distance exceeds this (about 1: just noticed),
    /// in place of `threshold`: for photographs and gradients.
    package var deltaE: Double? = nil

    public init(threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0, deltaE: Double? = nil) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.deltaE = deltaE
    }

    /// A suite's, a matrix's or a case's own tolerance: each figure it gives replaces the one of the
    /// level above it (the command line's, then the suite's, the matrix's, the case's).
    package struct Override: Sendable, Equatable, Decodable {
        package var threshold: Double? = nil
        package var maxDiffPixels: Int? = nil
        package var maxDiffRatio: Double? = nil
        package var deltaE: Double? = nil

        package init(threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, deltaE: Double? = nil) {
            self.threshold = threshold
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
            self.deltaE = deltaE
        }

        /// Whether it changes nothing.
        package var isEmpty: Bool { threshold == nil && maxDiffPixels == nil && maxDiffRatio == nil && deltaE == nil }

        /// `other`'s figures over these.
        package func then(_ other: Override?) -> Override {
            guard let other else { return self }
            return Override(
                threshold: other.threshold ?? threshold, maxDiffPixels: other.maxDiffPixels ?? maxDiffPixels,
                maxDiffRatio: other.maxDiffRatio ?? maxDiffRatio, deltaE: other.deltaE ?? deltaE)
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case threshold, maxDiffPixels, maxDiffRatio, deltaE }

        package init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            threshold = try container.decodeNonNegative(forKey: .threshold, maximum: 1)
            maxDiffRatio = try container.decodeNonNegative(forKey: .maxDiffRatio, maximum: 1)
            deltaE = try container.decodeNonNegative(forKey: .deltaE, maximum: 100)
            if let pixels = try container.decodeIfPresent(Double.self, forKey: .maxDiffPixels) {
                guard pixels >= 0, pixels <= 1e9, pixels == pixels.rounded() else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .maxDiffPixels, in: container,
                        debugDescription: "must be a whole number from 0 to 1000000000, not \(JSONValue.format(pixels))")
                }
                maxDiffPixels = Int(pixels)
            }
        }
    }

    /// These figures with `override`'s in their place.
    package func overridden(by override: Override) -> Tolerance {
        Tolerance(
            threshold: override.threshold ?? threshold, maxDiffPixels: override.maxDiffPixels ?? maxDiffPixels,
            maxDiffRatio: override.maxDiffRatio ?? maxDiffRatio, deltaE: override.deltaE ?? deltaE)
    }
}
