// libFuzzer target: an Android strings.xml from a stranger, parsed by libxml2 and walked and unescaped
// by SeeMore's AndroidStringsParser (built from its own source files under -sanitize=fuzzer,address by
// run.sh; libxml2 itself is Debian's). Any input must give strings or an error, never a crash, a leak
// of libxml2's tree or runaway memory.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let strings = try AndroidStringsParser.strings(bytes, file: "fuzz.xml")
        _ = strings.map { $0.name.count + $0.value.count }
    } catch {
        precondition(!error.message.isEmpty, "an error that says nothing")
    }
    return 0
}
