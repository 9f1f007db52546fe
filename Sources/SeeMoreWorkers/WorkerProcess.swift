import Glibc
import SeeMoreSupport

/// A worker program started with `posix_spawn`, talking over a socket pair: its standard input is its
/// end of the socket (it reads requests from it and writes answers to it), its standard output is
/// this process's standard error (so nothing it prints can be taken for an answer, or land in this
/// process's own output), its standard error is this process's.
///
/// `@unchecked Sendable`: `status` is read and written only by `reap`, and every method is called
/// only by the pool thread that drives this worker (`WorkerPool.drive`).
final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    let channel: WorkerChannel
    private var status: Int32?

    /// - Throws: `SpawnFailure` when it cannot be started.
    init(_ path: String, arguments: [String]) throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SpawnFailure(path: path, code: errno)
        }
        // Its own process group: a Ctrl-C at the terminal reaches the parent, which stops its
        // workers in order, and not the workers in the middle of an answer.
        let started = ProcessSpawn.start(path, arguments: arguments, ownGroup: true) { actions in
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO)
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        }
        close(ends[1])
        switch started {
        case .success(let pid):
            self.pid = pid
            channel = WorkerChannel(descriptor: ends[0])
        case .failure(let failure):
            close(ends[0])
            throw failure
        }
    }

    deinit {
        close(channel.descriptor)
        if status == nil {
            Glibc.kill(pid, SIGKILL)
            _ = reap()
        }
    }

    /// Ends it at once (SIGKILL): a worker past its time budget.
    func kill() {
        if status == nil { Glibc.kill(pid, SIGKILL) }
    }

    /// Closes this end: the worker reads the end of its input and exits.
    func closeInput() {
        shutdown(channel.descriptor, Int32(SHUT_WR))
    }

    /// Waits for it to end; says how it did ("exit 3", "signal 6 (SIGABRT)").
    @discardableResult
    func reap() -> String {
        if status == nil {
            var value: Int32 = 0
            while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
            status = value
        }
        return Self.describe(status ?? 0)
    }

    /// A wait status in words.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exit \((status >> 8) & 0xFF)" }
        let name = signalNames[signal].map { " (\($0))" } ?? ""
        return "signal \(signal)\(name)"
    }

    private static let signalNames: [Int32: String] = [
        SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL",
        SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGTRAP: "SIGTRAP",
    ]
}
