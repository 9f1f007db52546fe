import FoundationEssentials
import Glibc
import SeeMoreSupport
import SeeMoreText
import Synchronization

/// The text stack that drew the goldens: library versions, every font file used (with a hash), and the
/// order in which fontconfig falls back to fonts for each language the goldens show.
///
/// Stored as `ENVIRONMENT.json` next to the suite, so a reviewer can tell whether the design or the
/// machine changed.
package struct EnvironmentFingerprint: Equatable, Sendable {
    package var libraries: [String: String]
    /// Font file path → "size:hash".
    package var fonts: [String: String]
    /// Language → the first families fontconfig falls back to for `sans-serif` text in it (none for
    /// a suite whose fonts are hermetic: the machine's fonts play no part).
    package var fallbacks: [String: [String]] = [:]
    /// The suite's own font files (`fontFiles`), by path relative to the suite's folder → "size:hash":
    /// part of the design, so a change of them is the design's, never the machine's.
    package var fontFiles: [String: String] = [:]
    /// The container image the goldens were drawn in (`seemore:0.4.0`, from `SEEMORE_IMAGE`, which the
    /// image sets); nil on a machine of one's own. Said for the reader: the libraries and fonts
    /// above are what decide the pixels, and they are compared; the name is not.
    package var image: String? = nil

    package init(
        libraries: [String: String], fonts: [String: String], fallbacks: [String: [String]] = [:],
        fontFiles: [String: String] = [:]
    ) {
        self.libraries = libraries
        self.fonts = fonts
        self.fallbacks = fallbacks
        self.fontFiles = fontFiles
    }

    package static let fileName = "ENVIRONMENT.json"

    /// This machine's libraries and the given font files.
    package static func current(fontFiles: Set<String>) -> EnvironmentFingerprint {
        current(fontFiles: fontFiles, declared: .system, folder: "/")
    }

    /// This machine's libraries, the installed font files drawn (`drawn` but the `declared` ones),
    /// and every declared file by its path inside `folder` (the suite's).
    package static func current(fontFiles drawn: Set<String>, declared: FontFiles, folder: String) -> EnvironmentFingerprint {
        var libraries: [String: String] = [:]
        for (name, version) in LibraryVersions.all { libraries[name] = version }
        let own = Set(declared.files)
        var fonts: [String: String] = [:]
        for path in drawn where !own.contains(path) { fonts[path] = fileHash(path) }
        var files: [String: String] = [:]
        for path in declared.files {
            let relative = PathPolicy.relativePath(path, root: folder)?.joined(separator: "/") ?? path
            files[relative] = fileHash(path)
        }
        var fingerprint = EnvironmentFingerprint(
            libraries: libraries, fonts: fonts, fallbacks: declared.hermetic ? [:] : FallbackOrder.current(), fontFiles: files)
        fingerprint.image = ProcessInfo.processInfo.environment["SEEMORE_IMAGE"].flatMap { $0.isEmpty ? nil : $0 }
        return fingerprint
    }

    /// "size:fnv1a64" of a file, or "missing". A file whose identity is that of one hashed before
    /// (`FileIdentity`, settled) is not read again (a server checks its suite many times; fonts are
    /// megabytes).
    static func fileHash(_ path: String) -> String {
        let identity = FileIdentity(path: path)
        if let identity, let known = hashes.withLock({ $0[path] }), known.identity == identity.text { return known.hash }
        guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
        let hash = data.withUnsafeBytes { fileHash(of: $0) }
        if let identity, identity.isSettled(readUnchanged: FileIdentity(path: path)) {
            remember(path, identity: identity, hash: hash)
        }
        return hash
    }

    /// "size:fnv1a64" of a file's bytes.
    static func fileHash(of bytes: UnsafeRawBufferPointer) -> String {
        // Without leading zeros, as the recorded fingerprints have it.
        "\(bytes.count):\(String(ContentHash.fnv1a64(bytes).drop { $0 == "0" }))"
    }

    /// Takes `hash` as the file's at `path` while it has `identity` (one read by a caller, or known
    /// from a skip ledger).
    static func remember(_ path: String, identity: FileIdentity, hash: String) {
        hashes.withLock { $0[path] = (identity.text, hash) }
    }

    /// Font file hashes by path, with the file identity they were computed for.
    private static let hashes = Mutex<[String: (identity: String, hash: String)]>([:])

    /// Fonts this run drew with that were not recorded, though they are installed as before: the
    /// design now uses them (a Bold suffix bringing in DejaVuSans-Bold.ttf), the machine did not change.
    /// The suite's own font files changed too: bytes, added, no longer named.
    package func designChanges(since recorded: EnvironmentFingerprint) -> [String] {
        var changes = fonts.keys.sorted().filter { recorded.fonts[$0] == nil }.map { "the design now draws with \($0)" }
        for (path, hash) in fontFiles.sorted(by: { $0.key < $1.key }) {
            if let before = recorded.fontFiles[path] {
                if before != hash { changes.append("font file \(path) changed (\(before) → \(hash))") }
            } else {
                changes.append("the design now names font file \(path)")
            }
        }
        for path in recorded.fontFiles.keys.sorted() where fontFiles[path] == nil {
            changes.append("font file \(path) is no longer named")
        }
        return changes
    }

    /// What differs on the machine since `recorded`, one line each: library versions, fontconfig's
    /// fallback order, fonts recorded with other bytes, and recorded fonts that are no longer installed
    /// (fontconfig then silently draws those glyphs with another font). Fonts the design newly uses
    /// are `designChanges`.
    package func changes(since recorded: EnvironmentFingerprint) -> [String] {
        var changes: [String] = []
        for name in Set(libraries.keys).union(recorded.libraries.keys).sorted() where libraries[name] != recorded.libraries[name]
        {
            changes.append("\(name) \(recorded.libraries[name] ?? "(none)") → \(libraries[name] ?? "(none)")")
        }
        for language in fallbacks.keys.sorted() where recorded.fallbacks[language].map({ $0 != fallbacks[language] }) ?? false {
            let before = recorded.fallbacks[language]?.joined(separator: ", ") ?? ""
            changes.append(
                "font fallback for \(language): \(before) → \(fallbacks[language]?.joined(separator: ", ") ?? "")")
        }
        for path in recorded.fonts.keys.sorted() where fonts[path] == nil && !FileManager.default.fileExists(atPath: path) {
            changes.append("font \(path) is no longer installed")
        }
        for (path, hash) in fonts.sorted(by: { $0.key < $1.key }) {
            if let before = recorded.fonts[path], before != hash { changes.append("font \(path) changed (\(before) → \(hash))") }
        }
        return changes
    }

    /// This run's entries merged over `recorded` (a partial run keeps the fonts it did not use).
    package func merged(over recorded: EnvironmentFingerprint?) -> EnvironmentFingerprint {
        var result = recorded ?? EnvironmentFingerprint(libraries: [:], fonts: [:])
        result.libraries = libraries
        result.fallbacks = fallbacks
        // The suite names its files whole: this run's list replaces the recorded one.
        result.fontFiles = fontFiles
        result.image = image
        for (path, hash) in fonts { result.fonts[path] = hash }
        return result
    }

    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("libraries", .object(libraries.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("fonts", .object(fonts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            (
                "fallbacks",
                .object(fallbacks.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .string($0) })) })
            ),
        ]
        // Only for a suite with its own fonts: other fingerprints keep the form they were recorded in.
        if !fontFiles.isEmpty {
            members.append(("fontFiles", .object(fontFiles.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        // Only when drawn in an image: other fingerprints keep their form.
        if let image { members.append(("image", .string(image))) }
        return .object(members)
    }

    /// Reads a fingerprint file; nil when there is none or it cannot be read.
    package static func read(_ path: String) -> EnvironmentFingerprint? {
        guard let data = FileManager.default.contents(atPath: path), let object = JSONNode.read(data) else { return nil }
        return EnvironmentFingerprint(object)
    }

    /// A fingerprint as JSON holds it (a file, a report's `environment`); nil when it is none.
    init?(_ object: JSONNode) {
        guard let libraries = object["libraries"]?.strings, let fonts = object["fonts"]?.strings else { return nil }
        self.init(
            libraries: libraries, fonts: fonts, fallbacks: object["fallbacks"]?.stringLists ?? [:],
            fontFiles: object["fontFiles"]?.strings ?? [:])
        image = object["image"]?.string
    }
}
