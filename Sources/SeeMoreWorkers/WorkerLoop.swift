import Glibc

/// A worker process's side of a `WorkerPool`: reads one message at a time from its standard input
/// (its end of the pool's socket), answers it on the same socket, until the pool closes it.
public enum WorkerLoop {
    /// Answers messages with `answer` until the input ends; returns then. Nothing else may read or
    /// write standard input meanwhile (the pool gives the worker's standard output to its standard
    /// error, so a stray print cannot break a frame).
    public static func run(_ answer: ([UInt8]) -> [UInt8]) {
        let channel = WorkerChannel(descriptor: STDIN_FILENO)
        while case .success(let message) = channel.receive() {
            guard channel.send(answer(message)) else { return }
        }
    }
}
