import Foundation
import SeeMore
import SeeMoreCommandLine
import SeeMoreServer

/// `seemore serve`: runs a `RenderServer` until SIGINT or SIGTERM.
enum ServeCommand {
    static let usage = """
        Usage: seemore serve [--host 127.0.0.1] [--port 8080] [--jobs N] [--templates DIR] [--cache-mb 64]
                             [--max-body-kb 256] [--max-text 100000] [--max-queue 64] [--read-timeout 30]
                             [--max-connections 256]
                             [--max-width 4096] [--max-lines 100] [--time-budget-ms 10000]
                             [--suite golden-images/suite.json] [--token TOKEN] [--allow-origin ORIGIN]…
                             [--font-files PATH[,PATH…]] [--hermetic-fonts]
        """

    static let help = """
        Serves rendered cards over HTTP, byte for byte as 'seemore render' draws them.

        \(usage)

          --host ADDRESS     The IP address to listen on (default 127.0.0.1: this machine only).
          --port N           The port (default 8080; 0 picks a free one).
          --jobs N           Worker processes that draw the cards (default: the number of cores); one
                             that dies fails only the card it was drawing (500) and is replaced.
          --templates DIR    Look for templates here first, then in ./Templates, then the built-in ones.
          --font-files PATHS Font files and folders of them, separated by commas, that every card
                             is drawn with before any installed font (a suite's own come from it).
          --hermetic-fonts   With --font-files: those are the only fonts.
          --cache-mb N       Memory for rendered PNGs, least recently used dropped first (default 64).
          --max-body-kb N    Largest request body (default 256); a larger one is 413.
          --max-text N       Longest text in characters (default 100000); a longer one is 413.
          --max-queue N      Renders waiting for a worker (default 64); past it, 503 with Retry-After.
          --suite FILE       The golden-image suite /review/ checks and approves into
                             (default golden-images/suite.json when it exists).
          --token TOKEN      The token approving needs (default: a random one, printed at start).
          --max-width PT     Widest card (default 4096 points); wider is 400.
          --max-lines N      Largest line limit (default 100); more is 400.
          --time-budget-ms N A render not answered within this, waiting and drawing, is answered 503;
                             a worker still drawing it is ended and replaced (default 10000).
          --allow-origin O   A page of origin O (http://localhost:3000) may send requests; repeat for
                             more, '*' for any. Other sites' pages are refused (403).
          --read-timeout S   Seconds a connection may take to send a whole request (headers and body),
                             idle between requests or read its answer before it is closed (default 30).
          --max-connections N  Connections open at once (default 256); one past them is closed.

        Every request's Host must name this server (127.0.0.1, localhost, [::1] or --host, with the
        port), else 421; a request a page of another site sends (its Origin, or Sec-Fetch-Site with its
        Referer) is 403 unless --allow-origin names that site; a body is read only on POST /render and POST /review/approve, and never past
        --max-body-kb (413, the connection closed).

        Endpoints: GET /render.png?text=…&template=…&width=…&state=collapsed|expanded&theme=…&scale=1|2|3
        &lines=…&font=…&lang=…&markup=0|1 (image/png, with an ETag); POST /render with the same fields as
        JSON (the metadata 'render --json' prints, with the URLs of both PNGs); GET /templates; GET /healthz;
        GET /metrics (Prometheus); GET /review/?token=… checks the suite and shows the report with Approve buttons
        (the first visit sets a cookie and drops the token from the address; every /review/ resource needs
        it; POST /review/approve needs the token in X-SeeMore-Token, from this server's own pages). Errors are JSON: {"error": "…", "field": "…"}.
        SIGINT or SIGTERM stops it after the renders in flight (exit 0).
        """

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitCode {
        var options = RenderServer.Options()
        options.program = io.program
        var scanner = ArgumentScanner(arguments, usage: usage)
        scanner.repeatable = ["--allow-origin"]
        var fontFiles: [String] = []
        var hermeticFonts = false
        while let flag = try scanner.nextFlag() {
            switch flag.name {
            case "--help", "-h": throw HelpRequested(text: help)
            case "--host": options.host = try scanner.value(of: flag)
            case "--port":
                options.port = try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 0)
                guard options.port <= 65535 else { throw scanner.usageError("--port must be at most 65535") }
            case "--jobs": options.jobs = min(64, try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1))
            case "--templates": options.templatesFolder = try scanner.value(of: flag)
            case "--cache-mb":
                options.cacheBytes = try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 0) << 20
            case "--max-body-kb":
                options.limits.maximumBodyBytes =
                    try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1) << 10
            case "--max-text":
                options.limits.maximumTextCharacters = try scanner.integer(
                    try scanner.value(of: flag), flag: flag.name, minimum: 1)
            case "--max-width":
                options.limits.maximumWidth = Double(try scanner.width(try scanner.value(of: flag), flag: flag.name))
            case "--max-lines": options.limits.maximumLines = try scanner.lineLimit(try scanner.value(of: flag), flag: flag.name)
            case "--time-budget-ms":
                options.limits.timeBudgetMilliseconds = try scanner.integer(
                    try scanner.value(of: flag), flag: flag.name, minimum: 1)
            case "--suite": options.suite = try scanner.value(of: flag)
            case "--allow-origin":
                let origin = try scanner.value(of: flag)
                guard origin == "*" || RenderServer.origin(of: origin) == origin.lowercased() else {
                    throw scanner.usageError(
                        "--allow-origin must be an origin such as http://localhost:3000, or *, not '\(origin)'")
                }
                options.allowedOrigins.insert(origin.lowercased())
            case "--token": options.token = try scanner.value(of: flag)
            case "--font-files": fontFiles = try scanner.fontFiles(try scanner.value(of: flag), flag: flag.name)
            case "--hermetic-fonts": try scanner.noValue(flag); hermeticFonts = true
            case "--read-timeout":
                options.readTimeout = min(3600, try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1))
            case "--max-connections":
                options.maximumConnections = min(
                    65_536, try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1))
            case "--max-queue":
                options.limits.maximumQueue = try scanner.integer(try scanner.value(of: flag), flag: flag.name, minimum: 1)
            default: throw scanner.unknownFlag(flag.name)
            }
        }
        options.fonts = try scanner.fonts(files: fontFiles, hermetic: hermeticFonts)
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
