/// `seemore preview`: lays out the built-in demo texts, so a fresh checkout shows what SeeMore does.
struct PreviewCommand {
    static let usage = "Usage: seemore preview [--width POINTS]"

    var width = 320.0

    static func parse(_ arguments: [String]) throws -> PreviewCommand {
        var scanner = ArgumentScanner(arguments, usage: usage)
        var command = PreviewCommand()
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h": throw HelpRequested(text: "Lays out the built-in demo texts.\n\n" + usage)
            case "--width": command.width = try scanner.positiveNumber(try scanner.value(of: flag), flag: flag.name)
            default: throw scanner.usageError("unknown flag \(flag.name)")
            }
        }
        return command
    }

    func run(io: CommandIO) throws {
        let engine = try LayoutEngine()
        for demo in DemoText.all {
            var request = demo.request
            request.width = width
            let truncation = try engine.truncate(request)
            try FontWarnings.report(truncation.fontSubstitutions, strict: false, io: io)
            io.writeOutput("\(demo.name) — \(request.font), \(Int(width)) pt, \(request.lines) lines\n")
            io.writeOutput(LayoutCommand.summary(truncation, request: request) + "\n")
        }
    }
}
