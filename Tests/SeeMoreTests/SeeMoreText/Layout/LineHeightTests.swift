@testable import SeeMoreText
import Testing

/// One rule for a line height's limits (#42: checked three times, by the parser, `init(multiple:)` and
/// `TruncationRequest.validate`), so a value a parser refuses is one the request refuses too.
@Suite struct LineHeightTests {
    @Test func theParsersAndTheRequest_agreeOnTheLimits() {
        let values: [LineHeight] = [
            .natural, .multiple(1.25), .multiple(10), .multiple(10.5), .multiple(0), .multiple(-1), .multiple(.nan),
            .points(20), .points(10_000), .points(10_001), .points(0), .points(.infinity),
        ]
        for value in values {
            var request = TruncationRequest(text: "a")
            request.lineHeight = value
            let accepted = (try? request.validate()) != nil
            #expect(accepted == value.isValid, "\(value)")
            #expect((LineHeight(parsing: value.description) != nil) == value.isValid || value == .multiple(0), "\(value)")
        }
        #expect(
            LineHeight(multiple: 0) == .natural && LineHeight(multiple: 10) == .multiple(10) && LineHeight(multiple: 10.01) == nil
        )
        #expect(
            LineHeight(parsing: "20pt") == .points(20) && LineHeight(parsing: "0pt") == nil
                && LineHeight(parsing: "10001pt") == nil)
    }
}
