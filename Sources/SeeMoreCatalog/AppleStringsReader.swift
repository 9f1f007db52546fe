/// Reads an Apple `.strings` file (`de.lproj/Localizable.strings`) into a catalog: its pairs
/// (`AppleStringsParser`) in the `.lproj` folder's locale (`Base.lproj`: the default strings).
enum AppleStringsReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        let folder = CatalogPath.folderName(file)
        guard folder.hasSuffix(".lproj") else {
            throw CatalogError(file: file, message: "a .strings file lies in a LOCALE.lproj folder (de.lproj, Base.lproj)")
        }
        let name = String(folder.dropLast(".lproj".count))
        let locale: String
        if name == "Base" {
            locale = ""
        } else if let tag = StringCatalog.localeTag(name) {
            locale = tag
        } else {
            throw CatalogError(file: file, message: "'\(folder)' names no locale")
        }
        for pair in try AppleStringsParser.pairs(bytes, file: file) {
            try catalog.add(pair.value, key: pair.key, locale: locale, file: file, line: pair.line)
        }
    }
}
