/// Reads a gettext catalog (`de.po`, `GettextParser`) into a catalog: fuzzy and untranslated entries
/// are left out, as gettext leaves them out at run time. The key is the `msgid`, `CONTEXT|msgid` with
/// a context. The locale is the header's `Language:`, else the file's name (`de.po`), else its
/// folder's (`de/LC_MESSAGES/app.po`).
enum GettextReader {
    static func read(_ bytes: [UInt8], file: String, into catalog: inout StringCatalog) throws(CatalogError) {
        let messages = try GettextParser.messages(bytes, file: file)
        let header = messages.first { $0.id.isEmpty && $0.context == nil }?.translation ?? ""
        let named = header.split(separator: "\n").first { $0.hasPrefix("Language:") }
            .map { String($0.dropFirst("Language:".count)).trimmingSpaces }
        let locale: String
        if let named, !named.isEmpty {
            guard let tag = StringCatalog.localeTag(String(named)) else {
                throw CatalogError(file: file, message: "the header's Language '\(named)' is not a locale")
            }
            locale = tag
        } else if let tag = StringCatalog.localeTag(CatalogPath.stem(file)) {
            locale = tag
        } else if CatalogPath.folderName(file) == "LC_MESSAGES",
            let tag = StringCatalog.localeTag(
                CatalogPath.folderName(String(file.split(separator: "/").dropLast().joined(separator: "/"))))
        {
            locale = tag
        } else {
            throw CatalogError(
                file: file, message: "cannot tell the locale: no Language: header, and the file is not named de.po")
        }
        for message in messages where !message.id.isEmpty && !message.translation.isEmpty && !message.fuzzy {
            try catalog.add(message.translation, key: message.key, locale: locale, file: file, line: message.line)
        }
    }
}
