// libFuzzer target: SeeMore's unescaping of an Android string's text (a team's strings.xml, from
// strangers) on fuzzed bytes, built with its own source files under -sanitize=fuzzer,address by
// run.sh. Any input must give a string or an error, never a crash or runaway memory.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroidEscapes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let value = try AndroidStringEscapes.unescaped(text, file: "fuzz.xml", line: 1)
        precondition(value.unicodeScalars.count <= text.unicodeScalars.count, "unescaping made the text longer")
    } catch {
        precondition(error.line == 1 && !error.message.isEmpty, "an error without its line")
    }
    return 0
}
