// libFuzzer target: SeeMore's JSON parser (templates, suites, report files, batch lines and request
// bodies from strangers) on fuzzed bytes, built with the parser's own source files under
// -sanitize=fuzzer,address by run.sh. Any input must give a node or an error with a position, never a
// crash, an out-of-bounds read or runaway memory; the depth limit bounds the recursion.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    switch JSONNode.parse(UnsafeBufferPointer(start: data, count: size)) {
    case .success(let node):
        // Read what a template or suite reader would: keys, strings, numbers, nested members.
        _ = node.members?.map { ($0.key, $0.node.string, $0.node.number, $0.node.array?.count) }
    case .failure(let error):
        precondition(error.line >= 1 && error.column >= 1, "an error without a position")
    }
    return 0
}
