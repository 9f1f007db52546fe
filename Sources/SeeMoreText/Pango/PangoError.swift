/// A failure reported by Pango, Cairo or GLib, with the library's own message.
public enum PangoError: Error, Equatable, CustomStringConvertible {
    /// A Pango or GLib constructor returned no object.
    case creationFailed(String)

    public var description: String {
        switch self {
        case .creationFailed(let what): return "could not create \(what)"
        }
    }
}
