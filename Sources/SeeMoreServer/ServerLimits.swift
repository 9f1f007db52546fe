import SeeMore

/// What one request may ask of the server; each is a `seemore serve` flag.
public struct ServerLimits: Sendable {
    /// Request bodies, in bytes (`--max-body-kb`).
    public var maximumBodyBytes = 256 * 1024
    /// Text length, in characters (`--max-text`).
    public var maximumTextCharacters = 100_000
    /// Renders waiting for a worker; past it, 503 with Retry-After (`--max-queue`).
    public var maximumQueue = 64

    public init() {}

    var fields: CardFields.Limits {
        var limits = CardFields.Limits()
        limits.maximumTextCharacters = maximumTextCharacters
        return limits
    }
}
