import SeeMoreSupport
/// When goldens are written, as swift-snapshot-testing's record modes.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Only compare.
    case never
    /// Write goldens that do not exist yet.
    case missing
    /// Write goldens that are missing or do not match.
    case failed
    /// Write every golden whose file would change (pixels, layout, or only its encoding).
    case all

    /// `never` when the environment variable `CI` is set (CI never records silently), else `missing`.
    public static func `default`(environment: [String: String]) -> RecordMode {
        environment["CI"] != nil ? .never : .missing
    }

    /// `SEEMORE_RECORD` when set, else `default(environment:)`.
    /// - Throws: `RecordModeError` when `SEEMORE_RECORD` is set to anything but a mode's name: a
    ///   misspelt mode must not silently record, or silently not.
    public static func fromEnvironment(_ environment: [String: String]) throws -> RecordMode {
        guard let value = environment["SEEMORE_RECORD"] else { return .default(environment: environment) }
        guard let mode = RecordMode(rawValue: value) else { throw RecordModeError(value: value) }
        return mode
    }

    func records(_ outcome: GoldenOutcome) -> Bool {
        switch self {
        case .never: return false
        case .missing: return outcome == .missing
        case .failed, .all: return outcome != .passed
        }
    }
}

/// `SEEMORE_RECORD` set to something that is not a record mode.
public struct RecordModeError: Error, Equatable, CustomStringConvertible {
    public var value: String
    public var description: String {
        "SEEMORE_RECORD must be one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")), not \(value.debugDescription)"
    }
}

/// How a case compared with its golden.
public enum GoldenOutcome: String, Sendable {
    case passed
    /// No golden yet.
    case missing
    /// The picture has another size.
    case sizeChanged
    /// The layout snapshot differs (lines, cut, suffix rect).
    case layoutChanged
    /// Same size and layout, but pixels differ beyond the tolerance.
    case pixelsChanged
    /// The golden PNG cannot be decoded.
    case unreadableGolden
    /// The golden or its layout snapshot is a symbolic link, not a regular file, too large, or outside
    /// the suite folder: it is not read, and nothing of it reaches the output or the artifacts.
    case unsafeGolden
    /// The golden PNG declares more pixels than any card has (a decompression bomb): not decoded.
    case oversizedGolden
    /// The worker process drawing the card died (an abort or crash inside a library, a signal, the
    /// kernel's out-of-memory killer): no picture; the other cases were checked.
    case crashed
}

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
    public var deltaE: Double? = nil

    public init(threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0, deltaE: Double? = nil) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.deltaE = deltaE
    }

    /// A suite's, a matrix's or a case's own tolerance: each figure it gives replaces the one of the
    /// level above it (the command line's, then the suite's, the matrix's, the case's).
    public struct Override: Sendable, Equatable, Decodable {
        public var threshold: Double? = nil
        public var maxDiffPixels: Int? = nil
        public var maxDiffRatio: Double? = nil
        public var deltaE: Double? = nil

        public init(threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, deltaE: Double? = nil) {
            self.threshold = threshold
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
            self.deltaE = deltaE
        }

        /// Whether it changes nothing.
        public var isEmpty: Bool { threshold == nil && maxDiffPixels == nil && maxDiffRatio == nil && deltaE == nil }

        /// `other`'s figures over these.
        public func then(_ other: Override?) -> Override {
            guard let other else { return self }
            return Override(
                threshold: other.threshold ?? threshold, maxDiffPixels: other.maxDiffPixels ?? maxDiffPixels,
                maxDiffRatio: other.maxDiffRatio ?? maxDiffRatio, deltaE: other.deltaE ?? deltaE)
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case threshold, maxDiffPixels, maxDiffRatio, deltaE }

        public init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            threshold = try container.decodeFraction(forKey: .threshold)
            maxDiffRatio = try container.decodeFraction(forKey: .maxDiffRatio)
            if let deltaE = try container.decodeIfPresent(Double.self, forKey: .deltaE) {
                guard deltaE >= 0, deltaE <= 100 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .deltaE, in: container, debugDescription: "must be a number from 0 to 100, not \(JSONValue.format(deltaE))")
                }
                self.deltaE = deltaE
            }
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
    public func overridden(by override: Override) -> Tolerance {
        Tolerance(
            threshold: override.threshold ?? threshold, maxDiffPixels: override.maxDiffPixels ?? maxDiffPixels,
            maxDiffRatio: override.maxDiffRatio ?? maxDiffRatio, deltaE: override.deltaE ?? deltaE)
    }
}

extension KeyedDecodingContainer {
    /// A number from 0 to 1, or nil when absent.
    fileprivate func decodeFraction(forKey key: Key) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value >= 0, value <= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be a number from 0 to 1, not \(JSONValue.format(value))")
        }
        return value
    }
}
