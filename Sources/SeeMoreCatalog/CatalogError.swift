/// A catalog that cannot be read: the file, the line (when the problem has one) and what is wrong.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + message }
}
