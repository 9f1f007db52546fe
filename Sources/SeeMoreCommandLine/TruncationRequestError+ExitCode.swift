import SeeMore

extension TruncationRequestError {
    /// Markup and text errors are bad data (65); the rest are bad flags (64).
    func commandError(usage: String) -> CommandError {
        switch self {
        case .invalidMarkup, .nulCharacter, .textTooLong, .textTooLarge, .tooManyParagraphs, .combiningRunTooLong, .bidiControls,
            .paragraphTooLong:
            return CommandError(description, exitCode: .dataError)
        default: return CommandError(description, exitCode: .usage, usage: usage)
        }
    }
}
