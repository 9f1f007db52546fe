import FoundationEssentials
import Glibc
import SeeMoreSupport

/// A headless Chromium, started once and driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: commands on its descriptor 3, answers and events on its 4, each
/// message JSON ended by a NUL byte), so no port is opened and no other process can drive it.
///
/// One page is made at start; `evaluate` runs a script in it and returns the script's value. Every
/// command has a time budget: a browser that does not answer in it is ended and the call throws.
/// The browser, its profile folder and its process group go with the object.
///
/// Not thread-safe: one caller at a time (a comparison drives one browser from one thread).
package final class Browser {
    /// Why the browser cannot be used.
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }

        package init(message: String) {
            self.message = message
        }
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: String
    /// Seconds the browser may take to start and to answer each command.
    private let budget: Double
    private var nextID = 1
    private var pending: [UInt8] = []
    private var session = ""
    private var ended = false
    /// What the page reported as an error since it was started (console errors, uncaught
    /// exceptions, resources that failed to load), in order.
    package private(set) var pageErrors: [String] = []
    /// The browser's product and version ("Chrome/156.0.7398.0"), as it says.
    package private(set) var version = ""

    /// The largest answer read (a page's worth of lines for thousands of texts).
    static let maximumMessageBytes = 256 << 20

    /// Where Debian installs Chromium; nil when it is not installed.
    package static var installedPath: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { access($0, X_OK) == 0 }
    }

    /// Starts the browser at `path` with a blank page.
    /// - Parameter budget: seconds the browser may take to start and to answer each command.
    /// - Throws: `Failure` when it cannot be started or does not answer.
    package init(path: String, budget: Double = 60) throws {
        self.budget = budget
        let folder =
            FileManager.default.temporaryDirectory.path + "/seemore-chromium-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        profile = folder
        var toBrowser: [Int32] = [-1, -1]
        var fromBrowser: [Int32] = [-1, -1]
        // Other children close what they do not take (`ProcessSpawn` closes every descriptor above theirs).
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw Failure(message: "cannot make the pipes to Chromium: \(String(cString: strerror(errno)))")
        }
        // The child's ends moved above 4 first: a dup2 onto the same number would keep close-on-exec.
        let readEnd = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 5)
        let writeEnd = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 5)
        close(toBrowser[0])
        close(fromBrowser[1])
        _ = fcntl(toBrowser[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromBrowser[0], F_SETFD, FD_CLOEXEC)
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=\(folder)",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-sync", "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb", "about:blank",
        ]
        let started = ProcessSpawn.start(path, arguments: arguments, ownGroup: true, firstClosed: 5) { actions in
            posix_spawn_file_actions_adddup2(&actions, readEnd, 3)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, 4)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        close(readEnd)
        close(writeEnd)
        commands = toBrowser[1]
        answers = fromBrowser[0]
        switch started {
        case .success(let pid): self.pid = pid
        case .failure(let failure):
            close(commands)
            close(answers)
            throw Failure(message: failure.description)
        }
        do {
            let target = try send("Target.createTarget", ["url": .string("about:blank")])
            guard let targetID = target["targetId"]?.string else { throw Failure(message: "Chromium made no page") }
            let attached = try send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)])
            guard let session = attached["sessionId"]?.string else { throw Failure(message: "Chromium gave no session") }
            self.session = session
            version = try send("Browser.getVersion", [:])["product"]?.string ?? ""
            for domain in ["Runtime.enable", "Log.enable", "Page.enable"] { _ = try send(domain, [:], session: session) }
        } catch {
            end()
            throw error
        }
    }

    deinit { end() }

    /// Runs `script` in the page and returns its value, which must be JSON text (the script's own
    /// `JSON.stringify`), parsed. A script's promise is awaited.
    /// - Throws: `Failure` for an exception in the script, a value that is no JSON text, or a
    ///   browser that does not answer within the budget.
    package func evaluate(_ script: String) throws -> JSONNode {
        let result = try send(
            "Runtime.evaluate",
            ["expression": .string(script), "returnByValue": .bool(true), "awaitPromise": .bool(true)], session: session)
        if let exception = result["exceptionDetails"] {
            let text = exception["exception"]?["description"]?.string ?? exception["text"]?.string ?? "an exception"
            throw Failure(message: "the script failed in Chromium: \(text)")
        }
        guard let text = result["result"]?["value"]?.string, let value = JSONNode.read(Array(text.utf8)) else {
            throw Failure(message: "the script's value is not JSON text")
        }
        return value
    }

    /// Sends a DevTools command to the page (`Page.captureScreenshot`, `CSS.getPlatformFontsForNode`)
    /// and returns its result.
    /// - Throws: `Failure` when the browser refuses it or does not answer within the budget.
    package func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws -> JSONNode {
        try send(method, parameters, session: session)
    }

    /// Opens `url` in the page and waits until it has loaded (its pictures included).
    /// - Throws: `Failure` when it does not load within the budget.
    package func open(_ url: String) throws {
        _ = try call("Page.navigate", ["url": .string(url)])
        let deadline = ContinuousClock.now + .milliseconds(Int(budget * 1000))
        while (try? evaluate("JSON.stringify(document.readyState === 'complete' && location.href !== 'about:blank')"))?
            .bool != true
        {
            guard ContinuousClock.now < deadline else { throw Failure(message: "\(url) did not load within the budget") }
            usleep(20_000)
        }
    }

    /// Notes an event that says the page went wrong: an uncaught exception, a console error, a
    /// log entry of level error (a picture that failed to load).
    private func note(event node: JSONNode) {
        let parameters = node["params"]
        switch node["method"]?.string {
        case "Runtime.exceptionThrown":
            let details = parameters?["exceptionDetails"]
            pageErrors.append(
                "exception: " + (details?["exception"]?["description"]?.string ?? details?["text"]?.string ?? "?"))
        case "Runtime.consoleAPICalled" where parameters?["type"]?.string == "error":
            let words = parameters?["args"]?.array?.compactMap { $0["value"]?.string ?? $0["description"]?.string } ?? []
            pageErrors.append("console: " + words.joined(separator: " "))
        case "Log.entryAdded" where parameters?["entry"]?["level"]?.string == "error":
            let entry = parameters?["entry"]
            pageErrors.append("log: " + (entry?["text"]?.string ?? "?") + " " + (entry?["url"]?.string ?? ""))
        default: break
        }
    }

    /// Sends one command and waits for its answer, noting events that report errors.
    private func send(_ method: String, _ parameters: [String: JSONValue], session: String? = nil) throws -> JSONNode {
        guard !ended else { throw Failure(message: "Chromium has ended") }
        let id = nextID
        nextID += 1
        var members: [(String, JSONValue)] = [
            ("id", .number(Double(id))), ("method", .string(method)),
            ("params", .object(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
        ]
        if let session { members.append(("sessionId", .string(session))) }
        guard Descriptor.writeAll(Array(JSONValue.object(members).serialized().utf8) + [0], to: commands) else {
            end()
            throw Failure(message: "Chromium stopped reading commands (it may have crashed)")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(budget * 1000))
        while true {
            while let end = pending.firstIndex(of: 0) {
                let message = pending[..<end]
                defer { pending.removeSubrange(...end) }
                guard let node = JSONNode.read(message) else { continue }
                guard node["id"]?.integer(in: 0...Int.max) == id else {
                    if node["id"] == nil { note(event: node) }
                    continue
                }
                if let error = node["error"] {
                    throw Failure(message: "Chromium refused \(method): \(error["message"]?.string ?? "no reason given")")
                }
                // A command that answers nothing answers the message itself: its fields are then absent.
                return node["result"] ?? node
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                end()
                throw Failure(message: "Chromium did not answer \(method) within \(JSONValue.format(budget)) s; it was ended")
            }
            var poll = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
            guard Glibc.poll(&poll, 1, max(milliseconds, 1)) >= 0 || errno == EINTR else { continue }
            guard poll.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(answers, &buffer, buffer.count)
            guard count > 0 else {
                end()
                throw Failure(message: "Chromium ended while answering \(method)")
            }
            pending += buffer[..<count]
            guard pending.count <= Self.maximumMessageBytes else {
                end()
                throw Failure(message: "Chromium's answer to \(method) is larger than \(Self.maximumMessageBytes) bytes")
            }
        }
    }

    /// Ends the browser's process group, reaps it and removes its profile.
    private func end() {
        guard !ended else { return }
        ended = true
        close(commands)
        close(answers)
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: profile)
    }
}
