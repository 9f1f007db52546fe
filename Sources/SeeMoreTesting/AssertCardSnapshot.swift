import Foundation
import SeeMore
import Testing
import XCTest

// What `import SeeMoreTesting` gives a test: `assertCardSnapshot` and the types of its parameters,
// not the whole library (`import SeeMore` for that).
@_exported import enum SeeMoreCards.CardState
@_exported import enum SeeMoreGoldens.IgnoreRegion
@_exported import enum SeeMoreGoldens.RecordMode
@_exported import struct SeeMoreGoldens.Tolerance
@_exported import struct SeeMoreSupport.Rect
@_exported import enum SeeMoreText.PseudoLocale
@_exported import enum SeeMoreText.TextDirection
@_exported import enum SeeMoreText.TextSize

/// Renders a card and compares it with a golden next to the test file, as `seemore check` does.
///
/// Goldens live in `__Goldens__/<TestFile>/<test>[.<arguments>].<name or number>.<state>.png` beside
/// the test file, each with its layout snapshot: unnamed snapshots are numbered in the order the test
/// takes them (`inlineMoreCard.1`, `inlineMoreCard.2`), and every case of a parameterized Swift Testing
/// test has its own, named after its arguments. A missing golden is recorded and the test fails, saying where it was written;
/// a mismatch fails with the paths of the golden, the actual image and the diff. The record mode is
/// `record`, else the `SEEMORE_RECORD` environment variable (`never`, `missing`, `failed`, `all`),
/// else `never` when `CI` is set and `missing` otherwise. Works from XCTest and Swift Testing.
///
/// - Parameters:
///   - text: the card's text (Pango markup when `markup`).
///   - template: a template name from the package's `Templates/`, or a path to a template file.
///   - width: the card's outer width in points (default the template's `card.width`).
///   - font: a Pango font description of the body, `"IPAGothic 15"` (default the template's).
///   - lines: the collapsed line limit (default the template's `body.lines`).
///   - lang: the text's language, BCP 47 (`"ja"`, `"zh-Hant"`), for shaping and font fallback
///     (default the template's `body.lang`, else guessed from the text).
///   - direction: the paragraphs' base direction (default the template's, else `auto`).
///   - theme: one of the template's themes.
///   - scale: 1, 2 or 3: the resolution only; the cut and every rect in points stay the same.
///   - markup: `text` is Pango markup (`<b>`, `<span foreground="#D0021B">`).
///   - pseudo: draws the text and the card's strings in a pseudo-locale (`.accented`, `.expanded`,
///     `.bidi`, after Android's en-XA and ar-XB); the golden's name carries it (`….1.expanded.collapsed.png`).
///   - textSize: draws at a reader's text size (`.ios(.ax3)`, `.android(1.3)`, `.factor(1.25)`), the
///     template's fonts scaled by their text styles; the golden's name carries it (`….1.AX3.collapsed.png`).
///   - locale: draws as an app in this locale (BCP 47, `"de"`, `"ar"`): the template's strings from
///     `catalogs` (by the keys its `strings` names), the chrome in the locale's direction, the text read
///     in its language unless `lang` says; the golden's name carries it (`….1.ar.collapsed.png`).
///   - catalogs: string catalogs or folders of them (`.xcstrings`, `.strings`, `strings.xml`, `.arb`,
///     `.po`, i18next `.json`), relative to the test file's folder.
///   - states: the pictures to check; each has its own golden.
///   - name: names the snapshot instead of its number (`named: "dark"`).
///   - record: the record mode (default `SEEMORE_RECORD`, else `never` on CI and `missing` elsewhere).
///   - tolerance: how different pixels may be (default none).
///   - ignore: parts of the card never compared (`.part(.avatar)`, `.rect(Rect(…))` in points).
///   - templatesFolder: the only folder templates are looked up in.
///   - fontFiles: font files and folders of them, relative to the test file's folder, whose families
///     resolve to them before any installed font.
///   - hermeticFonts: the font files are the only fonts (needs `fontFiles`).
public func assertCardSnapshot(
    _ text: String,
    template: String = "inline-more",
    width: Double? = nil,
    font: String? = nil,
    lines: Int? = nil,
    lang: String? = nil,
    direction: TextDirection? = nil,
    theme: String = "light",
    scale: Int = 1,
    markup: Bool = false,
    pseudo: PseudoLocale? = nil,
    textSize: TextSize? = nil,
    locale: String? = nil,
    catalogs: [String] = [],
    states: [CardState] = CardState.allCases,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance = Tolerance(),
    ignore: [IgnoreRegion] = [],
    templatesFolder: String? = nil,
    fontFiles: [String] = [],
    hermeticFonts: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let source = SnapshotSource(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        var loaded = try source.templates(templatesFolder).load(template)
        let tag = locale.flatMap { LanguageTag($0) }
        if let locale, tag == nil {
            return source.fail("assertCardSnapshot: locale must be \(LanguageTag.rule), not '\(locale)'")
        }
        if let tag, !catalogs.isEmpty {
            let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path
            loaded = try loaded.localized(tag, catalog: try CatalogLoader.load(catalogs, relativeTo: folder))
        }
        let localized = pseudo.map { loaded.pseudoLocalized($0) } ?? loaded
        let sized = try textSize.map { try localized.scaled(for: $0) } ?? localized
        let drawnFont =
            try textSize.flatMap { size in
                try font.map { try FontDescription.resized($0) { size.scaled($0, style: sized.body.textStyle) } }
            } ?? font
        var request = CardRequest(
            text: pseudo.map { $0.apply(to: text, markup: markup) } ?? text, template: sized, markup: markup, width: width,
            font: drawnFont, lines: lines, theme: theme, scale: scale)
        if let lang {
            guard let tag = LanguageTag(lang) else {
                return source.fail("assertCardSnapshot: lang must be \(LanguageTag.rule), not '\(lang)'")
            }
            request.language = tag
        }
        if let tag { request.setAppLocale(tag) }
        request.direction = direction
        if hermeticFonts && fontFiles.isEmpty {
            return source.fail(
                "assertCardSnapshot: hermeticFonts needs fontFiles: with no font file there would be no font at all")
        }
        let fonts = try source.fonts(fontFiles, hermetic: hermeticFonts).merged(with: request.template.fonts)
        let renderer = try SnapshotSource.renderer(fonts: fonts)
        let mode = try record ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        let identifier =
            SnapshotCounter.shared.next(named: name, test: "\(filePath)\u{0}\(function)")
            + (textSize.map { "." + $0.token } ?? "") + (tag.map { "." + $0.rawValue } ?? "")
            + (pseudo.map { "." + $0.rawValue } ?? "")
        for state in states {
            let location = source.location(test: function, identifier: identifier, state: state)
            TestingGoldenPruner.noteUse(location.pngPath, artifacts: source.artifactsFolder)
            let (image, metadata) = try renderer.draw(request, state: state)
            let result = GoldenCheck.check(
                image, metadata: metadata, scale: scale, at: location, record: mode, tolerance: tolerance,
                ignore: ignore, artifacts: ArtifactsFolder(path: source.artifactsFolder))
            if result.failed {
                let test = String(function.prefix { $0 != "(" })
                source.attach(result, artifacts: source.artifactsFolder)
                source.fail(SnapshotSource.message(result, artifacts: source.artifactsFolder, test: test))
            }
        }
    } catch {
        source.fail("assertCardSnapshot could not render the card: \(error)")
    }
}

