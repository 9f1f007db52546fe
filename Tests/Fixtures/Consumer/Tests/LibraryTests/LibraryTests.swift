// The library's four jobs — render a card, cut a text, check a suite, scan a corpus — done with
// nothing but `import SeeMore`'s public declarations, as a program of a team's own would.
import Foundation
import SeeMore
import Testing

@Test func renderACard() throws {
    let template = try TemplateLoader.standard().load("inline-more")
    let renderer = try CardRenderer()
    let request = CardRequest(
        text: String(repeating: "We shipped the new onboarding flow today! ", count: 8), template: template, width: 320)
    let card = try renderer.render(request, state: .collapsed)
    #expect(Array(card.png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(card.metadata.truncated && card.metadata.lineCount == 3)
    #expect(template.themeNames.contains("light"))
}

@Test func cutAText() throws {
    let engine = try LayoutEngine()
    let cut = try engine.truncate(TruncationRequest(text: String(repeating: "word ", count: 200), width: 200, lines: 2))
    #expect(cut.truncated && cut.lineCount == 2 && cut.kept.hasPrefix("word word"))
}

@Test func checkASuite() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-suite-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let suite = """
        {"texts": {"hello": "Morning coffee on the balcony."},
         "matrices": [{"templates": ["inline-more"], "texts": ["hello"], "fonts": ["DejaVu Sans 15"], "widths": [320]}]}
        """
    try suite.write(toFile: folder + "/suite.json", atomically: true, encoding: .utf8)
    let loaded = try GoldenSuite.load(path: folder + "/suite.json")

    let recorded = try GoldenRunner.run(loaded, options: CheckOptions(record: .missing, artifactsFolder: folder + "/artifacts"))
    #expect(recorded.results.count == 2 && recorded.results.allSatisfy { $0.outcome == .missing })

    let checked = try GoldenRunner.run(loaded, options: CheckOptions(record: .never, artifactsFolder: folder + "/artifacts"))
    #expect(checked.failures.isEmpty && checked.results.allSatisfy { $0.outcome == .passed })
}

@Test func scanACorpus() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-scan-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let texts =
        #"{"id": "a", "text": "Morning coffee on the balcony."}"# + "\n"
        + #"{"id": "b", "text": "\#(String(repeating: "A long post that goes on. ", count: 30))"}"# + "\n"
    try texts.write(toFile: folder + "/texts.jsonl", atomically: true, encoding: .utf8)

    let template = try TemplateLoader.standard().load("inline-more")
    let matrix = ScanMatrix(templates: [template], widths: [320])
    let run = try ScanRun(options: ScanRun.Options(matrix: matrix, corpusName: "texts", folder: folder + "/scan"))
    let descriptor = open(folder + "/texts.jsonl", O_RDONLY)
    defer { close(descriptor) }
    var reader = CorpusReader(descriptor: descriptor, format: .jsonl)
    var bad: [CorpusError] = []
    let result = try run.run(&reader) { bad.append($0) }
    #expect(bad.isEmpty && result.texts == 2)
    #expect(result.statistics.cells.values.map(\.truncated) == [1])
}
