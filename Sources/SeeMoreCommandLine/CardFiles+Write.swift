import SeeMore

/// Writes rendered cards as `STEM.collapsed.png`, `STEM.expanded.png` and `STEM.json`, each atomically.
extension CardFiles {
    /// - Returns: the metadata written to `STEM.json`.
    /// - Throws: `CommandError` with exit 73 naming the path that cannot be written.
    static func write(_ cards: [RenderedCard], request: CardRequest, folder: String, stem: String) throws -> JSONValue {
        do {
            try AtomicFile.makeFolder(folder)
            var files: [CardState: String] = [:]
            for card in cards { files[card.state] = "\(folder)/\(stem).\(card.state.rawValue).png" }
            let report = metadata(cards, files: files, request: request)
            // All three or none: a full disk never leaves a new collapsed card beside an old expanded one.
            try AtomicFile.write(
                cards.compactMap { card in files[card.state].map { (card.png, $0) } }
                    + [(Array((report.serialized() + "\n").utf8), "\(folder)/\(stem).json")])
            return report
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
    }
}
