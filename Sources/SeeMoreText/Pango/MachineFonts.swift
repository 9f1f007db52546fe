import CPangoCairo
import Glibc
import SeeMoreSupport

/// What fontconfig makes of the machine, as one text: every configuration file it read (with its
/// bytes' hash) and every font it knows (path, size, modification time). A font installed, removed
/// or updated, or a rule changed, changes it; then fontconfig may match or fall back to another font
/// for some character, so a skip ledger renders every case again.
package enum MachineFonts {
    /// The state as text, computed once a process; "" when fontconfig cannot load the configuration.
    package static let state: String = {
        guard let machine = try? FontConfiguration.machine() as FontConfiguration?? else { return "" }
        let config = machine?.pointer ?? FcConfigGetCurrent()
        var lines: [String] = []
        if let files = FcConfigGetConfigFiles(config) {
            defer { FcStrListDone(files) }
            while let file = FcStrListNext(files) {
                let path = String(cString: file)
                let bytes = PathPolicy.readDocument(path).map { Array($0) }
                lines.append("config " + path + " " + ((try? bytes.get()).map(ContentHash.sha256) ?? "unreadable"))
            }
        }
        if let set = FcConfigGetFonts(config, FcSetSystem) {
            for index in 0..<Int(set.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>? = nil
                guard let font = set.pointee.fonts[index], FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch,
                    let file
                else { continue }
                var faceIndex: Int32 = 0
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
                let path = String(cString: file)
                lines.append("font \(path) \(faceIndex) " + BuildIdentity.fileIdentity(path))
            }
        }
        // fontconfig's order is its cache's: sorted, the same fonts give the same text.
        return lines.sorted().joined(separator: "\n")
    }()
}
