import SeeMoreSupport
import SeeMoreText

/// The strings of a team's catalogs by locale and key, as an app would look them up: Apple String
/// Catalogs and `.strings`, Android `strings.xml`, Flutter `.arb`, gettext `.po` and i18next JSON
/// (`CatalogLoader` reads them).
///
/// A lookup falls back as the platforms do: `pt-BR`, then `pt`, then the catalog's default strings
/// (Android's `values/`, Apple's `Base.lproj`, the String Catalog's source language).
public struct StringCatalog: Sendable {
    /// One string and where it was read, for messages.
    package struct Entry: Sendable, Equatable {
        package var value: String
        package var file: String
        package var line: Int
    }

    /// The files read, in order.
    public internal(set) var files: [String] = []
    /// Locale (lowercased tag, "" for the default strings) → key → string; the first file to give a
    /// key for a locale wins.
    private var tables: [String: [String: Entry]] = [:]
    /// The tags as the catalogs write them, by lowercased tag.
    private var spelled: [String: String] = [:]
    /// The language the default strings are in, when a catalog says (`sourceLanguage`, a `.po`
    /// template's, the `values/` folder's has none).
    package internal(set) var sourceLanguage: String? = nil
    /// How many strings in all (bounded by `CatalogLimits.maximumStrings`).
    package private(set) var count = 0

    public init() {}

    /// The locales the catalogs translate into (not the default strings), as written, sorted.
    public var locales: [String] {
        tables.keys.filter { !$0.isEmpty }.compactMap { spelled[$0] }.sorted()
    }

    /// The string for `key` in `locale`, falling back from region to language to the default strings.
    package func entry(_ key: String, locale: String) -> Entry? {
        for candidate in fallbacks(of: locale) {
            if let entry = tables[candidate]?[key] { return entry }
        }
        return nil
    }

    /// `string(key, locale:)`'s value.
    public func string(_ key: String, locale: String) -> String? { entry(key, locale: locale)?.value }

    /// `pt-BR` → `pt-br`, `pt`, then the default strings (""), then the source language's.
    private func fallbacks(of locale: String) -> [String] {
        var parts = locale.lowercased().replacing("_", with: "-").split(separator: "-").map(String.init)
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return result + [""] + (sourceLanguage.map { [$0.lowercased()] } ?? [])
    }

    /// Adds a string; a key a locale already has keeps its first string.
    /// - Throws: `CatalogError` past `CatalogLimits`.
    package mutating func add(_ value: String, key: String, locale: String, file: String, line: Int) throws(CatalogError) {
        guard key.utf8.count <= CatalogLimits.maximumKeyBytes else {
            throw CatalogError(
                file: file, line: line, message: "a key of \(key.utf8.count) bytes; at most \(CatalogLimits.maximumKeyBytes)")
        }
        guard value.utf8.count <= CatalogLimits.maximumStringBytes else {
            throw CatalogError(
                file: file, line: line,
                message: "the string of '\(key)' has \(value.utf8.count) bytes; at most \(CatalogLimits.maximumStringBytes)")
        }
        let tag = locale.lowercased()
        if spelled[tag] == nil { spelled[tag] = locale }
        guard tables[tag]?[key] == nil else { return }
        count += 1
        guard count <= CatalogLimits.maximumStrings else {
            throw CatalogError(file: file, line: line, message: "more than \(CatalogLimits.maximumStrings) strings in all")
        }
        tables[tag, default: [:]][key] = Entry(value: value, file: file, line: line)
    }

    /// The locale a catalog names (`pt_BR`, `pt-BR`, `zh-Hans`) as a BCP 47 tag; nil when it is none.
    package static func localeTag(_ name: String) -> String? {
        let tag = name.replacing("_", with: "-")
        return LanguageTag(tag) != nil ? tag : nil
    }
}
