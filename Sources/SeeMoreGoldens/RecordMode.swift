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
