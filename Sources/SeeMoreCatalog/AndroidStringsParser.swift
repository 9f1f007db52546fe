import CLibXML2

/// Parses an Android string resource file (`strings.xml`) with libxml2: every `<string name="…">`
/// (and a `<plurals>`' `other` item) of `<resources>`, unescaped as Android's resource compiler does
/// (quotes keep spaces, `\n`, `\t`, `\'`, `\"`, `\@`, `\?`, `\uXXXX`; other runs of white space are
/// one space, trimmed at the ends).
///
/// libxml2 parses the bytes (fuzzed for a living): without the network, without expanding entities,
/// and a file with a DOCTYPE (where entities are declared) is refused. `Tests/Fuzz/strings_xml.swift`
/// fuzzes the walk over its tree and the unescaping.
package enum AndroidStringsParser {
    /// The strings of a resource file by name, with their lines.
    package static func strings(_ bytes: [UInt8], file: String) throws(CatalogError) -> [(name: String, value: String, line: Int)]
    {
        guard let context = xmlNewParserCtxt() else { throw CatalogError(file: file, message: "libxml2 has no memory") }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlCtxtReadMemory(context, $0, Int32(buffer.count), file, "UTF-8", options)
                }
            }
        }
        guard let document else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0) }?.trimmingSpaces.trimmingNewlines ?? "not XML"
            throw CatalogError(file: file, line: error.line > 0 ? Int(error.line) : nil, message: message)
        }
        defer { xmlFreeDoc(document) }
        if document.pointee.intSubset != nil {
            throw CatalogError(file: file, line: 1, message: "a DOCTYPE is refused: a strings.xml declares no entities")
        }
        guard let root = xmlDocGetRootElement(document), name(of: root) == "resources" else {
            throw CatalogError(file: file, line: 1, message: "a string resource file's root element is <resources>")
        }
        var result: [(name: String, value: String, line: Int)] = []
        for element in children(of: root) {
            let line = Int(xmlGetLineNo(element))
            let kind = name(of: element)
            guard kind == "string" || kind == "plurals" else { continue }
            guard let key = attribute("name", of: element), !key.isEmpty else {
                throw CatalogError(file: file, line: line, message: "<\(kind)> without a name")
            }
            var source = element
            if kind == "plurals" {
                guard let other = children(of: element).first(where: { attribute("quantity", of: $0) == "other" }) else {
                    continue
                }
                source = other
            }
            let raw = content(of: source)
            result.append((key, try unescaped(raw, file: file, line: line), line))
        }
        return result
    }

    /// Android's resource unescaping of an element's text.
    static func unescaped(_ raw: String, file: String, line: Int) throws(CatalogError) -> String {
        var result = String.UnicodeScalarView()
        var quoted = false
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if !quoted && scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            switch scalar {
            case "\"":
                quoted.toggle()
            case "\\":
                guard let escaped = scalars.next() else {
                    throw CatalogError(file: file, line: line, message: "the string ends inside an escape")
                }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "'", "\"", "\\", "@", "?": result.append(escaped)
                case "u":
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = scalars.next(), digit.isASCII, let number = UInt32(String(digit), radix: 16) else {
                            throw CatalogError(file: file, line: line, message: "\\u takes four hexadecimal digits")
                        }
                        value = value * 16 + number
                    }
                    result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    throw CatalogError(
                        file: file, line: line, message: "'\\\(escaped.shown)' is no escape of a strings.xml")
                }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func name(of node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func children(of node: UnsafeMutablePointer<xmlNode>) -> [UnsafeMutablePointer<xmlNode>] {
        var result: [UnsafeMutablePointer<xmlNode>] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    private static func attribute(_ name: String, of node: UnsafeMutablePointer<xmlNode>) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { seemore_xml_free(value) }
        return String(cString: value)
    }

    /// The element's text with its inline markup's (`<b>`, `<xliff:g>`) text in place.
    private static func content(of node: UnsafeMutablePointer<xmlNode>) -> String {
        guard let value = xmlNodeGetContent(node) else { return "" }
        defer { seemore_xml_free(value) }
        return String(cString: value)
    }
}
