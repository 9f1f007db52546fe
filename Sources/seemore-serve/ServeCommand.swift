import Foundation
import SeeMore
import SeeMoreCommandLine
import SeeMoreServer

/// `seemore serve`: runs a `RenderServer` until SIGINT or SIGTERM.
enum ServeCommand {
    /// What the flags set: the server's options and the fonts' two flags.
    struct Arguments {
        var options = RenderServer.Options()
        var fontFiles: [String] = []
        var hermeticFonts = false
    }

    static var flags: CommandFlags<Arguments> {
        typealias Flag = CommandFlags<Arguments>.Flag
        /// A whole number of at least `minimum`, at most `maximum`, stored through `set`.
        func number(
            _ name: String, _ value: String, synopsis: String, minimum: Int, maximum: Int = .max, help: String,
            _ set: @escaping (inout Arguments, Int) -> Void
        ) -> Flag {
            Flag(name, value: value, synopsis: synopsis, help: help) { arguments, text, scanner in
                set(&arguments, min(maximum, try scanner.integer(text, flag: name, minimum: minimum)))
            }
        }
        return CommandFlags(
            command: "seemore serve",
            summary: "Serves rendered cards over HTTP, byte for byte as 'seemore render' draws them.",
            flags: [
                .text(
                    "--host", "ADDRESS", synopsis: "127.0.0.1", \.options.host,
                    help: "The IP address to listen on (default 127.0.0.1: this machine only)."),
                Flag("--port", value: "N", synopsis: "8080", help: "The port (default 8080; 0 picks a free one).") {
                    arguments, text, scanner in
                    let port = try scanner.integer(text, flag: "--port", minimum: 0)
                    guard port <= 65535 else { throw scanner.usageError("--port must be at most 65535") }
                    arguments.options.port = port
                },
                number(
                    "--jobs", "N", synopsis: "N", minimum: 1, maximum: 64,
                    help: "Worker processes that draw the cards (default: the number of cores); one that dies fails only "
                        + "the card it was drawing (500) and is replaced."
                ) { $0.options.jobs = $1 },
                .templatesFolder(\.options.templatesFolder),
                number(
                    "--cache-mb", "N", synopsis: "64", minimum: 0,
                    help: "Memory for rendered PNGs, least recently used dropped first (default 64)."
                ) { $0.options.cacheBytes = $1 << 20 },
                number(
                    "--max-body-kb", "N", synopsis: "256", minimum: 1,
                    help: "Largest request body (default 256); a larger one is 413."
                ) { $0.options.limits.maximumBodyBytes = $1 << 10 },
                number(
                    "--max-text", "N", synopsis: "100000", minimum: 1,
                    help: "Longest text in characters (default 100000); a longer one is 413."
                ) { $0.options.limits.maximumTextCharacters = $1 },
                number(
                    "--max-queue", "N", synopsis: "64", minimum: 1,
                    help: "Renders waiting for a worker (default 64); past it, 503 with Retry-After."
                ) { $0.options.limits.maximumQueue = $1 },
                number(
                    "--read-timeout", "S", synopsis: "30", minimum: 1, maximum: 3600,
                    help: "Seconds a connection may take to send a whole request (headers and body), idle between "
                        + "requests or read its answer before it is closed (default 30)."
                ) { $0.options.readTimeout = $1 },
                number(
                    "--max-connections", "N", synopsis: "256", minimum: 1, maximum: 65_536,
                    help: "Connections open at once (default 256); one past them is closed."
                ) { $0.options.maximumConnections = $1 },
                Flag("--max-width", value: "PT", synopsis: "4096", help: "Widest card (default 4096 points); wider is 400.") {
                    arguments, text, scanner in
                    arguments.options.limits.maximumWidth = try scanner.width(text, flag: "--max-width")
                },
                Flag("--max-lines", value: "N", synopsis: "100", help: "Largest line limit (default 100); more is 400.") {
                    arguments, text, scanner in
                    arguments.options.limits.maximumLines = try scanner.lineLimit(text, flag: "--max-lines")
                },
                number(
                    "--time-budget-ms", "N", synopsis: "10000", minimum: 1,
                    help: "A render not answered within this, waiting and drawing, is answered 503; a worker still drawing "
                        + "it is ended and replaced (default 10000)."
                ) { $0.options.limits.timeBudgetMilliseconds = $1 },
                .text(
                    "--suite", "FILE", synopsis: "golden-images/suite.json", \.options.suite,
                    help: "The golden-image suite /review/ checks and approves into (default golden-images/suite.json when "
                        + "it exists)."),
                .text(
                    "--token", "TOKEN", \.options.token,
                    help: "The token approving needs (default: a random one, printed at start)."),
                Flag(
                    "--allow-origin", value: "O", synopsis: "ORIGIN",
                    help: "A page of origin O (http://localhost:3000) may send requests; repeat for more, '*' for any. "
                        + "Other sites' pages are refused (403).", repeatable: true
                ) { arguments, origin, scanner in
                    guard origin == "*" || RenderServer.origin(of: origin) == origin.lowercased() else {
                        throw scanner.usageError(
                            "--allow-origin must be an origin such as http://localhost:3000, or *, not '\(origin)'")
                    }
                    arguments.options.allowedOrigins.insert(origin.lowercased())
                },
                .fontFiles(
                    \.fontFiles,
                    help: "Font files and folders of them, separated by commas, that every card is drawn with before any "
                        + "installed font (a suite's own come from it)."),
                .hermeticFonts(\.hermeticFonts, help: "With --font-files: those are the only fonts."),
                Flag(
                    "--catalog", value: "PATH",
                    help: "A string catalog or a folder of them (.xcstrings, .strings, strings.xml, .arb, .po, i18next "
                        + ".json); a request's locale field takes its template's strings from them. Repeat for more.",
                    repeatable: true
                ) { arguments, path, _ in arguments.options.catalogs.append(path) },
            ],
            footer: """
                Every request's Host must name this server (127.0.0.1, localhost, [::1] or --host, with the
                port), else 421; a request a page of another site sends (its Origin, or Sec-Fetch-Site with its
                Referer) is 403 unless --allow-origin names that site; a body is read only on POST /render and
                POST /review/approve, and never past --max-body-kb (413, the connection closed).

                Endpoints: GET /render.png?text=…&template=…&width=…&state=collapsed|expanded&theme=…&scale=1|2|3
                &lines=…&font=…&lang=…&markup=0|1 (image/png, with an ETag); POST /render with the same fields as
                JSON (the metadata 'render --json' prints, with the URLs of both PNGs); GET /templates; GET /healthz;
                GET /metrics (Prometheus); GET /review/?token=… checks the suite and shows the report with Approve
                buttons (the first visit sets a cookie and drops the token from the address; every /review/
                resource needs it; POST /review/approve needs the token in X-SeeMore-Token, from this server's own
                pages). Errors are JSON: {"error": "…", "field": "…"}.
                SIGINT or SIGTERM stops it after the renders in flight (exit 0).
                """)
    }

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitCode {
        var given = Arguments()
        given.options.program = io.program
        try flags.parse(arguments, into: &given)
        var options = given.options
        options.fonts = try flags.checks.fonts(files: given.fontFiles, hermetic: given.hermeticFonts)
        if options.suite == nil, FileManager.default.fileExists(atPath: "golden-images/suite.json") {
            options.suite = "golden-images/suite.json"
        } else if let suite = options.suite, !FileManager.default.isReadableFile(atPath: suite) {
            throw CommandError("cannot read suite file \(suite) (--suite)", exitCode: .noInput)
        }
        // Taken before the address is printed: whoever started the server may stop it as soon as it
        // has read the address (a signal that came before, while blocked, would be dropped here).
        let signals = SignalStop(command: "seemore serve", again: false, io: io)
        defer { signals.cancel() }
        let server = try RenderServer(options: options)
        do {
            try server.start()
        } catch let error as RenderServer.StartError {
            throw CommandError(error.description, exitCode: .usage)
        }
        io.writeOutput("Serving on \(server.url) (stop with Ctrl-C)\n")
        if let suite = options.suite {
            io.writeOutput("Review of \(suite): \(server.url)review/?token=\(server.token)\n")
        } else {
            io.writeOutput("No review: there is no golden-images/suite.json here (--suite FILE reviews a suite)\n")
        }
        // Until SIGINT or SIGTERM (one that came already ends the wait at once).
        let stop = DispatchSemaphore(value: 0)
        signals.request.whileWatching({ _ in stop.signal() }) { stop.wait() }
        server.stop()
        io.writeOutput("Stopped.\n")
        return .success
    }
}
