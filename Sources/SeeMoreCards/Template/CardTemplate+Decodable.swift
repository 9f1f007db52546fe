import FoundationEssentials
import SeeMoreImage
import SeeMoreSupport
import SeeMoreText

/// Templates decode with defaults for every optional field and reject unknown fields, so a typo is an error.
extension CardTemplate: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, summary, kind, card, header, avatar, body, ellipsis, ending, suffix, expandedSuffix, field, links, themes
        case fontFiles, hermeticFonts, strings
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        if !name.isEmpty && !PathPolicy.isSafeName(name) {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container,
                debugDescription: "\(name.debugDescription) is not a plain name (\(PathPolicy.namePattern)); it names files")
        }
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .card
        card = try container.decodeIfPresent(Box.self, forKey: .card) ?? Box()
        header = try container.decodeIfPresent(Header.self, forKey: .header)
        avatar = try container.decodeIfPresent(Avatar.self, forKey: .avatar)
        if avatar != nil && header == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .avatar, in: container, debugDescription: "an avatar needs a header (its author's name)")
        }
        body = try container.decodeIfPresent(Body.self, forKey: .body) ?? Body()
        ellipsis = try container.decodeIfPresent(String.self, forKey: .ellipsis) ?? "… "
        ending = try container.decodeIfPresent(Ending.self, forKey: .ending) ?? Ending()
        suffix = try container.decodeIfPresent(Suffix.self, forKey: .suffix) ?? Suffix()
        expandedSuffix = try container.decodeIfPresent(String.self, forKey: .expandedSuffix)
        field = try container.decodeIfPresent(Field.self, forKey: .field) ?? Field()
        links = try container.decodeIfPresent(Links.self, forKey: .links) ?? Links()
        themes = try container.decode([String: Theme].self, forKey: .themes)
        stringKeys = try Self.stringKeys(in: container)
        fontFileEntries = try container.decodeIfPresent([String].self, forKey: .fontFiles) ?? []
        fonts.hermetic = try container.decodeIfPresent(Bool.self, forKey: .hermeticFonts) ?? false
        if fonts.hermetic && fontFileEntries.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .hermeticFonts, in: container,
                debugDescription: "hermetic fonts need fontFiles: with no font file there would be no font at all")
        }
        for theme in themes.keys.sorted() where !PathPolicy.isSafeName(theme) {
            let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .themes)
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(stringValue: theme), in: nested,
                debugDescription:
                    "theme name \(theme.debugDescription) is not a plain name (\(PathPolicy.namePattern)); it names files")
        }
        if themes.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .themes, in: container, debugDescription: "needs at least one theme, such as \"light\"")
        }
    }

    /// `strings`: the catalog key of each card string (`CardString`) a translator translates.
    private static func stringKeys(in container: KeyedDecodingContainer<CodingKeys>) throws -> [CardString: String] {
        guard container.contains(.strings) else { return [:] }
        let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .strings)
        var keys: [CardString: String] = [:]
        for key in nested.allKeys {
            guard let string = CardString(rawValue: key.stringValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: nested,
                    debugDescription:
                        "strings names keys of \(CardString.allCases.map(\.rawValue).joined(separator: ", ")), not '\(key.stringValue)'"
                )
            }
            let value = try nested.decode(String.self, forKey: key)
            guard !value.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: key, in: nested, debugDescription: "a catalog key is not empty")
            }
            keys[string] = value
        }
        return keys
    }
}

extension CardTemplate.Box: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, padding, cornerRadius, borderWidth }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        width = try container.decodePositive(forKey: .width, maximum: CardLimits.maximumWidth) ?? defaults.width
        padding = try container.decodeIfPresent(CardTemplate.Insets.self, forKey: .padding) ?? defaults.padding
        cornerRadius = try container.decodeNonNegative(forKey: .cornerRadius) ?? defaults.cornerRadius
        borderWidth = try container.decodeNonNegative(forKey: .borderWidth) ?? defaults.borderWidth
    }
}

extension CardTemplate.Insets: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case top, right, bottom, left, horizontal, vertical }

    /// A number for all four sides, or an object of `top`, `right`, `bottom`, `left`, `horizontal`, `vertical`.
    package init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let all = try? single.decode(Double.self) {
            guard all >= 0 else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "must be 0 or more, not \(all)")
            }
            self.init(all: all)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let horizontal = try container.decodeNonNegative(forKey: .horizontal) ?? 0
        let vertical = try container.decodeNonNegative(forKey: .vertical) ?? 0
        self.init(
            top: try container.decodeNonNegative(forKey: .top) ?? vertical,
            right: try container.decodeNonNegative(forKey: .right) ?? horizontal,
            bottom: try container.decodeNonNegative(forKey: .bottom) ?? vertical,
            left: try container.decodeNonNegative(forKey: .left) ?? horizontal)
    }
}

