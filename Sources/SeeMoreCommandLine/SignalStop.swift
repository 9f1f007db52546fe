import Dispatch
import Glibc
import SeeMore

/// SIGINT and SIGTERM, while a command runs, made into a `StopRequest`: the first asks the run to stop
/// in order (a run killed outright lost its report and could leave a golden's temporary behind). In
/// the process a person runs, a second signal ends it at once, as a second Ctrl-C does in most tools;
/// a `check --jobs` worker, which gets Ctrl-C from the terminal and SIGTERM from its parent, waits.
///
/// `@unchecked Sendable`: every stored `var` (`received`, `sources`) is read and written only inside
/// `lock.withLock`.
package final class SignalStop: @unchecked Sendable {
    package let request = StopRequest()
    private let lock = Lock()
    private var received: Int32? = nil
    private var sources: [DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]

    /// - Parameters:
    ///   - command: names the process in the message printed on the first signal.
    ///   - again: a second signal ends the process at once (exit 128 + its number).
    package init(command: String, again: Bool, io: CommandIO) {
        let queue = DispatchQueue(label: "seemore-signals")
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in
                let first = lock.withLock {
                    defer { if received == nil { received = number } }
                    return received == nil
                }
                let name = Self.name(number)
                guard first else {
                    if again { _exit(128 + number) }
                    return
                }
                if again {
                    io.writeError(
                        "\n\(command): \(name): stopping after the cases in progress (\(name == "SIGINT" ? "Ctrl-C" : name) again stops at once)\n"
                    )
                }
                request.request(name)
            }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// The exit code of a run that got a signal: 130 (SIGINT) or 143 (SIGTERM); nil when it got none.
    package var exitCode: ExitCode? {
        switch lock.withLock({ received }) {
        case SIGINT: return .interrupted
        case SIGTERM: return .terminated
        default: return nil
        }
    }

    /// Gives the signals back their default actions.
    package func cancel() {
        let cancelled = lock.withLock {
            defer { sources = [] }
            return sources
        }
        for source in cancelled { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    private static func name(_ number: Int32) -> String { number == SIGINT ? "SIGINT" : "SIGTERM" }
}
