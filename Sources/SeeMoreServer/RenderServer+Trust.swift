import CSoup
import Foundation
import SeeMore

/// What every request passes before its handler, for a server that strangers' pages and clients can
/// reach: its `Host` must name this server, a body is read only where a route takes one and never past
/// the limit, and every review resource needs the token.
extension RenderServer {
    /// The routes that take a request body.
    static let bodyRoutes: Set<String> = ["POST /render", "POST /review/approve"]

    /// Before the body is read, from the headers alone: a foreign `Host` (421), a body on a route that
    /// takes none (400) or one declared larger than the limit (413) is refused without reading it,
    /// and a chunked body is counted as it comes and refused (413) once past the limit.
    func early(_ message: ServerMessage, path: String) {
        guard let host = message.requestHeader("Host")?.lowercased(), allowedHosts.contains(host) else {
            return refuse(
                message, route: "host",
                error: ServerError(
                    status: 421, message: "this server answers only requests for \(url) (Host: 127.0.0.1, localhost or [::1])",
                    field: nil))
        }
        if let origin = foreignOrigin(message) {
            return refuse(
                message, route: "origin",
                error: ServerError(
                    status: 403,
                    message:
                        "this server answers only its own pages and the origins given with --allow-origin, not \(LogText.escaped(origin))",
                    field: nil))
        }
        let limit = options.limits.maximumBodyBytes
        let encoding = message.bodyEncoding
        let length = message.contentLength ?? 0
        guard Self.bodyRoutes.contains("\(message.method) \(path)") else {
            if encoding == SOUP_ENCODING_CHUNKED || encoding == SOUP_ENCODING_EOF || length > 0 {
                refuse(
                    message, route: "body",
                    error: ServerError(status: 400, message: "\(message.method) \(path) takes no body", field: nil))
            }
            return
        }
        if length > limit {
            return refuse(
                message, route: "body",
                error: ServerError(status: 413, message: "the body has \(length) bytes; at most \(limit)", field: nil))
        }
        if encoding == SOUP_ENCODING_CHUNKED {
            var received = 0
            var refused = false
            // The handler is given the message each time: it must not keep it (or its libsoup object) alive.
            message.onBodyChunk { [weak self] current, count in
                received += count
                guard received > limit, !refused, let self else { return }
                refused = true
                self.refuse(
                    current, route: "body",
                    error: ServerError(status: 413, message: "the body has more than \(limit) bytes", field: nil))
            }
        }
    }

    /// The origin of a page of another site that sent the request, or nil when it came from this
    /// server's own pages, an allowed origin (`--allow-origin`) or no page (curl, a test, an address
    /// typed in). A browser names the page in `Origin` (fetches, forms) or only says it was another
    /// site (`Sec-Fetch-Site`, for an `<img>`), with the page in `Referer` at most: a page of a stranger
    /// could otherwise make a worker draw the largest card over and over.
    func foreignOrigin(_ message: ServerMessage) -> String? {
        let own = Set(allowedHosts.map { "http://" + $0 })
        func allowed(_ origin: String) -> Bool {
            let origin = origin.lowercased()
            return own.contains(origin) || options.allowedOrigins.contains(origin) || options.allowedOrigins.contains("*")
        }
        if let origin = message.requestHeader("Origin") {
            return allowed(origin) ? nil : origin
        }
        guard let site = message.requestHeader("Sec-Fetch-Site")?.lowercased(), site == "cross-site" || site == "same-site" else {
            return nil
        }
        let page = message.requestHeader("Referer").map(Self.origin(of:)) ?? nil
        guard let page else {
            return options.allowedOrigins.contains("*") ? nil : "a page of another site (Sec-Fetch-Site: \(site))"
        }
        return allowed(page) ? nil : page
    }

    /// "http://host:port" of an absolute URL, or nil.
    package static func origin(of url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        return url[..<scheme.upperBound].lowercased() + authority.lowercased()
    }

    /// Answers `error` at once and closes the connection, reading nothing more of the request.
    func refuse(_ message: ServerMessage, route: String, error: ServerError) {
        metrics.count(route: route, status: error.status)
        let reasons = [400: "Bad Request", 403: "Forbidden", 413: "Content Too Large", 421: "Misdirected Request"]
        message.refuse(
            status: error.status, reason: reasons[error.status] ?? "Error",
            headers: [("Content-Type", "application/json")] + Self.securityHeaders, body: Array((error.json + "\n").utf8))
    }

    /// Sent with every answer: no page of this server is named to another site, no type is guessed.
    static let securityHeaders = [("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff")]

    /// The review's cookie: named by port, so two servers on one machine do not overwrite each other's.
    var tokenCookie: String { "seemore-token-" + (url.split(separator: ":").last.map { String($0.dropLast()) } ?? "") }

    /// Whether the request carries the token: in `X-SeeMore-Token`, or in the review's cookie.
    func hasToken(_ message: ServerMessage) -> Bool {
        if let header = message.requestHeader("X-SeeMore-Token"), Self.sameToken(header, token) { return true }
        let cookies = message.requestHeader("Cookie") ?? ""
        for cookie in cookies.split(separator: ";") {
            let parts = cookie.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == tokenCookie,
                Self.sameToken(parts[1].trimmingCharacters(in: .whitespaces), token)
            {
                return true
            }
        }
        return false
    }

    /// Compares two tokens in time that depends on their lengths only, not on where they differ.
    static func sameToken(_ given: String, _ token: String) -> Bool {
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
