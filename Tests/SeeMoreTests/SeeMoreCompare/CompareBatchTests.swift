@testable import SeeMoreCompare
@testable import SeeMoreWeb
@testable import SeeMoreWorkers
import Testing

/// What a comparison's worker answers reads back as it was written, and damaged bytes are refused.
struct CompareBatchTests {
    @Test func preparedTexts_roundTrip() throws {
        var ready = PreparedText()
        ready.ours = ["Notes at ", "https://example.com"]
        ready.ourWidths = [61.5, 150.25]
        ready.textWidth = 208
        var request = WebLines.Request(
            text: "Notes at https://example.com", family: "\"DejaVu Sans\"", size: 15, lineHeight: 20, width: 208)
        request.language = "en"
        request.style = "line-break: auto;"
        request.spans = [WebLines.Span(range: 9..<28, style: "font-weight: 600; ")]
        ready.web = request
        ready.links = [9..<28]
        ready.fallback = [3, 4]
        var failed = PreparedText()
        failed.error = "a chat input scrolls: it has no cut to compare"
        let answer = CompareBatch.answer([[ready, failed], [failed, ready]])
        #expect(CompareBatch.prepared(answer) == [[ready, failed], [failed, ready]])
        #expect(CompareBatch.prepared(Array(answer.dropLast())) == nil)
        #expect(CompareBatch.prepared(answer + [0]) == nil)
        let job = WorkerJob.compareTexts(job: [1, 2], platform: "web", texts: [3])
        #expect(WorkerJob(message: job.message) == job)
    }
}
