import CPangoCairo

/// The order in which fontconfig falls back to fonts for a language, as SeeMore's goldens depend on it.
package enum FallbackOrder {
    /// The languages whose fallback the goldens show: the scripts of the suite and the demo.
    package static let languages = ["en", "ja", "ko", "zh-cn", "zh-tw", "ar", "he", "hi", "th", "vi"]

    /// The first `count` families fontconfig sorts for `sans-serif` in each of `languages`.
    package static func current(count: Int = 4) -> [String: [String]] {
        var order: [String: [String]] = [:]
        for language in languages { order[language] = families(language: language, count: count) }
        return order
    }

    /// The first `count` distinct families fontconfig sorts for `sans-serif` text in `language`.
    static func families(language: String, count: Int) -> [String] {
        // The machine's configuration, never one a design's files were added to.
        guard let machine = Result(catching: { try FontConfiguration.machine() }).value, let pattern = FcPatternCreate() else {
            return []
        }
        let config = machine?.pointer
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
        FcPatternAddString(pattern, FC_LANG, language)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(sorted) }
        var families: [String] = []
        for index in 0..<Int(sorted.pointee.nfont) where families.count < count {
            var family: UnsafeMutablePointer<FcChar8>? = nil
            guard let font = sorted.pointee.fonts[index], FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch,
                let family
            else { continue }
            let name = String(cString: family)
            if !families.contains(name) { families.append(name) }
        }
        return families
    }
}

extension Result {
    /// The success's value; nil for a failure.
    fileprivate var value: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }
}
