// libFuzzer target: SeeMore's gettext .po parser (a team's catalogs, from strangers) on fuzzed bytes,
// built with the parser's own source files under -sanitize=fuzzer,address by run.sh. Any input must
// give messages or an error with a line inside the file, never a crash or runaway memory.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPo(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let messages = try GettextParser.messages(bytes, file: "fuzz.po")
        precondition(messages.allSatisfy { $0.line >= 1 && $0.line <= size + 1 }, "a message's line outside the file")
        _ = messages.map(\.key)
    } catch {
        precondition((error.line ?? 1) >= 1 && (error.line ?? 1) <= size + 1, "an error's line outside the file")
    }
    return 0
}
