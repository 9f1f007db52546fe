import Glibc
import SeeMoreSupport

/// A worker process's side of a `WorkerPool`: reads one message at a time from its standard input
/// (its end of the pool's socket), answers it on the same socket, until the pool closes it.
package enum WorkerLoop {
    /// Answers messages with `answer` until the input ends; returns then. Nothing else may read or
    /// write standard input meanwhile (the pool gives the worker's standard output to its standard
    /// error, so a stray print cannot break a frame). The process first takes a worker's budget
    /// (`ProcessBudget`): it ends with the pool's thread that started it, its memory is capped.
    package static func run(_ answer: ([UInt8]) -> [UInt8]) {
        ProcessBudget.applyToWorker()
        let channel = WorkerChannel(descriptor: STDIN_FILENO)
        while case .success(let message) = channel.receive() {
            guard channel.send(answer(message)) else { return }
        }
    }
}