extension CardTemplate.Header: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case displayName, handle, font, handleFont, spacing, placement, textStyle }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self(displayName: "", handle: "")
        displayName = try container.decode(String.self, forKey: .displayName)
        handle = try container.decodeIfPresent(String.self, forKey: .handle) ?? ""
        placement = try container.decodeIfPresent(CardTemplate.HeaderPlacement.self, forKey: .placement) ?? .line
        font = try container.decodeFont(forKey: .font) ?? defaults.font
        handleFont = try container.decodeFont(forKey: .handleFont)
        spacing = try container.decodeNonNegative(forKey: .spacing) ?? defaults.spacing
        textStyle = try container.decodeIfPresent(TextSize.TextStyle.self, forKey: .textStyle) ?? defaults.textStyle
    }
}

extension CardTemplate.Body: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case font, lineHeight, lines, cut, hyphens, direction, korean, lang, urls, urlLength, platform, lineBreak, wordBreak
        case textStyle
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        font = try container.decodeFont(forKey: .font) ?? defaults.font
        lineHeight = try container.decodeLineHeight(forKey: .lineHeight) ?? defaults.lineHeight
        lines = try container.decodeCount(forKey: .lines) ?? defaults.lines
        cut = try container.decodeIfPresent(CutMode.self, forKey: .cut) ?? defaults.cut
        hyphens = try container.decodeIfPresent(Hyphens.self, forKey: .hyphens) ?? defaults.hyphens
        direction = try container.decodeIfPresent(TextDirection.self, forKey: .direction) ?? defaults.direction
        // A platform's defaults first, then the fields given ("korean" is the former "wordBreak").
        if let platform = try container.decodeIfPresent(Platform.self, forKey: .platform) { apply(platform) }
        if container.contains(.korean) && container.contains(.wordBreak) {
            throw DecodingError.dataCorruptedError(
                forKey: .korean, in: container, debugDescription: "\"korean\" is the former name of \"wordBreak\": give only one")
        }
        if let korean = try container.decodeIfPresent(KoreanLineBreak.self, forKey: .korean) {
            wordBreak = korean == .words ? .keepHangul : .normal
        }
        lineBreak = try container.decodeIfPresent(LineBreak.self, forKey: .lineBreak) ?? lineBreak
        wordBreak = try container.decodeIfPresent(WordBreak.self, forKey: .wordBreak) ?? wordBreak
        urls = try container.decodeIfPresent(URLDisplay.self, forKey: .urls) ?? defaults.urls
        urlLength = try container.decodeCount(forKey: .urlLength) ?? defaults.urlLength
        lang = try container.decodeIfPresent(LanguageTag.self, forKey: .lang)
        textStyle = try container.decodeIfPresent(TextSize.TextStyle.self, forKey: .textStyle) ?? defaults.textStyle
    }
}

extension CardTemplate.Suffix: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, font, underline, placement, spacing, fadeWidth, fade, textStyle
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        text = try container.decodeIfPresent(String.self, forKey: .text) ?? defaults.text
        font = try container.decodeFont(forKey: .font)
        underline = try container.decodeIfPresent(Bool.self, forKey: .underline) ?? defaults.underline
        placement = try container.decodeIfPresent(CardTemplate.Placement.self, forKey: .placement) ?? defaults.placement
        spacing = try container.decodeNonNegative(forKey: .spacing) ?? defaults.spacing
        fadeWidth = try container.decodeNonNegative(forKey: .fadeWidth) ?? defaults.fadeWidth
        fade = try container.decodeIfPresent(CardTemplate.Fade.self, forKey: .fade) ?? defaults.fade
        textStyle = try container.decodeIfPresent(TextSize.TextStyle.self, forKey: .textStyle)
    }
}

extension CardTemplate.Ending: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case gap, trimPunctuation }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        gap = try container.decodeIfPresent(String.self, forKey: .gap) ?? defaults.gap
        trimPunctuation = try container.decodeIfPresent(Bool.self, forKey: .trimPunctuation) ?? defaults.trimPunctuation
    }
}

extension CardTemplate.Fade: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case leadIn, startOpacity }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        leadIn = try container.decodeNonNegative(forKey: .leadIn) ?? defaults.leadIn
        startOpacity = try container.decodeNonNegative(forKey: .startOpacity, maximum: 1) ?? defaults.startOpacity
    }
}

extension CardTemplate.Field: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case placeholder, maxLines }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        placeholder = try container.decodeIfPresent(String.self, forKey: .placeholder) ?? defaults.placeholder
        maxLines = try container.decodeCount(forKey: .maxLines) ?? defaults.maxLines
    }
}

extension CardTemplate.Theme: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case background, border, text, secondaryText, suffix, placeholder, canvas, link, avatar, avatarText
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        background = try container.decode(Color.self, forKey: .background)
        border = try container.decode(Color.self, forKey: .border)
        text = try container.decode(Color.self, forKey: .text)
        secondaryText = try container.decode(Color.self, forKey: .secondaryText)
        suffix = try container.decode(Color.self, forKey: .suffix)
        placeholder = try container.decodeIfPresent(Color.self, forKey: .placeholder)
        canvas = try container.decodeIfPresent(Color.self, forKey: .canvas)
        link = try container.decodeIfPresent(Color.self, forKey: .link)
        avatar = try container.decodeIfPresent(Color.self, forKey: .avatar)
        avatarText = try container.decodeIfPresent(Color.self, forKey: .avatarText)
    }
}

