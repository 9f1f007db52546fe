import CSoup
import Foundation
import SeeMore

/// The routes: a request's path and method choose the method of this extension that answers it.
extension RenderServer {
    /// Routes a request: each route one line, its work in a method of its own.
    func handle(_ message: ServerMessage, path: String, query: [String: String]) {
        let method = message.method
        switch (path, method) {
        case ("/render.png", "GET"), ("/render.png", "HEAD"): render(message, values: query, route: "/render.png")
        case ("/render", "POST"): renderPosted(message)
        case ("/", "GET"):
            respond(message, route: path, status: 200, type: "text/html; charset=utf-8", body: PlaygroundPage.html)
        case ("/review", "GET"):
            message.setHeader("Location", "/review/")
            respond(message, route: "/review", status: 302, type: nil, body: [])
        case ("/review/", "GET"): reviewEntry(message, query: query)
        case ("/review/approve", "POST"): reviewApprove(message)
        case ("/review/events", "GET"):
            guard review != nil, hasToken(message) else {
                return respond(
                    message, route: path, error: ServerError(status: 403, message: "the events need the token", field: "token"))
            }
            metrics.count(route: path, status: 200)
            reviewEvents(message)
        case ("/favicon.ico", "GET"): respond(message, route: path, status: 204, type: nil, body: [])
        case ("/templates", "GET"): templatesList(message)
        case ("/healthz", "GET"): respond(message, route: path, status: 200, type: "text/plain", body: Array("ok\n".utf8))
        case ("/metrics", "GET"): metricsPage(message)
        case ("/", _), ("/render.png", _), ("/render", _), ("/templates", _), ("/healthz", _), ("/metrics", _),
            ("/review/approve", _):
            message.setHeader("Allow", path == "/render" || path == "/review/approve" ? "POST" : "GET")
            respond(
                message, route: path, error: ServerError(status: 405, message: "\(method) is not allowed on \(path)", field: nil))
        case (_, "GET") where path.hasPrefix("/review/"): reviewFile(message, name: String(path.dropFirst("/review/".count)))
        default:
            respond(message, route: "other", error: ServerError(status: 404, message: "no such endpoint: \(path)", field: nil))
        }
    }

    /// `POST /render`: the fields as a JSON object.
    private func renderPosted(_ message: ServerMessage) {
        let path = "/render"
        guard message.requestHeader("Content-Type")?.hasPrefix("application/json") == true else {
            return respond(
                message, route: path, error: ServerError(status: 415, message: "send the fields as application/json", field: nil))
        }
        do {
            render(message, values: try CardFields.values(fromJSON: message.requestBody), route: path)
        } catch let refusal as CardFields.Refusal {
            respond(message, route: path, error: ServerError(refusal))
        } catch {
            respond(message, route: path, error: ServerError(status: 400, message: "\(error)", field: nil))
        }
    }

    /// `GET /review/`: the review page, given only to whoever has the token (printed at start). The
    /// first visit's ?token= becomes a cookie, and the address loses it (a redirect).
    private func reviewEntry(_ message: ServerMessage, query: [String: String]) {
        let path = "/review/"
        guard review != nil else {
            return respond(
                message, route: path,
                error: ServerError(status: 404, message: "no suite to review: start with --suite", field: nil))
        }
        if let given = query["token"] {
            guard Self.sameToken(given, token) else {
                return respond(
                    message, route: path,
                    error: ServerError(status: 403, message: "that is not this server's review token", field: "token"))
            }
            message.setHeader("Set-Cookie", "\(tokenCookie)=\(token); Path=/review; HttpOnly; SameSite=Strict")
            message.setHeader("Location", "/review/")
            return respond(message, route: path, status: 303, type: nil, body: [])
        }
        guard hasToken(message) else {
            return respond(
                message, route: path,
                error: ServerError(
                    status: 403, message: "open the review with ?token=… as seemore serve printed it", field: "token"))
        }
        reviewPage(message)
    }

    /// `GET /review/NAME`: one of the review's pictures, with the token.
    private func reviewFile(_ message: ServerMessage, name: String) {
        let route = "/review/file"
        guard hasToken(message) else {
            return respond(
                message, route: route,
                error: ServerError(status: 403, message: "the review's files need the token", field: "token"))
        }
        guard let bytes = review?.file(name) else {
            return respond(message, route: route, error: ServerError(status: 404, message: "no such file", field: nil))
        }
        // Each check writes the files again under the same names: never kept by the browser.
        message.setHeader("Cache-Control", "no-store")
        respond(message, route: route, status: 200, type: "image/png", body: bytes)
    }

