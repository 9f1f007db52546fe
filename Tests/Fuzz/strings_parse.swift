// libFuzzer target: SeeMore's parser of Apple .strings files (a team's catalogs, from strangers) on
// fuzzed bytes, built with the parser's own source files under -sanitize=fuzzer,address by run.sh.
// Any input must give pairs or an error with a line inside the file, never a crash or runaway memory.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let pairs = try AppleStringsParser.pairs(bytes, file: "fuzz.strings")
        precondition(pairs.allSatisfy { $0.line >= 1 && $0.line <= size + 1 }, "a pair's line outside the file")
    } catch {
        precondition((error.line ?? 1) >= 1 && (error.line ?? 1) <= size + 1, "an error's line outside the file")
    }
    return 0
}
