/// The process exit codes of `seemore`, after BSD's sysexits.h.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// A check found differences.
    case failure = 1
    /// EX_USAGE: a flag or argument is wrong.
    case usage = 64
    /// EX_DATAERR: the input is wrong (text not UTF-8, bad markup, broken template, missing font under --strict-fonts).
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// A program SeeMore needs is missing or failed (a browser).
    case unavailable = 69
    /// EX_SOFTWARE: a worker process died while drawing (an abort or crash in a library, the
    /// kernel's out-of-memory killer); the rest of the work was done.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be written.
    case cannotCreate = 73
    /// 128 + SIGINT: stopped by Ctrl-C (what ran is reported).
    case interrupted = 130
    /// 128 + SIGTERM: stopped by a signal to stop (what ran is reported).
    case terminated = 143
}

/// An error that ends a command with a message and an exit code.
package struct CommandError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var exitCode: ExitCode
    /// The usage line printed after the message (usage errors only).
    package var usage: String?

    package init(_ message: String, exitCode: ExitCode, usage: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.usage = usage
    }

    package var description: String { message }
}

/// Thrown by a parser when `--help` is given; the text goes to standard output with exit code 0.
package struct HelpRequested: Error {
    package var text: String

    package init(text: String) {
        self.text = text
    }
}
