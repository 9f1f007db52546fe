import SeeMoreCards
import SeeMoreSupport
import SeeMoreText

/// `scan.json`: written by a scan, read back by `scan merge` (a file from anywhere: every field is checked).
extension ScanResult {
    package static let formatVersion = 1

    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("version", .number(Double(Self.formatVersion))), ("corpus", .string(corpus)),
            ("templates", .array(templates.map { .string($0) })), ("fonts", .array(fonts.map { .string($0) })),
            ("widths", .array(widths.map { .number($0) })),
            ("locales", .array(locales.map { .string($0) })),
        ]
        if let pseudo { members.append(("pseudo", .string(pseudo.rawValue))) }
        if let textSize { members.append(("textSize", .string(textSize.description))) }
        if let shard { members.append(("shard", .string(shard.description))) }
        members += [
            ("texts", .number(Double(texts))), ("badRecords", .number(Double(statistics.badRecords))),
            ("lints", Self.counts(totalLints)),
            ("cells", .array(statistics.cells.keys.sorted(by: cellOrder).map { Self.json($0, statistics.cells[$0]!) })),
            ("galleryLimit", .number(Double(gallery.limit))),
            ("gallery", .array(gallery.all.map(Self.json))),
        ]
        return .object(members)
    }

    /// Cells in the matrix's order: templates, fonts and widths as the scan was given them.
    package func cellOrder(_ lhs: ScanStatistics.Key, _ rhs: ScanStatistics.Key) -> Bool {
        func rank(_ key: ScanStatistics.Key) -> (Int, Int, Int, Int) {
            (
                templates.firstIndex(of: key.template) ?? .max, locales.firstIndex(of: key.locale) ?? -1,
                fonts.firstIndex(of: key.font) ?? -1, widths.firstIndex(of: key.width) ?? .max
            )
        }
        let (left, right) = (rank(lhs), rank(rhs))
        return left != right ? left < right : lhs < rhs
    }

    /// Cases with each kind of lint, over every cell.
    package var totalLints: [CutLint.Kind: Int] {
        statistics.cells.values.reduce(into: [:]) { total, cell in total.merge(cell.lints, uniquingKeysWith: +) }
    }

    private static func counts(_ lints: [CutLint.Kind: Int]) -> JSONValue {
        .object(CutLint.Kind.allCases.map { ($0.rawValue, .number(Double(lints[$0] ?? 0))) })
    }

    private static func json(_ key: ScanStatistics.Key, _ cell: ScanStatistics.Cell) -> JSONValue {
        .object([
            ("template", .string(key.template)), ("locale", .string(key.locale)), ("font", .string(key.font)),
            ("width", .number(key.width)),
            ("texts", .number(Double(cell.texts))), ("refused", .number(Double(cell.refused))),
            ("truncated", .number(Double(cell.truncated))), ("keptCharacters", .number(Double(cell.keptCharacters))),
            ("truncationRate", .number((cell.truncationRate * 10_000).rounded() / 10_000)),
            ("suffixWraps", .number(Double(cell.suffixWraps))), ("characterCuts", .number(Double(cell.characterCuts))),
            ("withTofu", .number(Double(cell.withTofu))), ("withFallback", .number(Double(cell.withFallback))),
            ("shownShare", .array(cell.shownShare.map { .number(Double($0)) })),
            ("lines", .object(cell.lines.keys.sorted().map { (String($0), .number(Double(cell.lines[$0]!))) })),
            ("lints", counts(cell.lints)),
            ("fallbackFonts", .object(cell.fallbackFonts.keys.sorted().map { ($0, .number(Double(cell.fallbackFonts[$0]!))) })),
        ])
    }

    private static func json(_ entry: ScanGallery.Entry) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(entry.kind.rawValue)), ("score", .number(Double(entry.score))),
            ("template", .string(entry.cell.template)), ("locale", .string(entry.cell.locale)),
            ("font", .string(entry.cell.font)),
            ("width", .number(entry.cell.width)),
            ("id", .string(entry.id)), ("line", .number(Double(entry.line))), ("text", .string(entry.text)),
        ]
        if let language = entry.language { members.append(("lang", .string(language.rawValue))) }
        members += [
            ("details", .array(entry.details.map { .string($0) })),
            ("collapsed", .string(ScanOutput.picturePath(entry, state: "collapsed"))),
            ("expanded", .string(ScanOutput.picturePath(entry, state: "expanded"))),
        ]
        return .object(members)
    }

    /// A `scan.json` read back.
    /// - Throws: `ScanFileError` naming the field that is missing or wrong.
    package init(json bytes: [UInt8], path: String) throws {
        let root: JSONNode
        switch JSONNode.parse(bytes) {
        case .success(let node): root = node
        case .failure(let error):
            throw ScanFileError(path: path, message: "line \(error.line), column \(error.column): \(error.message)")
        }
        var reader = FieldReader(path: path)
        guard root.isObject else { throw reader.error("", "expected an object") }
        let version = try reader.integer(root, "version", in: 1...1_000)
        guard version == Self.formatVersion else {
            throw reader.error("version", "is \(version); this seemore reads version \(Self.formatVersion)")
        }
        self.init(
            corpus: try reader.string(root, "corpus"), templates: try reader.strings(root, "templates"),
            fonts: try reader.strings(root, "fonts"), widths: try reader.numbers(root, "widths"), shard: nil,
            galleryLimit: try reader.integer(root, "galleryLimit", in: 0...ScanGallery.maximumLimit))
        // Locales came after the format's version 1: a scan.json without them has none.
        if root["locales"] != nil { locales = try reader.strings(root, "locales") }
        if let pseudo = root["pseudo"] {
            guard let parsed = pseudo.string.flatMap(PseudoLocale.init(rawValue:)) else {
                throw reader.error("pseudo", "expected one of \(PseudoLocale.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.pseudo = parsed
        }
        if let textSize = root["textSize"] {
            guard let parsed = textSize.string.flatMap(TextSize.init(parsing:)) else {
                throw reader.error("textSize", "expected \(TextSize.rule)")
            }
            self.textSize = parsed
        }
        if let shard = root["shard"] {
            guard let parsed = shard.string.flatMap(Shard.init) else { throw reader.error("shard", "expected \(Shard.syntax)") }
            self.shard = parsed
        }
        texts = try reader.integer(root, "texts")
        statistics.badRecords = try reader.integer(root, "badRecords")
        guard let cells = root["cells"]?.array, cells.count <= ScanMatrix.maximumCells else {
            throw reader.error("cells", "expected an array of at most \(ScanMatrix.maximumCells) cells")
        }
        for (index, node) in cells.enumerated() {
            reader.prefix = "cells[\(index)]."
            let key = ScanStatistics.Key(
                template: try reader.string(node, "template"), locale: try reader.optionalString(node, "locale") ?? "",
                font: try reader.string(node, "font"), width: try reader.number(node, "width"))
            var cell = ScanStatistics.Cell()
            cell.texts = try reader.integer(node, "texts")
            cell.refused = try reader.integer(node, "refused")
            cell.truncated = try reader.integer(node, "truncated")
            // Counted since locales came (format version 1 still): an older scan.json has none.
            if node["keptCharacters"] != nil { cell.keptCharacters = try reader.integer(node, "keptCharacters") }
            cell.suffixWraps = try reader.integer(node, "suffixWraps")
            cell.characterCuts = try reader.integer(node, "characterCuts")
            cell.withTofu = try reader.integer(node, "withTofu")
            cell.withFallback = try reader.integer(node, "withFallback")
            let bins = try reader.integers(node, "shownShare")
            guard bins.count == ScanStatistics.shareBins else {
                throw reader.error("shownShare", "expected \(ScanStatistics.shareBins) bins")
            }
            cell.shownShare = bins
            guard let lines = node["lines"]?.integers(in: 0...Int(Int32.max)) else {
                throw reader.error("lines", "expected counts by line count")
            }
            for (count, texts) in lines {
                guard let number = Int(count), number >= 0, number <= CardLimits.maximumLines else {
                    throw reader.error("lines", "\"\(count)\" is no line count (0 to \(CardLimits.maximumLines))")
                }
                cell.lines[number] = texts
            }
            guard let lints = node["lints"]?.integers(in: 0...ScanResult.maximumCount) else {
                throw reader.error("lints", "expected counts by lint")
            }
            for (name, count) in lints where count > 0 {
                guard let kind = CutLint.Kind(rawValue: name) else { throw reader.error("lints", "unknown lint \"\(name)\"") }
                cell.lints[kind] = count
            }
            guard let fallback = node["fallbackFonts"]?.integers(in: 0...ScanResult.maximumCount),
                fallback.count <= ScanStatistics.maximumFallbackFamilies
            else {
                throw reader.error(
                    "fallbackFonts", "expected counts by family, at most \(ScanStatistics.maximumFallbackFamilies)")
            }
            for (family, count) in fallback where count > 0 { cell.fallbackFonts[family] = count }
            guard statistics.cells[key] == nil else { throw reader.error("", "a second cell for \(key.title)") }
            statistics.set(key, cell)
        }
        guard let gallery = root["gallery"]?.array, gallery.count <= ScanGallery.maximumLimit * CutLint.Kind.allCases.count else {
            throw reader.error("gallery", "expected an array of at most \(ScanGallery.maximumLimit) cases per lint")
        }
        for (index, node) in gallery.enumerated() {
            reader.prefix = "gallery[\(index)]."
            let name = try reader.string(node, "kind")
            guard let kind = CutLint.Kind(rawValue: name) else { throw reader.error("kind", "unknown lint \"\(name)\"") }
            let text = try reader.string(node, "text")
            guard text.unicodeScalars.count <= ScanGallery.maximumTextCharacters else {
                throw reader.error("text", "longer than \(ScanGallery.maximumTextCharacters) characters")
            }
            var language: LanguageTag? = nil
            if let given = node["lang"], !given.isNull {
                guard let tag = given.string.flatMap({ LanguageTag($0) }) else {
                    throw reader.error("lang", "expected \(LanguageTag.rule)")
                }
                language = tag
            }
            let entry = ScanGallery.Entry(
                kind: kind, score: try reader.integer(node, "score"),
                cell: .init(
                    template: try reader.string(node, "template"), locale: try reader.optionalString(node, "locale") ?? "",
                    font: try reader.string(node, "font"), width: try reader.number(node, "width")),
                id: try reader.string(node, "id"), line: try reader.integer(node, "line"), text: text,
                language: language, details: try reader.strings(node, "details"))
            self.gallery.insert(entry)
        }
    }
}

/// A `scan.json` or `cases.jsonl` that cannot be read: its path, and the field or line.
package struct ScanFileError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var message: String
    package var description: String { "\(path): \(message)" }
}

