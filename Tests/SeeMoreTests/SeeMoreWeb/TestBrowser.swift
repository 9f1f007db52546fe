@testable import SeeMoreWeb
import Testing

/// The installed Chromium for a test, or a recorded failure saying it is not installed (never a
/// silent skip).
enum TestBrowser {
    static func start(budget: Double = 60) throws -> Browser {
        guard let path = Browser.installedPath else {
            Issue.record("chromium is not installed (make deps installs it): the browser tests cannot run")
            throw Browser.Failure(message: "no chromium")
        }
        return try Browser(path: path, budget: budget)
    }
}
