import FoundationEssentials
import SeeMore

/// `seemore preview`: renders the built-in demo (every template × English, Japanese and Korean texts
/// that fit and that are cut × 240, 320 and 414 pt × both themes), a contact sheet a template and a
/// page of them all.
struct PreviewCommand {
    static var flags: CommandFlags<PreviewCommand> {
        CommandFlags(
            command: "seemore preview",
            summary:
                "Renders the built-in demo cards, a contact sheet a template and their index.html into DIR (default previews).",
            flags: [.out(\.outputFolder, help: "Where to write (default previews)."), .templatesFolder(\.templatesFolder)])
    }

    var outputFolder = "previews"
    var templatesFolder: String? = nil

    static func parse(_ arguments: [String]) throws -> PreviewCommand {
        var command = PreviewCommand()
        try flags.parse(arguments, into: &command)
        return command
    }

    func run(io: CommandIO) throws {
        let loader = TemplateLoader.standard(templatesFolder: templatesFolder, program: io.program)
        let names = loader.available()
        guard !names.isEmpty else {
            throw CommandError("no templates found in \(loader.folders.joined(separator: ", "))", exitCode: .noInput)
        }
        let templates = try names.map { try RenderCommand.loadTemplate($0, folder: templatesFolder) }
        let renderer = try CardRenderer()
        // One contact sheet a template (all of them in one was 16 867 px tall), and a page listing them.
        var sheets: [(template: String, file: String)] = []
        var count = 0
        for template in templates {
            var sheetRows: [ContactSheet.Row] = []
            for demo in DemoText.all {
                var cells: [ContactSheet.Cell?] = []
                for width in DemoText.widths {
                    for theme in template.themes.keys.sorted() {
                        var request = CardRequest(text: demo.text, template: template)
                        request.width = width
                        request.theme = theme
                        let cards = try CardState.allCases.map {
                            try RenderCommand.render(request, state: $0, renderer: renderer)
                        }
                        let stem = "\(demo.name)-\(Int(width)).\(theme)"
                        _ = try CardFiles.write(cards, request: request, folder: "\(outputFolder)/\(template.name)", stem: stem)
                        count += cards.count
                        if theme == "light" && demo.name.hasSuffix("-cut") {
                            cells.append(
                                ContactSheet.Cell(
                                    collapsed: try PNGCodec.decode(cards[0].png), expanded: try PNGCodec.decode(cards[1].png)))
                        }
                    }
                }
                if !cells.isEmpty { sheetRows.append(ContactSheet.Row(label: demo.name, cells: cells)) }
            }
            let sheet = ContactSheet(
                title: "\(template.name): collapsed above expanded, light theme, @1x",
                columns: DemoText.widths.map { "\(Int($0)) pt" }, columnWidths: DemoText.widths, rows: sheetRows)
            let file = "contact-sheets/\(template.name).png"
            try write(try sheet.png(engine: renderer.engine), to: "\(outputFolder)/\(file)")
            sheets.append((template.name, file))
        }
        let index = "\(outputFolder)/index.html"
        try write(
            Array(PreviewIndex(sheets: sheets, demoCount: DemoText.all.filter { $0.name.hasSuffix("-cut") }.count).html.utf8),
            to: index)
        io.writeOutput(
            "Rendered \(count) cards (\(templates.count) templates × \(DemoText.all.count) texts × \(DemoText.widths.count) widths × themes × 2 states) into \(outputFolder)/\n"
        )
        io.writeOutput("Contact sheets: \(index) (one a template, in \(outputFolder)/contact-sheets/)\n")
    }

    /// Writes a file whole, its folder made first; a failure is exit 73.
    private func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
            try AtomicFile.write(bytes, to: path)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
    }
}
