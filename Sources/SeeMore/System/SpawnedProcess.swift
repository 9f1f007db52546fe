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

    /// Starts `path` with `arguments` (after its own name), its standard input `input` when given
    /// (else this process's), its signals at their defaults and none blocked.
    init(_ path: String, arguments: [String], input: Int32?) throws {
        var ends: [Int32] = [-1, -1]
        guard seemore_pipe(&ends) == 0 else { throw SpawnFailure(path: path, code: errno) }
        let started = ProcessSpawn.start(path, arguments: arguments) { actions in
            if let input { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) }
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        }
        close(ends[1])
        switch started {
        case .success(let pid): self.pid = pid
        case .failure(let failure):
            close(ends[0])
            throw failure
        }
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
