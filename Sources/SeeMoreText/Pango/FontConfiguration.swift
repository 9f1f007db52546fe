import CPangoCairo
import SeeMoreSupport

/// A fontconfig configuration of a font map's own, holding a design's font files (`FontFiles`): on
/// top of the machine's fonts, or alone when hermetic (an empty configuration: no font folder, no
/// rule, so every family, generic ones included, resolves among the files).
///
/// fontconfig has no way to copy a configuration, and Pango loads the machine's (fontconfig's current
/// one) on a thread of its own when a process makes its first font map. A design's files on top of
/// the machine's would load it a second time; in a program that owns its process
/// (`FontFiles.programOwnsFontconfig()`) the first such configuration instead becomes the current
/// one, so the machine's configuration is loaded once. Font maps of the machine's fonts alone, and
/// the fingerprint's fallback order, then use a configuration without the design's files, loaded
/// when first needed.
final class FontConfiguration {
    let pointer: OpaquePointer

    /// What fontconfig's current configuration is, as far as SeeMore knows; under `FontMap`'s lock.
    private enum Current {
        /// No font map made yet: the current configuration, if any, is someone else's.
        case untouched
        /// The machine's, loaded by fontconfig itself.
        case machine
        /// A design's, with the machine's fonts under it.
        case design(FontFiles, FontConfiguration)
    }
    nonisolated(unsafe) private static var current = Current.untouched
    /// The machine's configuration when the current one is a design's.
    nonisolated(unsafe) private static var machineAlone: FontConfiguration?
    nonisolated(unsafe) private static var programOwnsFontconfig = false
    private static let stateLock = Lock()

    /// See `FontFiles.programOwnsFontconfig()`.
    static func claimProcess() {
        stateLock.withLock { programOwnsFontconfig = true }
    }

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// - Throws: `FontFilesError` naming a file fontconfig cannot read a font from;
    ///   `PangoError.creationFailed` when fontconfig cannot make a configuration.
    private convenience init(_ fonts: FontFiles) throws {
        guard let config = fonts.hermetic ? FcConfigCreate() : FcInitLoadConfig() else {
            throw PangoError.creationFailed("a fontconfig configuration")
        }
        self.init(pointer: config)
        try FontFiles.checkFaces(fonts.files)
        if fonts.hermetic {
            // An empty configuration draws with no rule at all: it gets the machine's rules that change glyphs.
            guard HermeticRules.apply(to: config) else {
                throw PangoError.creationFailed("the fontconfig rules of hermetic fonts")
            }
        } else {
            // The design's files are its families: an installed font of the same family is not loaded
            // (it would win a tie, being found first), the files themselves are (accepted by path).
            if !fonts.files.isEmpty, FcConfigParseAndLoadFromMemory(config, Self.designSelection(fonts.files), FcTrue) == 0 {
                throw PangoError.creationFailed("a fontconfig configuration with the design's families")
            }
            guard FcConfigBuildFonts(config) != 0 else {
                throw PangoError.creationFailed("the machine's fonts in a fontconfig configuration")
            }
        }
        // Files never change under a running process: no rescans.
        FcConfigSetRescanInterval(config, 0)
        for file in fonts.files {
            let before = seemore_application_font_count(config)
            guard FcConfigAppFontAddFile(config, file) != 0, seemore_application_font_count(config) > before else {
                throw FontFilesError(entry: file, reason: "fontconfig finds no font in it")
            }
        }
    }

    /// Every face of the font file at `path`, once per family name it gives (none for a file that is
    /// no font).
    static func faces(of path: String) -> [FontFileFace] {
        guard let set = FcFontSetCreate() else { return [] }
        defer { FcFontSetDestroy(set) }
        var count: Int32 = 0
        _ = FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set)
        var faces: [FontFileFace] = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var weight: Int32 = Int32(FC_WEIGHT_REGULAR)
            _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
            var slant: Int32 = Int32(FC_SLANT_ROMAN)
            _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
            let cssWeight = min(900, max(100, Int(FcWeightToOpenType(weight))))
            var name: UnsafeMutablePointer<FcChar8>? = nil
            var position: Int32 = 0
            while FcPatternGetString(pattern, FC_FAMILY, position, &name) == FcResultMatch, let name {
                let face = FontFileFace(family: String(cString: name), weight: cssWeight, italic: slant != FC_SLANT_ROMAN)
                if !faces.contains(face) { faces.append(face) }
                position += 1
            }
        }
        return faces
    }

    /// fontconfig's rules that load `files` and no installed font of their families: every family
    /// name of every face in them is rejected, and the files accepted by path (acceptance wins).
    static func designSelection(_ files: [String]) -> String {
        var families: [String] = []
        for file in files {
            for face in faces(of: file) where !families.contains(face.family) { families.append(face.family) }
        }
        func element(_ name: String, _ value: String) -> String {
            "<pattern><patelt name=\"\(name)\"><string>\(XMLText.escaped(value))</string></patelt></pattern>"
        }
        let accepted = files.map { element("file", $0) }.joined()
        let rejected = families.map { element("family", $0) }.joined()
        return "<?xml version=\"1.0\"?><fontconfig><selectfont><acceptfont>\(accepted)</acceptfont>"
            + "<rejectfont>\(rejected)</rejectfont></selectfont></fontconfig>"
    }

    /// The configuration a font map of `fonts` uses; nil: fontconfig's current one, the machine's.
    /// - Throws: as `init`.
    static func forFontMap(_ fonts: FontFiles) throws -> FontConfiguration? {
        try stateLock.withLock {
            if fonts.isSystem { return try machineLocked() }
            if fonts.hermetic { return try FontConfiguration(fonts) }
            switch current {
            case .design(let shared, let configuration) where shared == fonts: return configuration
            case .untouched where programOwnsFontconfig:
                let configuration = try FontConfiguration(fonts)
                // Before any font map: Pango's initialisation then finds a current configuration.
                guard FcConfigSetCurrent(configuration.pointer) != 0 else { return configuration }
                current = .design(fonts, configuration)
                return configuration
            default:
                if case .untouched = current { current = .machine }
                return try FontConfiguration(fonts)
            }
        }
    }

    /// The machine's configuration without any design's files, for the fingerprint's fallback order;
    /// nil: fontconfig's current one is it.
    static func machine() throws -> FontConfiguration? {
        try stateLock.withLock { try machineLocked() }
    }

    private static func machineLocked() throws -> FontConfiguration? {
        switch current {
        case .untouched:
            // fontconfig loads the machine's configuration as the current one when it is first used.
            current = .machine
            return nil
        case .machine: return nil
        case .design:
            if let machineAlone { return machineAlone }
            let loaded = try FontConfiguration(.system)
            machineAlone = loaded
            return loaded
        }
    }

    deinit {
        FcConfigDestroy(pointer)
    }
}

/// One face of a font file as fontconfig reads it: each of its family names, its weight on CSS's
/// scale (100–900) and whether it slants.
package struct FontFileFace: Equatable, Sendable {
    package var family: String
    package var weight: Int
    package var italic: Bool
}

extension FontFiles {
    /// Every face of every file, with its file: what a browser is given to draw with the same fonts.
    package var faces: [(path: String, face: FontFileFace)] {
        files.flatMap { path in FontConfiguration.faces(of: path).map { (path, $0) } }
    }
}
