import SeeMoreSupport

/// SeeMore's own JSON parser (fuzzed, positions kept) for the catalogs that are JSON.
enum CatalogJSON {
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> JSONNode {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw CatalogError(file: file, message: "the file is not UTF-8")
        }
        switch JSONNode.parse(bytes) {
        case .success(let node): return node
        case .failure(let error):
            throw CatalogError(file: file, line: error.line, message: "column \(error.column): \(error.message)")
        }
    }
}
