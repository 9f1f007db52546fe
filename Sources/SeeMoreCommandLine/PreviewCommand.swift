import FoundationEssentials
import SeeMore

/// `seemore preview`: renders the built-in demo (every template × English, Japanese and Korean texts
/// that fit and that are cut × 240, 320 and 414 pt × both themes) and a contact sheet.
struct PreviewCommand {
    static var flags: CommandFlags<PreviewCommand> {
        CommandFlags(
            command: "seemore preview",
            summary: "Renders the built-in demo cards and a contact sheet into DIR (default previews).",
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
        var sheetRows: [ContactSheet.Row] = []
        var count = 0
        for template in templates {
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
                if !cells.isEmpty {
                    sheetRows.append(ContactSheet.Row(label: "\(template.name)\n\(demo.name)", cells: cells))
                }
            }
        }
        let sheet = ContactSheet(
            title: "SeeMore preview: collapsed above expanded, light theme, @1x",
            columns: DemoText.widths.map { "\(Int($0)) pt" }, columnWidths: DemoText.widths, rows: sheetRows)
        let sheetPath = "\(outputFolder)/contact-sheet.png"
        do {
            try AtomicFile.write(try sheet.png(engine: renderer.engine), to: sheetPath)
        } catch let error as AtomicFile.WriteError {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        io.writeOutput(
            "Rendered \(count) cards (\(templates.count) templates × \(DemoText.all.count) texts × \(DemoText.widths.count) widths × themes × 2 states) into \(outputFolder)/\n"
        )
        io.writeOutput("Contact sheet: \(sheetPath)\n")
    }
}
