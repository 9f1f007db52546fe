import CXMLStrings

/// Parses an Android string resource file (`strings.xml`) with libxml2 (`seemore_xml_strings`, in
/// C: libxml2's headers must not meet Foundation's ICU in a Swift module): every `<string name="…">`
/// (and a `<plurals>`' `other` item) of `<resources>`, unescaped as Android's resource compiler does
/// (`AndroidStringEscapes`).
///
/// libxml2 parses the bytes (fuzzed for a living): without the network, without expanding entities,
/// and a file with a DOCTYPE (where entities are declared) is refused. `Tests/Fuzz/xml_strings.c`
/// fuzzes the walk over its tree, `Tests/Fuzz/strings_xml.swift` the unescaping.
package enum AndroidStringsParser {
    /// The strings of a resource file by name, with their lines.
    package static func strings(_ bytes: [UInt8], file: String) throws(CatalogError) -> [(name: String, value: String, line: Int)]
    {
        final class Found {
            var strings: [(name: String, text: String, line: Int)] = []
        }
        let found = Found()
        var message = [CChar](repeating: 0, count: 512)
        var line = 0
        let code = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                withExtendedLifetime(found) {
                    seemore_xml_strings(
                        text.baseAddress, Int32(text.count), file,
                        { context, name, text, line in
                            guard let context, let name, let text else { return }
                            Unmanaged<Found>.fromOpaque(context).takeUnretainedValue().strings.append(
                                (String(cString: name), String(cString: text), line))
                        }, Unmanaged.passUnretained(found).toOpaque(), &message, Int32(message.count), &line)
                }
            }
        }
        guard code == 0 else {
            let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CatalogError(file: file, line: line > 0 ? line : nil, message: said.trimmingSpaces.trimmingNewlines)
        }
        return try found.strings.map { string throws(CatalogError) in
            (string.name, try AndroidStringEscapes.unescaped(string.text, file: file, line: string.line), string.line)
        }
    }
}
