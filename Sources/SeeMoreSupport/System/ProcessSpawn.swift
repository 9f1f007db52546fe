import CSupport
import Glibc

/// Starts programs with `posix_spawn`, their signals at the defaults and none blocked (a child must
/// not inherit this process's ignored SIGPIPE or its blocked stop signals).
package enum ProcessSpawn {
    /// Starts `path` with `arguments` (after its own name); `redirect` adds the child's descriptor
    /// changes; `ownGroup` puts it in a process group of its own (a Ctrl-C at the terminal then
    /// reaches only this process); the child keeps descriptors below `firstClosed` (0–2, and more for a
    /// program that reads others, as Chromium's DevTools pipe is 3 and 4). Returns its process ID, or
    /// the error number.
    package static func start(
        _ path: String, arguments: [String], ownGroup: Bool = false, firstClosed: Int32 = 3,
        redirect: (inout posix_spawn_file_actions_t) -> Void
    ) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        // Only the descriptors given: none of this process's others, which a thread may have opened
        // without close-on-exec (Foundation's pipes do) and whose ends a long-lived worker would then
        // hold open, so their readers never see the end.
        seemore_spawn_close_from(&actions, firstClosed)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        return spawned == 0 ? .success(pid) : .failure(SpawnFailure(path: path, code: spawned))
    }
}

/// A program that could not be started, and why.
package struct SpawnFailure: Error, CustomStringConvertible {
    package var path: String
    package var code: Int32

    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    package var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
}
