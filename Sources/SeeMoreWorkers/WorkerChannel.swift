import Glibc

/// One end of the socket between a worker pool and a worker process: messages as frames (a 4-byte
/// little-endian length, then that many bytes), each way. Writes never raise SIGPIPE: a peer that is
/// gone is an error, not a signal.
struct WorkerChannel {
    let descriptor: Int32

    /// No message is longer: a peer that announces more has gone wrong.
    static let maximumMessageBytes = 256 << 20

    /// What a receive ended in, short of a message.
    enum ReceiveError: Error, Equatable {
        /// The peer closed its end (or died) before a whole message came.
        case closed
        /// The deadline passed first.
        case timedOut
        /// The peer announced a message past `maximumMessageBytes`.
        case tooLong(Int)
    }

    /// Sends `message` as one frame; false when the peer is gone.
    func send(_ message: [UInt8]) -> Bool {
        let length = UInt32(clamping: message.count)
        let frame = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + message
        return frame.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var sent = 0
            while sent < buffer.count {
                let result = Glibc.send(descriptor, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                sent += result
            }
            return true
        }
    }

    /// Receives one message, waiting at most until `deadline` (nil: as long as it takes).
    func receive(before deadline: ContinuousClock.Instant? = nil) -> Result<[UInt8], ReceiveError> {
        var header = [UInt8](repeating: 0, count: 4)
        if let error = fill(&header, before: deadline) { return .failure(error) }
        let length = (0..<4).reduce(0) { $0 | Int(header[$1]) << (8 * $1) }
        guard length <= Self.maximumMessageBytes else { return .failure(.tooLong(length)) }
        var message = [UInt8](repeating: 0, count: length)
        if let error = fill(&message, before: deadline) { return .failure(error) }
        return .success(message)
    }

    /// Whether the peer has closed its end (a read would end): polled, without waiting.
    var peerHasClosed: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        if entry.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Reads exactly `buffer.count` bytes into `buffer`.
    private func fill(_ buffer: inout [UInt8], before deadline: ContinuousClock.Instant?) -> ReceiveError? {
        var filled = 0
        while filled < buffer.count {
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return .timedOut }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let (seconds, attoseconds) = left.components
                let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                let ready = poll(&entry, 1, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { continue }  // the deadline is checked again above
            }
            let count = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, bytes.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .closed }
            filled += count
        }
        return nil
    }
}