    /// `GET /metrics`, in Prometheus' text format.
    private func metricsPage(_ message: ServerMessage) {
        let depth = workers.depth
        let text = metrics.text(
            queued: depth.queued, running: depth.running, cacheBytes: cache.byteCount, replacedWorkers: workers.replacements)
        respond(message, route: "/metrics", status: 200, type: "text/plain; version=0.0.4", body: Array(text.utf8))
    }

    /// The flags `seemore render` needs to draw as this server does (its templates, fonts and
    /// catalogs), for the playground's "Copy as CLI".
    var renderFlags: [String] {
        var flags: [String] = []
        if let folder = options.templatesFolder { flags += ["--templates", folder] }
        if !options.fonts.files.isEmpty { flags += ["--font-files", options.fonts.files.joined(separator: ",")] }
        if options.fonts.hermetic { flags.append("--hermetic-fonts") }
        for catalog in options.catalogs { flags += ["--catalog", catalog] }
        return flags
    }

    private func templatesList(_ message: ServerMessage) {
        // Regular files of plain names only, read without following a symbolic link.
        let list: [JSONValue] = templates.available().compactMap { name in
            guard let path = templates.file(named: name),
                case .bytes(let bytes) = PathPolicy.read(
                    path, root: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                    limit: PathPolicy.maximumDocumentBytes),
                let text = String(validating: bytes, as: UTF8.self)
            else { return nil }
            return .object([("name", .string(name)), ("json", .string(text))])
        }
        // The locales of the server's catalogs (`--catalog`), for the playground's locale field.
        let locales = JSONValue.array(catalog.locales.map { .string($0) })
        let flags = JSONValue.array(renderFlags.map { .string($0) })
        let body =
            JSONValue.object([("templates", .array(list)), ("locales", locales), ("renderFlags", flags)]).serialized() + "\n"
        respond(message, route: "/templates", status: 200, type: "application/json", body: Array(body.utf8))
    }

    /// Renders on a worker; answers from the cache, or 304 when the client has this picture.
    private func render(_ message: ServerMessage, values: [String: String], route: String) {
        let query: CardFields
        do {
            query = try CardFields(
                values, templates: templates, limits: options.limits.fields, catalog: catalog, load: templateCache.load)
        } catch let refusal as CardFields.Refusal {
            return respond(message, route: route, error: ServerError(refusal))
        } catch {
            return respond(message, route: route, error: ServerError(status: 400, message: "\(error)", field: nil))
        }
        let tag = "\"" + ContentHash.fnv1a64((query.canonical + "\u{0}" + environmentTag).utf8) + "\""
        let png = route == "/render.png"
        if png {
            message.setHeader("ETag", tag)
            message.setHeader("Cache-Control", "no-cache")
            if message.requestHeader("If-None-Match")?.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == tag
            }) == true {
                return respond(message, route: route, status: 304, type: nil, body: [])
            }
            if let cached = cache.get(tag) {
                metrics.cache(hit: true)
                return respond(message, route: route, status: 200, type: "image/png", body: cached)
            }
            metrics.cache(hit: false)
        }
        message.pause()
        let started = ContinuousClock.now
        let budget = options.limits.timeBudgetMilliseconds
        let job = WorkerJob.card(fields: query.fields, format: png ? .png : .metadata)
        let accepted = workers.submit(job.message, deadline: started + .milliseconds(budget)) { [self] result in
            let answer: CardService.Answer
            switch result.map(CardService.Answer.init(message:)) {
            case .success(let decoded?): answer = decoded
            case .success(nil):
                answer = ServerError(status: 500, message: "the worker's answer was damaged", field: nil).answer
            case .failure(let failure): answer = Self.refusal(for: failure, budget: budget).answer
            }
            metrics.rendered(seconds: Self.seconds(started.duration(to: .now)))
            onServerThread {
                defer { message.unpause() }
                if png && answer.status == 200 { self.cache.put(tag, answer.body) }
                self.respond(message, route: route, status: answer.status, type: answer.type, body: answer.body)
            }
        }
        if !accepted {
            message.unpause()
            message.setHeader("Retry-After", "1")
            respond(
                message, route: route, error: ServerError(status: 503, message: "the render queue is full; retry", field: nil))
        }
    }

    /// What a request whose card no worker drew is answered: 503 for time (the budget), 500 for a
    /// worker that died, naming how.
    static func refusal(for failure: WorkerFailure, budget: Int) -> ServerError {
        switch failure {
        case .timedOut(waiting: true):
            return ServerError(status: 503, message: "the render waited longer than \(budget) ms for a worker", field: nil)
        case .timedOut(waiting: false):
            return ServerError(
                status: 503, message: "the render took longer than \(budget) ms (--time-budget-ms); its worker was ended",
                field: nil)
        case .stopped: return ServerError(status: 503, message: "the server is stopping", field: nil)
        case .crashed, .cannotStart:
            return ServerError(status: 500, message: "the card was not drawn: \(failure)", field: nil)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
