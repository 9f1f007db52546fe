@testable import SeeMoreCommandLine
@testable import SeeMoreScan
import Testing

/// A scan's workers read its matrix from a typed record, never from re-parsed flags (#42 item 2): a
/// matrix flag added to `scan` fails here until the job carries it or names it the parent's own.
@Suite struct ScanJobTests {
    @Test func everyFieldOfTheCommand_isCarriedOrTheParentsOwn() {
        let fields = Set(Mirror(reflecting: ScanCommand()).children.compactMap(\.label))
        let carried = Set(Mirror(reflecting: ScanJob()).children.compactMap(\.label))
        #expect(
            fields == carried.union(ScanCommand.parentsOwn), "neither carried nor the parent's: \(fields.subtracting(carried))")
        #expect(carried.isDisjoint(with: ScanCommand.parentsOwn))
    }

    @Test func aJob_roundTripsWhole_andRebuildsTheCommandsMatrixFields() throws {
        var command = ScanCommand()
        command.suitePath = "/s/suite.json"
        command.templates = ["inline-more", "x.json"]
        command.widths = [240, 320.5]
        command.fonts = ["DejaVu Sans 15", "NanumGothic 15"]
        command.templatesFolder = "/s/Templates"
        command.fontFiles = ["/s/fonts/a.ttf", "/s/fonts, with a comma"]
        command.hermetic = true
        let job = command.job
        let read = try #require(ScanJob(bytes: job.bytes))
        #expect(read == job)
        #expect(ScanCommand(job: read).job == job)
        #expect(ScanJob(bytes: ScanJob().bytes) == ScanJob())
        #expect(ScanJob(bytes: Array(job.bytes.dropLast())) == nil && ScanJob(bytes: [9] + job.bytes.dropFirst()) == nil)
    }
}
