import CSoup
import Glibc

/// A whole request's deadline, and a bound on open connections, for clients that trickle.
///
/// A socket's timeout (`--read-timeout`) measures idle time only: a client sending one byte every
/// few seconds kept its request open for minutes, and 400 such clients held 403 connections. So each
/// request, from when the server starts reading it, must have arrived whole (its headers and its
/// body) within the read timeout, as Go's `ReadTimeout` asks: past it its connection is closed. And
/// at most `maximumConnections` connections are open at once: one past them is closed as its first
/// request starts. Used on the server's thread only, where libsoup's objects live.
final class RequestDeadlines {
    let seconds: Int
    let maximumConnections: Int
    /// The open connections' sockets, each referenced while listed (so a pointer here is never a freed
    /// socket's); closed ones are forgotten when the bound is reached.
    private var open: Set<UnsafeMutablePointer<GSocket>> = []
    /// The pending deadline of each request being read, by message.
    private var pending: [OpaquePointer: Deadline] = [:]

    init(seconds: Int, maximumConnections: Int) {
        self.seconds = seconds
        self.maximumConnections = maximumConnections
    }

    /// Connections open now.
    var openConnections: Int { open.count }

    /// A request starts being read on `socket`: false (and the connection closed) when it is a new
    /// connection past the bound; else its deadline runs until `read(message)`.
    func started(_ message: OpaquePointer, socket: UnsafeMutablePointer<GSocket>, context: OpaquePointer) -> Bool {
        if !open.contains(socket) {
            if open.count >= maximumConnections { forgetClosed() }
            guard open.count < maximumConnections else {
                g_socket_close(socket, nil)
                return false
            }
            g_object_ref(UnsafeMutableRawPointer(socket))
            open.insert(socket)
        }
        finished(message)
        guard let source = g_timeout_source_new(guint(seconds * 1000)) else { return true }
        let deadline = Deadline(owner: self, message: message, socket: socket, source: source)
        let box = Unmanaged.passRetained(deadline).toOpaque()
        let fired: @convention(c) (gpointer?) -> gboolean = { data in
            guard let data else { return 0 }
            Unmanaged<Deadline>.fromOpaque(data).takeUnretainedValue().expire()
            return 0  // G_SOURCE_REMOVE
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<Deadline>.fromOpaque(data).release()
        }
        g_source_set_callback(source, fired, box, release)
        g_source_attach(source, context)
        pending[message] = deadline
        return true
    }

    /// Forgets the connections that are closed, and closes those whose client has closed its end
    /// (libsoup 3.2 keeps such a connection otherwise, see `IdleConnections`).
    private func forgetClosed() {
        for socket in open {
            var closed = g_socket_is_closed(socket) != 0
            if !closed {
                var byte: UInt8 = 0
                let descriptor = g_socket_get_fd(socket)
                let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                    g_socket_close(socket, nil)
                    closed = true
                }
            }
            guard closed else { continue }
            open.remove(socket)
            g_object_unref(UnsafeMutableRawPointer(socket))
        }
    }

    /// The request has arrived whole (its body read), or ended: its deadline no longer runs.
    func finished(_ message: OpaquePointer) {
        guard let deadline = pending.removeValue(forKey: message) else { return }
        deadline.cancel()
    }

    /// Cancels every deadline and forgets every connection (the server stops).
    func stopAll() {
        for message in Array(pending.keys) { finished(message) }
        for socket in open { g_object_unref(UnsafeMutableRawPointer(socket)) }
        open.removeAll()
    }

    /// A request's deadline: its socket (referenced while pending) and its timer.
    private final class Deadline {
        weak var owner: RequestDeadlines?
        let message: OpaquePointer
        let socket: UnsafeMutablePointer<GSocket>
        let source: UnsafeMutablePointer<GSource>

        init(
            owner: RequestDeadlines, message: OpaquePointer, socket: UnsafeMutablePointer<GSocket>,
            source: UnsafeMutablePointer<GSource>
        ) {
            self.owner = owner
            self.message = message
            self.socket = socket
            self.source = source
            g_object_ref(UnsafeMutableRawPointer(socket))
        }

        deinit {
            g_source_unref(source)
            g_object_unref(UnsafeMutableRawPointer(socket))
        }

        /// The request did not arrive in time: its connection is closed, and libsoup's read of it fails.
        func expire() {
            owner?.pending.removeValue(forKey: message)
            g_socket_close(socket, nil)
        }

        func cancel() { g_source_destroy(source) }
    }
}
