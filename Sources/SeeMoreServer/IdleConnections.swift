import CSoup
import Glibc

/// Closes the keep-alive connections that wait for a next request which will not come.
///
/// libsoup 3.2 (Debian 12's 3.2.3) never releases a keep-alive connection whose client closed it
/// while it was idle, nor one idle past the socket's timeout: 50 such connections left 51 sockets
/// open, and at the descriptor limit the server never answered again. So after each answer the server
/// watches the connection's socket itself (on its own thread, where libsoup's objects live): when the
/// client has closed it (end of file, or an error) or sent nothing for the idle timeout (the socket's
/// timeout, `--read-timeout`), the socket is closed, and libsoup's own read of it ends. The first byte
/// of a next request, or libsoup starting to read one, ends the watch.
final class IdleConnections {
    /// The watched sockets' sources, by socket.
    private var watches: [UnsafeMutablePointer<GSocket>: UnsafeMutablePointer<GSource>] = [:]

    /// Watches `socket` from now on, in `context`.
    func watch(_ socket: UnsafeMutablePointer<GSocket>, context: OpaquePointer) {
        stop(socket)
        guard
            let source = g_socket_create_source(
                socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), nil)
        else { return }
        let box = Unmanaged.passRetained(Watch(owner: self, socket: socket)).toOpaque()
        let fired: @convention(c) (UnsafeMutablePointer<GSocket>?, GIOCondition, gpointer?) -> gboolean = { _, _, data in
            guard let data else { return 0 }
            let watch = Unmanaged<Watch>.fromOpaque(data).takeUnretainedValue()
            watch.owner?.fired(watch.socket)
            return 0  // G_SOURCE_REMOVE
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<Watch>.fromOpaque(data).release()
        }
        g_source_set_callback(source, unsafeBitCast(fired, to: GSourceFunc.self), box, release)
        g_source_attach(source, context)
        watches[socket] = source
    }

    /// Ends the watch of `socket`, if there is one: libsoup reads a next request on it.
    func stop(_ socket: UnsafeMutablePointer<GSocket>) {
        guard let source = watches.removeValue(forKey: socket) else { return }
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Ends every watch (the server stops).
    func stopAll() {
        for socket in Array(watches.keys) { stop(socket) }
    }

    /// The socket became readable, failed, or timed out: closed unless a request's bytes are waiting.
    private func fired(_ socket: UnsafeMutablePointer<GSocket>) {
        if let source = watches.removeValue(forKey: socket) { g_source_unref(source) }
        let descriptor = g_socket_get_fd(socket)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 0
        let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked > 0 { return }
        g_socket_close(socket, nil)
    }

    /// One watch's socket (referenced while watched) and its owner.
    private final class Watch {
        weak var owner: IdleConnections?
        let socket: UnsafeMutablePointer<GSocket>

        init(owner: IdleConnections, socket: UnsafeMutablePointer<GSocket>) {
            self.owner = owner
            self.socket = socket
            g_object_ref(UnsafeMutableRawPointer(socket))
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(socket)) }
    }
}
