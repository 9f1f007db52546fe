import CPangoCairo

/// A fontconfig configuration of a font map's own, holding a design's font files (`FontFiles`): on
/// top of the machine's fonts, or alone when hermetic (an empty configuration: no font folder, no
/// rule, so every family, generic ones included, resolves among the files).
final class FontConfiguration {
    let pointer: OpaquePointer

    /// - Throws: `FontFilesError` naming a file fontconfig cannot read a font from;
    ///   `PangoError.creationFailed` when fontconfig cannot make a configuration.
    init(_ fonts: FontFiles) throws {
        guard let config = fonts.hermetic ? FcConfigCreate() : FcInitLoadConfigAndFonts() else {
            throw PangoError.creationFailed("a fontconfig configuration")
        }
        pointer = config
        // Files never change under a running process: no rescans.
        FcConfigSetRescanInterval(config, 0)
        for file in fonts.files {
            let before = seemore_application_font_count(config)
            guard FcConfigAppFontAddFile(config, file) != 0, seemore_application_font_count(config) > before else {
                throw FontFilesError(entry: file, reason: "fontconfig finds no font in it")
            }
        }
    }

    deinit {
        FcConfigDestroy(pointer)
    }
}
