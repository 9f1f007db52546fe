/// Reads a Flutter Application Resource Bundle (`app_de.arb`, JSON): every string member but the
/// `@`-prefixed metadata; the locale is `@@locale`, else the file name's (`app_de` → de).
enum ARBReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        let root = try CatalogJSON.parse(bytes, file: file)
        guard let members = root.members else {
            throw CatalogError(file: file, line: root.line, message: "an .arb file is a JSON object")
        }
        let locale: String
        if let named = root["@@locale"] {
            guard let text = named.string, let tag = StringCatalog.localeTag(text) else {
                throw CatalogError(file: file, line: named.line, message: "\"@@locale\" must be a locale such as de or pt_BR")
            }
            locale = tag
        } else if let tag = fileLocale(file) {
            locale = tag
        } else {
            throw CatalogError(
                file: file, line: 1, message: "the file names no \"@@locale\" and its name ends in none (app_de.arb)")
        }
        for (key, node) in members where !key.hasPrefix("@") {
            guard let value = node.string else {
                throw CatalogError(file: file, line: node.line, message: "the value of '\(key)' is not a string")
            }
            try catalog.add(value, key: key, locale: locale, file: file, line: node.line)
        }
    }

    /// `intl_pt_BR.arb` → pt-BR, `app_de.arb` → de: the longest tail of `_`-separated parts that is a locale.
    static func fileLocale(_ file: String) -> String? {
        let name = CatalogPath.stem(file)
        let parts = name.split(separator: "_").map(String.init)
        for count in stride(from: min(3, parts.count - 1), through: 1, by: -1) {
            let tail = parts.suffix(count).joined(separator: "-")
            if let tag = StringCatalog.localeTag(tail) { return tag }
        }
        return nil
    }
}
