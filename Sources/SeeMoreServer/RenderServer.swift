import CSoup
import Foundation
import SeeMore

/// `seemore serve`: an HTTP server (libsoup 3) that renders cards for designers, review tools and web
/// apps, byte for byte as `seemore render` does.
///
/// The server's thread runs its own GLib main context and never renders: a render request is paused,
/// handed to a worker process (`seemore worker`, in a `WorkerPool`), and resumed on the server's
/// thread with its answer. A worker that dies fails only the request it was drawing (500, naming how
/// it ended) and is replaced; one past the time budget is ended. Endpoints:
/// `GET /` (the playground), `GET /render.png`, `POST /render`, `GET /templates`, `GET /healthz`,
/// `GET /metrics`.
///
/// `@unchecked Sendable`: `context`, `loop`, `server`, `url` and `allowedHosts` are written once, on the
/// server's thread in `listen`, before `ready` is signalled (`start` waits for it, so every later read
/// from another thread sees them); the event clients, monitors and connection tables are read and
/// written only on the server's thread (`onServerThread`); `thread` only by the caller of `start`.
package final class RenderServer: @unchecked Sendable {
    package struct Options: Sendable {
        package var host = "127.0.0.1"
        /// 0 picks a free port.
        package var port = 8080
        package var jobs = ProcessInfo.processInfo.activeProcessorCount
        package var templatesFolder: String? = nil
        package var cacheBytes = 64 << 20
        /// Seconds a connection may take to send a whole request, headers and body (or stay idle
        /// between requests, or read its answer) before it is closed, so a slow client cannot hold it open.
        package var readTimeout = 30
        /// Connections open at once; one past them is closed as its first request starts (`--max-connections`).
        package var maximumConnections = 256
        /// The golden-image suite `/review/` checks; nil serves no review.
        package var suite: String? = nil
        /// The token every writing request needs; a random one when nil.
        package var token: String? = nil
        package var limits = ServerLimits()
        /// The fonts every card is drawn with (`--font-files`, `--hermetic-fonts`).
        package var fonts = FontFiles.system
        /// The running program's path, which only a program knows: its built-in templates
        /// (`TemplateLoader.standard`), and the `seemore` beside it runs the workers.
        package var program: String? = nil
        /// The `seemore` program the worker processes run; nil: the one beside `program`.
        package var workerProgram: String? = nil
        /// Origins of other sites whose pages may send requests (`--allow-origin`), lowercased, as
        /// `http://host:port`; "*" allows every page. Requests from no page (curl) are always answered.
        package var allowedOrigins: Set<String> = []
        /// String catalogs (`--catalog`) a request's `locale` takes its template's strings from.
        package var catalogs: [String] = []

        package init() {}
    }

    /// The address it listens on, e.g. `http://127.0.0.1:8080/`.
    package private(set) var url = ""

    let options: Options
    let templates: TemplateLoader
    /// Draws the cards of requests, one per worker process.
    let workers: WorkerPool
    /// Renders the review's check in this process.
    let cache: ResponseCache
    let templateCache = TemplateCache()
    /// The catalogs of `options.catalogs`, read once at start.
    let catalog: StringCatalog
    let metrics = ServerMetrics()
    /// Part of every ETag: the libraries and fonts a picture depends on.
    let environmentTag: String
    /// The interactive review of the suite, when there is one.
    let review: ReviewSession?
    /// Required by every request that writes (`X-SeeMore-Token`).
    package let token: String

    var context: OpaquePointer?
    private var loop: OpaquePointer?
    private var server: UnsafeMutablePointer<SoupServer>?
    private var thread: Thread?
    /// Pages of `/review/` listening for changes (server-sent events), on the server's thread only.
    var eventClients: [ServerMessage] = []
    var eventPending = false
    /// Watchers of the templates folder and of the suite's folder tree (the suite file and its goldens).
    var monitors: [UnsafeMutablePointer<GFileMonitor>] = []
    /// Keep-alive connections waiting for a next request (on the server's thread only).
    private let idle = IdleConnections()
    /// Each request's deadline to arrive whole, and the open connections (on the server's thread only).
    private(set) lazy var deadlines = RequestDeadlines(
        seconds: options.readTimeout, maximumConnections: options.maximumConnections)
    /// The `Host` values this server answers (its own address and port, by number and by name): a web
    /// page whose name a rebinding DNS server points at 127.0.0.1 sends its own name and is refused.
    private(set) var allowedHosts: Set<String> = []
    private let stopped = DispatchSemaphore(value: 0)

    package init(options: Options) throws {
        self.options = options
        templates = TemplateLoader.standard(templatesFolder: options.templatesFolder, program: options.program)
        let workerProgram = options.workerProgram ?? Self.workerProgram(beside: options.program)
        workers = WorkerPool(
            executable: workerProgram, arguments: Self.workerArguments(options),
            count: options.jobs, maximumQueue: options.limits.maximumQueue)
        // The fonts are loaded once here so that a font file Pango cannot use stops the server at start,
        // not each card (the workers load them again; this process draws only a review's cases no
        // worker could be started for, on the check's own thread).
        _ = try CardRenderer(fonts: options.fonts)
        // A catalog that cannot be read stops the server at start (the workers read them again).
        catalog = options.catalogs.isEmpty ? StringCatalog() : try CatalogLoader.load(options.catalogs)
        cache = ResponseCache(budgetBytes: options.cacheBytes)
        environmentTag = ContentHash.fnv1a64(
            (Version.line
                + EnvironmentFingerprint.current(fontFiles: [], declared: options.fonts, folder: "/").json.serialized(indent: nil))
                .utf8)
        let token = options.token ?? ReviewSession.newToken()
        self.token = token
        review = options.suite.map {
            ReviewSession(
                suite: $0, templatesFolder: options.templatesFolder, program: options.program, token: token,
                workers: (workerProgram, options.jobs))
        }
    }

    /// `seemore` beside `program` (`seemore-serve`); without one, `./seemore` (whose workers then
    /// fail to start, each card a 500 that names the path, unless the caller gives `workerProgram`).
    static func workerProgram(beside program: String?) -> String {
        guard let program else { return "./seemore" }
        return URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent("seemore").path
    }

    /// What each worker is started with: the server's templates, fonts and limits.
    static func workerArguments(_ options: Options) -> [String] {
        var arguments = ["worker"]
        if let folder = options.templatesFolder { arguments += ["--templates", folder] }
        arguments += options.fonts.workerArguments
        for catalog in options.catalogs { arguments += ["--catalog", catalog] }
        let limits = options.limits
        arguments += [
            "--max-text", "\(limits.maximumTextCharacters)", "--max-width", "\(limits.maximumWidth)", "--max-lines",
            "\(limits.maximumLines)",
        ]
        return arguments
    }

    /// A server that cannot listen, with the reason.
    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Listens and serves on a thread of its own; returns once it listens.
    /// - Throws: `StartError` when the address cannot be bound (in use, not local, refused).
    package func start() throws {
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: String? = nil
        let thread = Thread { [self] in
            failure = self.listen()
            ready.signal()
            guard failure == nil, let loop = self.loop else {
                self.stopped.signal()
                return
            }
            g_main_loop_run(loop)
            self.close()
            self.stopped.signal()
        }
        thread.name = "seemore-serve"
        self.thread = thread
        thread.start()
        ready.wait()
        if let failure { throw StartError(description: failure) }
    }

    /// Stops accepting, lets the renders in flight finish, and returns when the server has stopped.
    package func stop() {
        guard let context, let loop else { return }
        workers.drain()
        // Answers of the last renders are delivered on the server's thread before it quits.
        let box = Unmanaged.passRetained(MainContextCall { g_main_loop_quit(loop) }).toOpaque()
        g_main_context_invoke(context, MainContextCall.run, box)
        stopped.wait()
        review?.removeArtifacts()
    }

    /// Makes the context, the server and its handlers, and listens; returns an error message or nil.
    private func listen() -> String? {
        guard let context = g_main_context_new() else { return "cannot create a GLib main context" }
        self.context = context
        g_main_context_push_thread_default(context)
        loop = g_main_loop_new(context, 0)
        guard let object = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil) else {
            return "cannot create the HTTP server"
        }
        let server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        self.server = server
        let me = Unmanaged.passUnretained(self).toOpaque()
        soup_server_add_early_handler(
            server, nil,
            { _, message, path, _, data in
                guard let message, let data else { return }
                Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue().early(
                    ServerMessage(message), path: path.map { String(cString: $0) } ?? "/")
            }, me, nil)
        soup_server_add_handler(
            server, nil,
            { _, message, path, query, data in
                guard let message, let data else { return }
                let server = Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue()
                server.handle(
                    ServerMessage(message), path: path.map { String(cString: $0) } ?? "/", query: RenderServer.dictionary(query))
            }, me, nil)
        // Every connection's socket gets a timeout as each request on it starts: a client that sends its
        // headers or body too slowly, or idles, has its connection closed (GLib fails the pending read).
        let onRequest: @convention(c) (UnsafeMutablePointer<SoupServer>?, OpaquePointer?, gpointer?) -> Void = {
            _, message, data in
            guard let message, let data, let socket = soup_server_message_get_socket(message) else { return }
            let server = Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue()
            g_socket_set_timeout(socket, guint(server.options.readTimeout))
            server.idle.stop(socket)
            // The whole request, not only each read, has the read timeout: its deadline ends once its body is read.
            guard let context = server.context, server.deadlines.started(message, socket: socket, context: context) else {
                return
            }
            let read: @convention(c) (OpaquePointer?, gpointer?) -> Void = { message, data in
                guard let message, let data else { return }
                Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue().deadlines.finished(message)
            }
            g_signal_connect_data(
                UnsafeMutableRawPointer(message), "got-body", unsafeBitCast(read, to: GCallback.self), data, nil,
                GConnectFlags(rawValue: 0))
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(server), "request-started", unsafeBitCast(onRequest, to: GCallback.self), me, nil,
            GConnectFlags(rawValue: 0))
        // After each answer, a connection kept alive is watched for its client closing it or idling.
        let onFinished: @convention(c) (UnsafeMutablePointer<SoupServer>?, OpaquePointer?, gpointer?) -> Void = {
            _, message, data in
            guard let message, let data else { return }
            let server = Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue()
            server.deadlines.finished(message)
            guard let context = server.context, let socket = soup_server_message_get_socket(message) else { return }
            server.idle.watch(socket, context: context)
        }
        for signal in ["request-finished", "request-aborted"] {
            g_signal_connect_data(
                UnsafeMutableRawPointer(server), signal, unsafeBitCast(onFinished, to: GCallback.self), me, nil,
                GConnectFlags(rawValue: 0))
        }
        if let review { watch(review, context: me) }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let address = g_inet_socket_address_new_from_string(options.host, guint(options.port)) else {
            return "--host must be an IP address such as 127.0.0.1 or ::1, not '\(options.host)'"
        }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        guard soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            return "cannot listen on \(options.host):\(options.port): \(reason)"
        }
        var port = options.port
        if let uris = soup_server_get_uris(server) {
            if let first = uris.pointee.data { port = Int(g_uri_get_port(OpaquePointer(first))) }
            g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) })
        }
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        url = "http://\(host):\(port)/"
        for name in Set(["127.0.0.1", "localhost", "[::1]", host.lowercased()]) {
            allowedHosts.insert("\(name):\(port)")
            if port == 80 { allowedHosts.insert(name) }
        }
        return nil
    }

    private func close() {
        idle.stopAll()
        deadlines.stopAll()
        for monitor in monitors {
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
        }
        monitors = []
        eventClients = []
        if let server {
            soup_server_disconnect(server)
            g_object_unref(UnsafeMutableRawPointer(server))
        }
        if let loop { g_main_loop_unref(loop) }
        if let context {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        server = nil
    }

    /// A query's keys and values (already decoded by libsoup, `+` as space).
    private static func dictionary(_ table: OpaquePointer?) -> [String: String] {
        guard let table else { return [:] }
        var values: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, table)
        var key: gpointer? = nil
        var value: gpointer? = nil
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            values[String(cString: key.assumingMemoryBound(to: CChar.self))] = String(
                cString: value.assumingMemoryBound(to: CChar.self))
        }
        return values
    }

    // MARK: Responses (on the server's thread)

    func respond(_ message: ServerMessage, route: String, error: ServerError) {
        respond(message, route: route, status: error.status, type: "application/json", body: Array((error.json + "\n").utf8))
    }

    func respond(_ message: ServerMessage, route: String, status: Int, type: String?, body: [UInt8]) {
        metrics.count(route: route, status: status)
        for (name, value) in Self.securityHeaders { message.setHeader(name, value) }
        message.respond(status: status, type: type, body: body)
    }

    /// Runs `body` on the server's thread (where libsoup's objects live).
    func onServerThread(_ body: @escaping () -> Void) {
        guard let context else { return }
        g_main_context_invoke(context, MainContextCall.run, Unmanaged.passRetained(MainContextCall(body)).toOpaque())
    }
}
