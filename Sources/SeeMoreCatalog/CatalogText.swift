/// How catalog readers trim what they read and show characters in messages.
extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension String {
    /// Without line breaks at the end.
    var trimmingNewlines: String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}

extension Unicode.Scalar {
    /// The character as a message shows it: itself, or escaped when it is white space or a control.
    var shown: String {
        properties.isWhitespace || properties.generalCategory == .control ? escaped(asASCII: true) : String(self)
    }
}
