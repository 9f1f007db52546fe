import SeeMoreSupport

/// What every worker process of a scan cuts with (`Workers<ScanJob>`): the flags that make the scan's
/// matrix, encoded whole as a versioned binary record. A worker builds its matrix from this record,
/// never from a command line, so a matrix flag added here reaches it (`ScanJobTests` fails when the
/// command has one that is neither carried nor the parent's own).
package struct ScanJob: Equatable, Sendable {
    package var suitePath: String? = nil
    package var templates: [String] = []
    package var widths: [Double] = []
    package var fonts: [String] = []
    package var templatesFolder: String? = nil
    package var fontFiles: [String] = []
    package var hermetic = false
    /// `PseudoLocale`'s raw value; nil as written.
    package var pseudo: String? = nil
    /// `TextSize`'s description; nil as the templates say.
    package var textSize: String? = nil
    /// String catalogs (`--catalog`), the suffix's key (`--key`) and the locales (`--locales`).
    package var catalogs: [String] = []
    package var catalogKey: String? = nil
    package var locales: [String] = []

    /// The record's format; a worker refuses another.
    static let version = 3

    package init() {}

    package var bytes: [UInt8] {
        var writer = RecordWriter()
        writer.integer(Self.version)
        writer.optional(suitePath) { $0.string($1) }
        writer.array(templates) { $0.string($1) }
        writer.array(widths) { $0.double($1) }
        writer.array(fonts) { $0.string($1) }
        writer.optional(templatesFolder) { $0.string($1) }
        writer.array(fontFiles) { $0.string($1) }
        writer.bool(hermetic)
        writer.optional(pseudo) { $0.string($1) }
        writer.optional(textSize) { $0.string($1) }
        writer.array(catalogs) { $0.string($1) }
        writer.optional(catalogKey) { $0.string($1) }
        writer.array(locales) { $0.string($1) }
        return writer.bytes
    }

    /// The job `bytes` hold; nil for another version or bytes no `ScanJob` wrote.
    package init?(bytes: [UInt8]) {
        var reader = RecordReader(bytes[...])
        do {
            guard try reader.integer() == Self.version else { return nil }
            suitePath = try reader.optional { try $0.string() }
            templates = try reader.array { try $0.string() }
            widths = try reader.array { try $0.double() }
            fonts = try reader.array { try $0.string() }
            templatesFolder = try reader.optional { try $0.string() }
            fontFiles = try reader.array { try $0.string() }
            hermetic = try reader.bool()
            pseudo = try reader.optional { try $0.string() }
            textSize = try reader.optional { try $0.string() }
            catalogs = try reader.array { try $0.string() }
            catalogKey = try reader.optional { try $0.string() }
            locales = try reader.array { try $0.string() }
        } catch {
            return nil
        }
        guard reader.isAtEnd else { return nil }
    }
}
