import CSoup
import Foundation
import SeeMore

/// `/review/`: the page, approving, and telling open pages when the templates or the suite change.
extension RenderServer {
    /// Watches the templates folder and the suite's folder with every folder below it (the suite file
    /// and the goldens); a change tells every open review page (it reloads, which checks again).
    func watch(_ review: ReviewSession, context me: UnsafeMutableRawPointer) {
        let templateFolders = options.templatesFolder.map { [$0] } ?? Array(templates.folders.prefix(1))
        for folder in templateFolders { watchFolder(folder, context: me) }
        let suiteFolder = URL(fileURLWithPath: review.suite).deletingLastPathComponent().path
        for folder in [suiteFolder] + Self.folders(under: suiteFolder, limit: Self.maximumWatchedFolders) {
            watchFolder(folder, context: me, tree: true)
        }
    }

    /// The most folders watched: inotify watches are a per-user resource, and a hostile suite could
    /// hold a million folders. Changes in folders past the limit are seen at the next reload.
    static let maximumWatchedFolders = 4096

    /// Folders below `root`, not following links, breadth first, at most `limit`.
    static func folders(under root: String, limit: Int) -> [String] {
        var found: [String] = []
        var queue = [root]
        while !queue.isEmpty && found.count < limit {
            let folder = queue.removeFirst()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            for name in names where found.count < limit {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                found.append(path)
                queue.append(path)
            }
        }
        return found
    }

    /// One folder's monitor; for a `tree`, a folder created inside is watched too (a new text's goldens).
    private func watchFolder(_ path: String, context me: UnsafeMutableRawPointer, tree: Bool = false) {
        guard monitors.count < Self.maximumWatchedFolders + 8, let file = g_file_new_for_path(path) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return }
        g_file_monitor_set_rate_limit(monitor, 200)
        let changed: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = {
            _, file, _, event, data in
            guard let data, event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED else { return }
            Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue().reviewChanged()
        }
        let created: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = {
            _, file, _, event, data in
            guard let data, let file, event == G_FILE_MONITOR_EVENT_CREATED || event == G_FILE_MONITOR_EVENT_MOVED_IN,
                let cPath = g_file_get_path(file)
            else { return }
            let path = String(cString: cPath)
            g_free(cPath)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
            Unmanaged<RenderServer>.fromOpaque(data).takeUnretainedValue().watchFolder(path, context: data, tree: true)
        }
        for handler in tree ? [changed, created] : [changed] {
            g_signal_connect_data(
                UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(handler, to: GCallback.self), me, nil,
                GConnectFlags(rawValue: 0))
        }
        monitors.append(monitor)
    }

    /// Tells the open review pages 300 ms after the first of a burst of changes (an editor's save is
    /// several file events), so the check they start sees the files complete.
    func reviewChanged() {
        guard !eventPending, let context, let source = g_timeout_source_new(300) else { return }
        eventPending = true
        let call = MainContextCall { [self] in
            eventPending = false
            for client in eventClients { client.send("event: changed\ndata: {}\n\n") }
        }
        g_source_set_callback(source, MainContextCall.run, Unmanaged.passRetained(call).toOpaque(), nil)
        g_source_attach(source, context)
        g_source_unref(source)
    }

    func reviewEvents(_ message: ServerMessage) {
        message.startEventStream()
        eventClients.append(message)
        // By identity, so the handler does not keep the message (and its libsoup object) alive.
        let id = ObjectIdentifier(message)
        message.onFinished { [weak self] in self?.eventClients.removeAll { ObjectIdentifier($0) == id } }
    }

    func reviewPage(_ message: ServerMessage) {
        guard let review else {
            return respond(
                message, route: "/review/",
                error: ServerError(status: 404, message: "no suite to review: start with --suite", field: nil))
        }
        message.pause()
        review.page { result in
            self.onServerThread {
                defer { message.unpause() }
                switch result {
                case .success(let html):
                    message.setHeader("Cache-Control", "no-store")
                    self.respond(
                        message, route: "/review/", status: 200, type: "text/html; charset=utf-8", body: Array(html.utf8))
                case .failure(let error): self.respond(message, route: "/review/", error: error)
                }
            }
        }
    }

    /// Approving writes goldens: only with the token, and only from this server's own pages.
    func reviewApprove(_ message: ServerMessage) {
        let route = "/review/approve"
        guard let review else {
            return respond(message, route: route, error: ServerError(status: 404, message: "no suite to review", field: nil))
        }
        guard let given = message.requestHeader("X-SeeMore-Token"), Self.sameToken(given, token) else {
            return respond(
                message, route: route,
                error: ServerError(status: 403, message: "approving needs the server's token (X-SeeMore-Token)", field: nil))
        }
        if let origin = message.requestHeader("Origin"), origin + "/" != url {
            return respond(
                message, route: route,
                error: ServerError(status: 403, message: "approving is allowed only from \(url)", field: nil))
        }
        message.pause()
        review.approve(message.requestBody) { result in
            self.onServerThread {
                defer { message.unpause() }
                switch result {
                case .success(let json):
                    self.respond(message, route: route, status: 200, type: "application/json", body: Array((json + "\n").utf8))
                case .failure(let error): self.respond(message, route: route, error: error)
                }
            }
        }
    }
}
