import CSoup

/// One request and its response (a `SoupServerMessage`), held with a reference while it is paused
/// for a worker. Used only on the server's thread; made there, and its reference is given back there
/// too, whichever thread drops the wrapper last.
///
/// `@unchecked Sendable`: its stored properties are `let`s; other threads only hold it (a paused
/// request waiting for its worker's answer) and `deinit` hands the reference back to the server's thread.
final class ServerMessage: @unchecked Sendable {
    private let pointer: OpaquePointer
    /// The server thread's main context, where libsoup's objects live.
    private let context: OpaquePointer?

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        context = g_main_context_ref_thread_default()
        g_object_ref(UnsafeMutableRawPointer(pointer))
    }

    /// A render job's closure, released on a worker thread, could hold the last wrapper: dropping the
    /// message there finalized libsoup's object beside the server thread's own use of its connection
    /// (a GLib signal assertion aborted a clean-clone test run once). So the reference goes back on the
    /// server's thread; once that thread has stopped, it is left (the process is ending the server).
    deinit {
        guard let context, g_main_context_is_owner(context) == 0 else {
            g_object_unref(UnsafeMutableRawPointer(pointer))
            if let context { g_main_context_unref(context) }
            return
        }
        let release: GSourceFunc = { data in
            if let data { g_object_unref(data) }
            return 0  // G_SOURCE_REMOVE
        }
        g_main_context_invoke(context, release, UnsafeMutableRawPointer(pointer))
        g_main_context_unref(context)
    }

    var method: String {
        soup_server_message_get_method(pointer).map { String(cString: $0) } ?? ""
    }

    func requestHeader(_ name: String) -> String? {
        guard let headers = soup_server_message_get_request_headers(pointer),
            let value = soup_message_headers_get_one(headers, name)
        else { return nil }
        return String(cString: value)
    }

    /// The declared body length, when the request has one.
    var contentLength: Int? {
        guard let headers = soup_server_message_get_request_headers(pointer),
            soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
        else { return nil }
        return Int(soup_message_headers_get_content_length(headers))
    }

    var requestBody: [UInt8] {
        guard let body = soup_server_message_get_request_body(pointer), let data = body.pointee.data, body.pointee.length > 0
        else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(body.pointee.length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(body.pointee.length)))
        }
    }

    func setHeader(_ name: String, _ value: String) {
        guard let headers = soup_server_message_get_response_headers(pointer) else { return }
        soup_message_headers_replace(headers, name, value)
    }

    func respond(status: Int, type: String?, body: [UInt8]) {
        soup_server_message_set_status(pointer, guint(status), nil)
        body.withUnsafeBufferPointer { buffer in
            soup_server_message_set_response(
                pointer, type, SOUP_MEMORY_COPY,
                buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                gsize(buffer.count))
        }
    }

    /// Starts a stream of server-sent events: the headers now, events as `send` appends them.
    func startEventStream() {
        soup_server_message_set_status(pointer, 200, nil)
        setHeader("Content-Type", "text/event-stream")
        setHeader("Cache-Control", "no-cache")
        if let headers = soup_server_message_get_response_headers(pointer) {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        }
        send(": connected\n\n")
    }

    /// Appends `text` to a streamed answer and lets libsoup write it.
    func send(_ text: String) {
        guard let body = soup_server_message_get_response_body(pointer) else { return }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
        soup_server_message_unpause(pointer)
    }

    /// Calls `body` once when the exchange has ended (answered, or the client went away).
    func onFinished(_ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(FinishedCall(body)).toOpaque()
        let callback: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<FinishedCall>.fromOpaque(data).takeUnretainedValue().body()
        }
        let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            guard let data else { return }
            Unmanaged<FinishedCall>.fromOpaque(data).release()
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(pointer), "finished", unsafeBitCast(callback, to: GCallback.self), box,
            release, GConnectFlags(rawValue: 0))
    }

    /// How the request's body is framed: none, a length, or chunks.
    var bodyEncoding: SoupEncoding {
        guard let headers = soup_server_message_get_request_headers(pointer) else { return SOUP_ENCODING_NONE }
        return soup_message_headers_get_encoding(headers)
    }

    /// Calls `body` with the message (a wrapper of its own: this one may be gone by then) and the
    /// length of each piece of the request body as it is read.
    func onBodyChunk(_ body: @escaping (ServerMessage, Int) -> Void) {
        let box = Unmanaged.passRetained(ChunkCall(body)).toOpaque()
        let callback: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { message, chunk, data in
            guard let message, let data, let chunk else { return }
            Unmanaged<ChunkCall>.fromOpaque(data).takeUnretainedValue().body(ServerMessage(message), Int(g_bytes_get_size(chunk)))
        }
        let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            guard let data else { return }
            Unmanaged<ChunkCall>.fromOpaque(data).release()
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(pointer), "got-chunk", unsafeBitCast(callback, to: GCallback.self), box, release,
            GConnectFlags(rawValue: 0))
    }

    /// Answers without reading any more of the request and closes the connection: the connection is
    /// taken from libsoup, which would otherwise read a body it was told to refuse to its end.
    func refuse(status: Int, reason: String, headers: [(String, String)], body: [UInt8]) {
        guard let stream = soup_server_message_steal_connection(pointer) else { return }
        var head = "HTTP/1.1 \(status) \(reason)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        if let output = g_io_stream_get_output_stream(stream) {
            bytes.withUnsafeBufferPointer {
                _ = g_output_stream_write_all(output, $0.baseAddress, gsize($0.count), nil, nil, nil)
            }
        }
        g_io_stream_close(stream, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(stream))
    }

    func pause() { soup_server_message_pause(pointer) }
    func unpause() { soup_server_message_unpause(pointer) }
}

/// A closure run when a message finishes.
private final class FinishedCall {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// A closure run for each piece of a request body.
private final class ChunkCall {
    let body: (ServerMessage, Int) -> Void
    init(_ body: @escaping (ServerMessage, Int) -> Void) { self.body = body }
}
