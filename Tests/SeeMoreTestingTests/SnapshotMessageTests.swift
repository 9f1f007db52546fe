@testable import SeeMoreGoldens
@testable import SeeMoreTesting
import Testing

/// What a failing snapshot says it did with the golden: wrote one where there was none, or replaced
/// one (`record: .failed`, `.all`) — it once called a replaced golden "a new golden".
struct SnapshotMessageTests {
    @Test func aReplacedGolden_isSaidToBeReplaced_aMissingOneRecorded() {
        var replaced = CaseResult(
            name: "T/test.1.collapsed", outcome: .pixelsChanged, message: "12 pixels differ", goldenPath: "g.png", group: "")
        replaced.recordedPath = "g.png"
        var new = replaced
        new.outcome = .missing
        let replacedText = SnapshotSource.message(replaced, artifacts: "/tmp/a", test: "test")
        let newText = SnapshotSource.message(new, artifacts: "/tmp/a", test: "test")
        #expect(replacedText.contains("replaced the golden at g.png") && !replacedText.contains("new golden"), "\(replacedText)")
        #expect(newText.contains("recorded a new golden at g.png"), "\(newText)")
    }
}
