import Foundation
import SeeMore
import Testing
import XCTest

/// Names the snapshots of one test run apart, as swift-snapshot-testing does: unnamed snapshots are
/// numbered in the order the test takes them (`test.1`, `test.2`), named ones keep their name (the
/// same name is the same golden, checked again), and each case of a parameterized Swift Testing test gets its
/// own goldens, named after its arguments (`test.ja_320.1`).
///
/// `@unchecked Sendable`: every stored `var` (`counts`, `observing`) is read and written only inside
/// `lock.withLock`.
final class SnapshotCounter: @unchecked Sendable {
    static let shared = SnapshotCounter()

    private let lock = Lock()
    private var counts: [String: Int] = [:]
    private var observing = false

    /// The next identifier for a snapshot in the running test: the name, or a number.
    /// - Parameters:
    ///   - test: the test function and file, which with the running test case make the counter's key.
    func next(named name: String?, test: String) -> String {
        if let name { return name }
        let key = test + "\u{0}" + Self.runningCase()
        let count: Int = lock.withLock {
            if !observing && Test.current == nil && Thread.isMainThread {
                // XCTest may run a test method again in the same process: each run starts over.
                observing = true
                XCTestObservationCenter.shared.addTestObserver(Reset(counter: self))
            }
            counts[key, default: 0] += 1
            return counts[key] ?? 1
        }
        return String(count)
    }

    func reset() {
        lock.withLock { counts.removeAll() }
    }

    /// The running Swift Testing case's identity: its arguments' descriptions for a parameterized
    /// test, empty otherwise.
    static func runningCase() -> String {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return "" }
        return arguments(of: testCase).joined(separator: "\u{1}")
    }

    /// The part of a golden's name that tells the cases of a parameterized test apart, or nil.
    static func argumentsComponent() -> String? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        let values = arguments(of: testCase)
        guard !values.isEmpty else { return nil }
        return values.joined(separator: "_")
    }

    /// The arguments' descriptions (`testDescription` where the type gives one). Swift Testing has
    /// no public API for them yet, so they are read by reflection; nil where that finds nothing.
    private static func arguments(of testCase: Test.Case) -> [String] {
        func find(_ value: Any, depth: Int) -> [Any]? {
            guard depth < 4 else { return nil }
            for child in Mirror(reflecting: value).children {
                if child.label == "arguments" { return Mirror(reflecting: child.value).children.map(\.value) }
                if let found = find(child.value, depth: depth + 1) { return found }
            }
            return nil
        }
        return (find(testCase, depth: 0) ?? []).compactMap { argument in
            guard let value = Mirror(reflecting: argument).children.first(where: { $0.label == "value" })?.value else {
                return nil
            }
            if let string = value as? String { return string }
            if let described = value as? any CustomTestStringConvertible { return described.testDescription }
            return String(describing: value)
        }
    }

    private final class Reset: NSObject, XCTestObservation {
        let counter: SnapshotCounter
        init(counter: SnapshotCounter) { self.counter = counter }
        func testCaseWillStart(_ testCase: XCTestCase) { counter.reset() }
    }
}
