import CSupport
import Glibc

/// A program started with `posix_spawn`, its standard output on a pipe this process reads
/// (Foundation's `Process` and `Pipe` without Foundation); standard error is this process's own.
/// One thread reads and waits; `terminate` may come from another before the wait.
final class SpawnedProcess: @unchecked Sendable {
    private let pid: pid_t
    /// The pipe's read end.
    private let output: Int32
    private var exited = false

    struct SpawnError: Error { var code: Int32 }

    /// Starts `path` with `arguments` (after its own name), its standard input `input` when given
    /// (else this process's), its signals at their defaults and none blocked.
    init(_ path: String, arguments: [String], input: Int32?) throws {
        var ends: [Int32] = [-1, -1]
        guard seemore_pipe(&ends) == 0 else { throw SpawnError(code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw SpawnError(code: spawned)
        }
        self.pid = pid
        output = ends[0]
    }

    deinit {
        close(output)
        if !exited { wait() }
    }

    /// Reads what the program wrote to its standard output into `buffer`: the count read, 0 at its
    /// end, -1 at an error.
    func read(into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Asks the program to stop (SIGTERM).
    func terminate() {
        if !exited { kill(pid, SIGTERM) }
    }

    /// Waits for the program to end.
    func wait() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exited = true
    }
}