extension Avatar: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case size, shape, cornerRadius, placement, spacing, image }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        size = try container.decodeIfPresent(Double.self, forKey: .size) ?? defaults.size
        guard size > 0, size <= 1000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .size, in: container, debugDescription: "must be above 0 and at most 1000 points")
        }
        shape = try container.decodeIfPresent(Shape.self, forKey: .shape) ?? defaults.shape
        cornerRadius = try container.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? defaults.cornerRadius
        placement = try container.decodeIfPresent(Placement.self, forKey: .placement) ?? defaults.placement
        spacing = try container.decodeIfPresent(Double.self, forKey: .spacing) ?? defaults.spacing
        guard cornerRadius >= 0, cornerRadius <= 1000, spacing >= 0, spacing <= 1000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .spacing, in: container, debugDescription: "cornerRadius and spacing must be 0 to 1000 points")
        }
        imageEntry = try container.decodeIfPresent(String.self, forKey: .image)
    }
}

extension CardTemplate.Links: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case detect, underline, weight, rules }

    /// Weight names as CSS and Pango spell them.
    static let weightNames = [
        "thin": 100, "extralight": 200, "light": 300, "normal": 400, "regular": 400, "medium": 500, "semibold": 600,
        "bold": 700, "extrabold": 800, "heavy": 900, "black": 900,
    ]

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self()
        detect = try container.decodeIfPresent(Bool.self, forKey: .detect) ?? defaults.detect
        underline = try container.decodeIfPresent(Bool.self, forKey: .underline) ?? defaults.underline
        rules = try container.decodeIfPresent(EntityRules.self, forKey: .rules) ?? defaults.rules
        rules = try container.decodeIfPresent(EntityRules.self, forKey: .rules) ?? defaults.rules
        if let name = try? container.decodeIfPresent(String.self, forKey: .weight) {
            guard let weight = Self.weightNames[name.lowercased()] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .weight, in: container,
                    debugDescription:
                        "\"\(name)\" is not a weight; write one of \(Self.weightNames.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ")) or a number from 100 to 1000"
                )
            }
            self.weight = weight
        } else if let weight = try container.decodeIfPresent(Int.self, forKey: .weight) {
            guard TruncationRequest.weights.contains(weight) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .weight, in: container, debugDescription: "must be from 100 to 1000, not \(weight)")
            }
            self.weight = weight
        }
    }
}

extension Color: Decodable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = Color(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a color; write #RRGGBB or #RRGGBBAA")
        }
        self = color
    }
}

/// Written as templates write it (`#RRGGBB`, `#RRGGBBAA`): a color read from hex comes back the same.
extension Color: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension KeyedDecodingContainer {
    /// A Pango font description whose size (when it has one) SeeMore can lay out, or nil when absent.
    func decodeFont(forKey key: Key) throws -> String? {
        guard let font = try decodeIfPresent(String.self, forKey: key) else { return nil }
        if let problem = FontDescription.problem(with: font) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
        }
        return font
    }

    /// A line height: a number (a multiple of the font size; 0 for the font's own) or a string such as
    /// `"20pt"`, or nil when absent.
    func decodeLineHeight(forKey key: Key) throws -> LineHeight? {
        guard contains(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) {
            guard let value = LineHeight(parsing: text), text.hasSuffix("pt") else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription:
                        "\"\(text)\" is not a line height; write a multiple of the font size (1.25) or points (\"20pt\")")
            }
            return value
        }
        let number = try decode(Double.self, forKey: key)
        guard let value = LineHeight(multiple: number) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "must be from 0 to \(JSONValue.format(LineHeight.maximumMultiple)) (a multiple of the font size), not \(number)"
            )
        }
        return value
    }

    /// A whole number from 1 to `TruncationRequest.maximumLines`, or nil when absent.
    func decodeCount(forKey key: Key) throws -> Int? {
        let decoded: Double?
        do {
            decoded = try decodeIfPresent(Double.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Int.self, context)
        }
        guard let number = decoded else { return nil }
        guard number == number.rounded() else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be a whole number, not \(JSONValue.format(number))")
        }
        let value = Int(max(-1, min(number, Double(TruncationRequest.maximumLines + 1))))
        guard value >= 1, value <= TruncationRequest.maximumLines else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be from 1 to \(TruncationRequest.maximumLines), not \(value)")
        }
        return value
    }
}

extension CardTemplate.Kind {
    public init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}

extension CardTemplate.Placement {
    package init(from decoder: Decoder) throws { self = try decodeChoice(from: decoder) }
}
