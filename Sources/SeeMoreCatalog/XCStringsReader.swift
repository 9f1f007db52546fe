import SeeMoreSupport

/// Reads an Apple String Catalog (`Localizable.xcstrings`, JSON): every key's `stringUnit` value in
/// every locale; a key with no string of the source language is its own source string, as Xcode
/// treats it. Of a string with variations (plural, device) the `other` one is read.
enum XCStringsReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        let root = try CatalogJSON.parse(bytes, file: file)
        guard root.isObject, let strings = root["strings"]?.members else {
            throw CatalogError(file: file, line: root.line, message: "a String Catalog is an object with \"strings\"")
        }
        guard let source = root["sourceLanguage"]?.string, let sourceTag = StringCatalog.localeTag(source) else {
            throw CatalogError(file: file, line: root.line, message: "a String Catalog names its \"sourceLanguage\" (en, de, ja)")
        }
        if catalog.sourceLanguage == nil { catalog.sourceLanguage = sourceTag }
        for (key, entry) in strings {
            guard entry.isObject else {
                throw CatalogError(file: file, line: entry.line, message: "the entry of '\(key)' is not an object")
            }
            var hasSource = false
            for (locale, localization) in entry["localizations"]?.members ?? [] {
                guard let tag = StringCatalog.localeTag(locale) else {
                    throw CatalogError(file: file, line: localization.line, message: "'\(locale)' is not a locale")
                }
                guard let value = try unitValue(localization, key: key, file: file) else { continue }
                if tag.lowercased() == sourceTag.lowercased() { hasSource = true }
                try catalog.add(value, key: key, locale: tag, file: file, line: localization.line)
            }
            if !hasSource {
                try catalog.add(key, key: key, locale: sourceTag, file: file, line: entry.line)
            }
        }
    }

    /// A localization's `stringUnit.value`, or its variations' `other` (plural or device); nil when it
    /// has neither (a substitution-only entry).
    private static func unitValue(_ node: JSONNode, key: String, file: String) throws(CatalogError) -> String? {
        if let unit = node["stringUnit"] {
            guard let value = unit["value"]?.string else {
                throw CatalogError(file: file, line: unit.line, message: "the stringUnit of '\(key)' has no string \"value\"")
            }
            return value
        }
        for (_, variation) in node["variations"]?.members ?? [] {
            if let other = variation["other"] { return try unitValue(other, key: key, file: file) }
        }
        return nil
    }
}
