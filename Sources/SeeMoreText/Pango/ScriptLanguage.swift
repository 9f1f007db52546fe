import CPangoCairo

/// The language Pango takes as typical of a script, for texts whose language nobody gave.
enum ScriptLanguage {
    /// Pango's sample language of `script` as a tag (`"ar"` for Arabic), or nil when it has none.
    static func sample(of script: GUnicodeScript) -> String? {
        guard let language = pango_script_get_sample_language(PangoScript(rawValue: script.rawValue)),
            let tag = pango_language_to_string(language)
        else { return nil }
        return String(cString: tag)
    }
}