/// Reads typed fields of `scan.json`, each error naming its field.
private struct FieldReader {
    let path: String
    var prefix = ""

    func error(_ field: String, _ message: String) -> ScanFileError {
        ScanFileError(path: path, message: field.isEmpty && prefix.isEmpty ? message : "\(prefix)\(field): \(message)")
    }

    func string(_ node: JSONNode, _ key: String) throws -> String {
        guard let value = node[key]?.string else { throw error(key, "expected a string") }
        return value
    }

    /// A string member that an older `scan.json` lacks; nil when absent.
    func optionalString(_ node: JSONNode, _ key: String) throws -> String? {
        guard let member = node[key] else { return nil }
        guard let value = member.string else { throw error(key, "expected a string") }
        return value
    }

    func strings(_ node: JSONNode, _ key: String) throws -> [String] {
        guard let values = node[key]?.array, values.count <= ScanMatrix.maximumCells else {
            throw error(key, "expected an array of strings")
        }
        let texts = values.compactMap(\.string)
        guard texts.count == values.count else { throw error(key, "expected an array of strings") }
        return texts
    }

    func number(_ node: JSONNode, _ key: String) throws -> Double {
        guard let value = node[key]?.number, value.isFinite else { throw error(key, "expected a number") }
        return value
    }

    func numbers(_ node: JSONNode, _ key: String) throws -> [Double] {
        guard let values = node[key]?.array, values.count <= ScanMatrix.maximumCells else {
            throw error(key, "expected an array of numbers")
        }
        let numbers = values.compactMap(\.number)
        guard numbers.count == values.count else { throw error(key, "expected an array of numbers") }
        return numbers
    }

    /// A count: a whole number from 0 to `ScanResult.maximumCount`, so that the sums of the most shards
    /// there can be (100 000) stay far from overflowing.
    func integer(_ node: JSONNode, _ key: String, in range: ClosedRange<Int> = 0...ScanResult.maximumCount) throws -> Int {
        guard let value = node[key]?.integer(in: range) else {
            throw error(key, "expected a whole number from \(range.lowerBound)")
        }
        return value
    }

    func integers(_ node: JSONNode, _ key: String) throws -> [Int] {
        guard let values = node[key]?.array else { throw error(key, "expected an array of counts") }
        let counts = values.compactMap { $0.integer(in: 0...ScanResult.maximumCount) }
        guard counts.count == values.count else { throw error(key, "expected an array of counts") }
        return counts
    }
}

extension JSONNode {
    /// An object whose members are all counts, as pairs; nil for anything else.
    fileprivate func integers(in range: ClosedRange<Int>) -> [(String, Int)]? {
        guard let members = objectMembers else { return nil }
        var pairs: [(String, Int)] = []
        for (key, node) in members {
            guard let count = node.integer(in: range) else { return nil }
            pairs.append((key, count))
        }
        return pairs
    }
}
