import SeeMoreSupport

/// What a stranger's catalogs may hold: the bounds `CatalogLoader` and every reader enforce, so a
/// catalog costs at most a few megabytes and a fraction of a second to read.
package enum CatalogLimits {
    /// The largest catalog file read (a larger one is refused before it is read).
    package static let maximumFileBytes = PathPolicy.maximumDocumentBytes
    /// Catalog files found in one folder and below it.
    package static let maximumFiles = 1_000
    /// How deep below a catalog folder files are looked for.
    package static let maximumDepth = 8
    /// Strings in all the catalogs of one suite or scan.
    package static let maximumStrings = 200_000
    /// A key's length.
    package static let maximumKeyBytes = 1_024
    /// A string's length.
    package static let maximumStringBytes = 16_384
}
