import SeeMoreSupport

/// Reads an i18next resource file (`locales/de/translation.json` or `de.json`): nested objects give
/// keys joined by dots (`feed.seeMore`), plural forms are keys of their own (`items_one`); the
/// locale is the file's name, else its folder's.
enum I18nextReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        let root = try CatalogJSON.parse(bytes, file: file)
        guard root.isObject else {
            throw CatalogError(file: file, line: root.line, message: "an i18next resource file is a JSON object")
        }
        guard
            let locale = StringCatalog.localeTag(CatalogPath.stem(file)) ?? StringCatalog.localeTag(CatalogPath.folderName(file))
        else {
            throw CatalogError(file: file, message: "cannot tell the locale: name the file de.json or put it in a folder de/")
        }
        try add(root, prefix: "", locale: locale, file: file, into: &catalog)
    }

    private static func add(
        _ node: JSONNode, prefix: String, locale: String, file: String, into catalog: inout StringCatalog
    ) throws(CatalogError) {
        if let text = node.string {
            try catalog.add(text, key: prefix, locale: locale, file: file, line: node.line)
        } else if let members = node.members {
            for (key, child) in members {
                try add(child, prefix: prefix.isEmpty ? key : prefix + "." + key, locale: locale, file: file, into: &catalog)
            }
        } else if let elements = node.array {
            for (index, child) in elements.enumerated() {
                try add(child, prefix: prefix + "." + String(index), locale: locale, file: file, into: &catalog)
            }
        } else {
            throw CatalogError(file: file, line: node.line, message: "the value of '\(prefix)' is not a string")
        }
    }
}
