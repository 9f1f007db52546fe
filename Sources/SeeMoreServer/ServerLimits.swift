import SeeMore

/// What one request may ask of the server; each is a `seemore serve` flag.
package struct ServerLimits: Sendable {
    /// Request bodies, in bytes (`--max-body-kb`).
    package var maximumBodyBytes = 256 * 1024
    /// Text length, in characters (`--max-text`).
    package var maximumTextCharacters = CardLimits.maximumFieldTextCharacters
    /// Renders waiting for a worker; past it, 503 with Retry-After (`--max-queue`).
    package var maximumQueue = 64
    /// Card width, in points (`--max-width`).
    package var maximumWidth = 4_096.0
    /// The collapsed card's line limit (`--max-lines`).
    package var maximumLines = 100
    /// Milliseconds a render may wait for a worker; a request that waited longer is answered 503
    /// instead of rendered for a client that has likely gone (`--time-budget-ms`).
    package var timeBudgetMilliseconds = 10_000

    package init() {}

    var fields: CardFields.Limits {
        var limits = CardFields.Limits()
        limits.maximumTextCharacters = maximumTextCharacters
        limits.maximumWidth = maximumWidth
        limits.maximumLines = maximumLines
        return limits
    }
}
