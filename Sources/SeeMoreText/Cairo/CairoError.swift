import CPangoCairo

/// A Cairo failure with Cairo's own message.
public struct CairoError: Error, Equatable, CustomStringConvertible {
    public var message: String

    package init(_ status: cairo_status_t) {
        message = String(cString: cairo_status_to_string(status))
    }

    public var description: String { "Cairo: \(message)" }
}