/// Where a snapshot assertion was written, and how it reports.
struct SnapshotSource {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// `templatesFolder` alone when given; else the `Templates/` folder of the package holding the
    /// test file (its own templates first), then the ones `seemore` finds, SeeMore's built-in ones included.
    func templates(_ templatesFolder: String?) -> TemplateLoader {
        var loader = TemplateLoader.standard(templatesFolder: templatesFolder)
        if templatesFolder == nil, let package = TemplateLoader.packageFolder(containing: URL(fileURLWithPath: "\(filePath)")) {
            let folder = package.appendingPathComponent("Templates").path
            loader.folders.removeAll { $0 == folder }
            loader.folders.insert(folder, at: 0)
        }
        return loader
    }

    /// This thread's renderer: Pango font maps belong to one thread, and making one costs more than
    /// drawing a card, so each test thread keeps its own.
    /// One per set of fonts.
    static func renderer(fonts: FontFiles = .system) throws -> CardRenderer {
        let key = "SeeMoreTesting.CardRenderer." + fonts.files.joined(separator: "\u{0}") + (fonts.hermetic ? ".hermetic" : "")
        if let renderer = Thread.current.threadDictionary[key] as? CardRenderer { return renderer }
        let renderer = try CardRenderer(fonts: fonts)
        Thread.current.threadDictionary[key] = renderer
        return renderer
    }

