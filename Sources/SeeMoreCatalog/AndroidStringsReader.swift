/// Reads an Android string resource file (`res/values-de/strings.xml`, `AndroidStringsParser`) into a
/// catalog in its folder's locale: `values` the default strings, `values-de`, `values-pt-rBR`,
/// `values-b+sr+Latn`.
enum AndroidStringsReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        guard let locale = folderLocale(CatalogPath.folderName(file)) else {
            throw CatalogError(
                file: file, message: "'\(CatalogPath.folderName(file))' is no locale folder (values, values-de, values-pt-rBR)")
        }
        for string in try AndroidStringsParser.strings(bytes, file: file) {
            try catalog.add(string.value, key: string.name, locale: locale, file: file, line: string.line)
        }
    }

    /// `values` → "" (the default strings), `values-de` → de, `values-pt-rBR` → pt-BR,
    /// `values-b+sr+Latn` → sr-Latn; nil for a folder of other qualifiers (`values-night`).
    package static func folderLocale(_ folder: String) -> String? {
        guard folder.hasPrefix("values") else { return nil }
        if folder == "values" { return "" }
        let qualifier = folder.dropFirst("values-".count)
        guard folder.dropFirst("values".count).hasPrefix("-") else { return nil }
        if qualifier.hasPrefix("b+") {
            return StringCatalog.localeTag(qualifier.dropFirst(2).split(separator: "+").joined(separator: "-"))
        }
        let parts = qualifier.split(separator: "-")
        guard (1...2).contains(parts.count), parts[0].count == 2 || parts[0].count == 3 else { return nil }
        if parts.count == 2 {
            guard parts[1].count == 3, parts[1].hasPrefix("r") else { return nil }
            return StringCatalog.localeTag(parts[0] + "-" + parts[1].dropFirst())
        }
        return StringCatalog.localeTag(String(parts[0]))
    }
}
