import FoundationEssentials
import SeeMoreSupport

/// What the last checks of one suite found, for `check` to skip the cases that cannot have changed:
/// for each case that passed, the hash of everything its pixels and its verdict depend on (its input
/// key), the hashes of the golden and layout snapshot it was compared with, and the font files it
/// drew with and their hashes.
///
/// A text file in the skip cache, one per suite (named by a hash of the suite file's path). It is
/// read as a stranger's file — bounded, every line checked, anything odd not used — but it is
/// trusted as a build cache is: whoever can write it can have a case skipped, so a cache is restored
/// only from one's own runs (docs/ci.md).
struct SkipLedger: Equatable {
    struct Seen: Equatable {
        var identity: String
        var sha256: String
        var fingerprint: String
    }

    struct Entry: Equatable {
        /// `CaseInputs.key`.
        var input: String
        /// `SkipLedger.goldenKey` of the files it passed against.
        var golden: String
        /// The font files it drew with; their hashes are `fonts`'.
        var fonts: [String]
        var mixedFonts: [String]
    }

    /// `CaseInputs.environment` when the entries were written: the reason given when cases run again.
    var environment = ""
    /// Template name → hash of its file, when written.
    var templates: [String: String] = [:]
    /// Font file → SHA-256 of its bytes, for every file an entry names.
    var fonts: [String: String] = [:]
    /// Font file → its settled identity (`FileIdentity`) when it was last read, with the SHA-256 and
    /// the fingerprint's hash (`EnvironmentFingerprint.fileHash`) of its bytes then: a font file
    /// with that identity now is not read again.
    var seen: [String: Seen] = [:]
    var entries: [String: Entry] = [:]

    static let header = "seemore-skip-ledger 1"
    /// A ledger larger than this is not read (8 000 cases take about 2 MB).
    static let maximumBytes = 64 << 20

    /// The ledger file of the suite at `suitePath` in `folder`.
    static func path(in folder: String, suitePath: String) -> String {
        let suite = PathPolicy.standardized(
            suitePath.hasPrefix("/") ? suitePath : FileManager.default.currentDirectoryPath + "/" + suitePath)
        return folder + "/" + String(ContentHash.sha256(Array(suite.utf8)).prefix(32)) + ".skip"
    }

    /// The hashes of a golden and its layout snapshot as read ("none" for a file that is not there).
    static func goldenKey(png: PathPolicy.Read, layout: PathPolicy.Read) -> String? {
        func hash(_ read: PathPolicy.Read) -> String? {
            switch read {
            case .bytes(let bytes): return ContentHash.sha256(bytes)
            case .missing: return "none"
            default: return nil
            }
        }
        guard let png = hash(png), let layout = hash(layout) else { return nil }
        return png + ":" + layout
    }

    /// The golden PNG's hash in a `goldenKey` (what comes before its ":").
    static func pngHash(ofGoldenKey key: String) -> Substring {
        key[..<(key.utf8.firstIndex(of: UInt8(ascii: ":")) ?? key.endIndex)]
    }

    /// The ledger at `path`; nil when there is none, it cannot be read or it is not one (every case is
    /// then drawn).
    static func read(_ path: String) -> SkipLedger? {
        guard case .success(let data) = PathPolicy.readDocument(path, limit: maximumBytes) else { return nil }
        return data.withUnsafeBytes { parse($0) }
    }

    /// A ledger's bytes read, line by line and field by field over the buffer (8 000 cases in a few
    /// milliseconds: splitting `Data` generically took most of a skipping run).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> SkipLedger? {
        var ledger = SkipLedger()
        var start = 0
        var first = true
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var fields: [String] = []
            var fieldStart = start
            for index in start...end where index == end || bytes[index] == UInt8(ascii: "\t") {
                fields.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self))
                fieldStart = index + 1
            }
            start = end + 1
            if first {
                guard fields == [header] else { return nil }
                first = false
                continue
            }
            guard ledger.add(fields) else { return nil }
        }
        return first ? nil : ledger
    }

    /// Takes one line's fields; false for a line this version does not write.
    private mutating func add(_ fields: [String]) -> Bool {
        switch (fields.first, fields.count) {
        case ("environment", 2): environment = fields[1]
        case ("template", 3): templates[fields[1]] = fields[2]
        case ("font", 3) where Self.isHash(fields[2]): fonts[fields[1]] = fields[2]
        case ("seen", 5) where Self.isHash(fields[3]):
            seen[fields[1]] = Seen(identity: fields[2], sha256: fields[3], fingerprint: fields[4])
        case ("case", 6):
            let fontList = fields[4].isEmpty ? [] : fields[4].split(separator: "\u{1F}").map(String.init)
            let mixed = fields[5].isEmpty ? [] : fields[5].split(separator: "\u{1F}").map(String.init)
            // An entry naming a font without a hash is of no use: its case is drawn.
            guard fontList.allSatisfy({ fonts[$0] != nil }) else { return true }
            entries[fields[1]] = Entry(input: fields[2], golden: fields[3], fonts: fontList, mixedFonts: mixed)
        case ("", 1): break
        default: return false
        }
        return true
    }

    /// The ledger as its file holds it (fonts first, for the entries that name them). An entry or
    /// font whose text would break a line is left out: its case is drawn next time.
    var serialized: String {
        var text = Self.header + "\n"
        text += "environment\t" + environment + "\n"
        for (name, hash) in templates.sorted(by: { $0.key < $1.key }) where Self.isField(name) {
            text += "template\t" + name + "\t" + hash + "\n"
        }
        for (path, hash) in fonts.sorted(by: { $0.key < $1.key }) where Self.isField(path) {
            text += "font\t" + path + "\t" + hash + "\n"
        }
        for (path, seen) in seen.sorted(by: { $0.key < $1.key })
        where [path, seen.identity, seen.fingerprint].allSatisfy(Self.isField) && Self.isHash(seen.sha256) {
            text += "seen\t" + path + "\t" + seen.identity + "\t" + seen.sha256 + "\t" + seen.fingerprint + "\n"
        }
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard Self.isField(name), (entry.fonts + entry.mixedFonts).allSatisfy(Self.isListItem),
                entry.fonts.allSatisfy({ fonts[$0] != nil })
            else { continue }
            text += "case\t" + name + "\t" + entry.input + "\t" + entry.golden + "\t"
            text += entry.fonts.joined(separator: "\u{1F}") + "\t" + entry.mixedFonts.joined(separator: "\u{1F}") + "\n"
        }
        return text
    }

    /// Writes the ledger whole or not at all (a run killed while writing leaves the last one).
    func write(to path: String) throws {
        try AtomicFile.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try AtomicFile.write(Array(serialized.utf8), to: path, durable: false)
    }

    private static func isField(_ text: String) -> Bool {
        !text.isEmpty && !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
    }

    private static func isListItem(_ text: String) -> Bool {
        isField(text) && !text.utf8.contains(0x1F)
    }

    private static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