    /// Font files and folders named relative to the test file's folder.
    func fonts(_ entries: [String], hermetic: Bool) throws -> FontFiles {
        let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path
        return FontFiles(files: try FontFiles.expand(entries, relativeTo: folder), hermetic: hermetic)
    }

    /// Where a failure's actual and diff images go: `$SNAPSHOT_ARTIFACTS`, else the `.build` folder of
    /// the package holding the test file (`.build/seemore-snapshots`), never a folder another project
    /// shares; the temporary folder only when no package is found above the test file.
    var artifactsFolder: String {
        if let given = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !given.isEmpty { return given }
        var folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        for _ in 0..<16 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/seemore-snapshots").path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return NSTemporaryDirectory() + "seemore-snapshots-\(getuid())"
    }

    /// Attaches a failure's golden, actual and diff images to the running Swift Testing test, so the
    /// test's results carry the pictures (`swift test --attachments-path DIR` saves them; an IDE shows
    /// them). XCTest on Linux has no attachments: there the message names the files.
    func attach(_ result: CaseResult, artifacts: String) {
        guard Test.current != nil else { return }
        var files: [(kind: String, path: String)] = []
        if result.recordedPath == nil, FileManager.default.fileExists(atPath: result.goldenPath) {
            files.append(("golden", result.goldenPath))
        }
        for kind in ["actual", "diff"] {
            if let file = result.artifacts[kind] { files.append((kind, artifacts + "/" + file)) }
        }
        let stem = URL(fileURLWithPath: result.goldenPath).deletingPathExtension().lastPathComponent
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            Attachment.record(
                [UInt8](data), named: "\(stem).\(file.kind).png",
                sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            )
        }
    }

    /// `<folder of the test file>/__Goldens__/<TestFile>/<test>[.<arguments>].<identifier>.<state>`.
    func location(test function: String, identifier: String, state: CardState) -> GoldenLocation {
        let file = URL(fileURLWithPath: "\(filePath)")
        let folder = file.deletingLastPathComponent().appendingPathComponent("__Goldens__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        let test = Self.sanitize(String(function.prefix { $0 != "(" }))
        let arguments = SnapshotCounter.argumentsComponent().map { "." + Self.distinct($0) } ?? ""
        let stem = test + arguments + "." + Self.sanitize(identifier) + "." + state.rawValue
        let base = folder.appendingPathComponent(stem).path
        return GoldenLocation(
            name: file.deletingPathExtension().lastPathComponent + "/" + stem, pngPath: base + ".png",
            layoutPath: base + ".layout.txt", root: folder.path)
    }

    /// `sanitize(text)`, with a hash of `text` when that lost something, so "猫" and "犬" stay apart.
    private static func distinct(_ text: String) -> String {
        let clean = sanitize(text)
        return clean == text ? clean : clean + "-" + ContentHash.fnv1a64(text.utf8).prefix(8)
    }

    private static func sanitize(_ text: String) -> String {
        // Dots inside a name are kept ("dark.2"); a leading one is not, so no name is hidden or "..".
        let kept = String(text.prefix(100).map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        return kept.hasPrefix(".") ? "_" + kept.dropFirst() : kept
    }

    /// One line for the problem, one per file, and how to accept the new picture.
    static func message(_ result: CaseResult, artifacts: String, test: String) -> String {
        var lines = ["Card snapshot \(result.name) failed (\(result.change)): \(result.message)"]
        if let recorded = result.recordedPath {
            // `failed` and `all` replace a golden that was there; `missing` writes one that was not.
            let what = result.outcome == .missing ? "recorded a new golden" : "replaced the golden"
            lines.append("  \(what) at \(recorded): look at it, commit it, and the next run compares with it")
        } else {
            lines.append("  golden: \(result.goldenPath)")
        }
        for kind in ["actual", "diff"] {
            if let file = result.artifacts[kind] { lines.append("  \(kind): \(artifacts)/\(file)") }
        }
        if result.recordedPath == nil {
            lines.append("  to accept the new picture: SEEMORE_RECORD=failed swift test --filter \(test)")
        }
        return lines.joined(separator: "\n")
    }

    /// Fails the running test: a Swift Testing issue inside a `@Test`, an XCTest failure otherwise.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
