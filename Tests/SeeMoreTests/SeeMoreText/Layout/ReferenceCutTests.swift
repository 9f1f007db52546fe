@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

/// The engine's cut must equal the literal application of the rules (every candidate laid out).
@Suite struct ReferenceCutTests {
    static let widths: [Double] = [60, 97, 143, 200, 251, 320, 400]
    static let endings: [(ellipsis: String, suffix: String, font: String?)] = [
        ("… ", "See more", nil),
        ("…", "続きを読む", "Bold"),
        ("", " ..더보기", "NanumGothic 12"),
        ("… ", "Show more", "DejaVu Sans Bold 17"),
        ("… ", "المزيد", "Bold"),
    ]

    /// Every width with every line limit, the ending rotating through `endings`; every third request
    /// draws the links, mentions and hashtags bold (`entityWeight`).
    static func requests(for corpus: CorpusText, index: Int) -> [TruncationRequest] {
        var requests: [TruncationRequest] = []
        for (widthIndex, width) in widths.enumerated() {
            for lines in 1...5 {
                let ending = endings[(index + widthIndex + lines) % endings.count]
                var request = TruncationRequest(
                    text: corpus.text, font: corpus.font, width: width, lines: lines,
                    ellipsis: ending.ellipsis, suffix: ending.suffix, suffixFont: ending.font)
                if (index + widthIndex + lines) % 3 == 0 { request.entityWeight = 700 }
                requests.append(request)
            }
        }
        return requests
    }

    @Test(arguments: CorpusText.all.indices)
    func engineAgreesWithBruteForce(_ index: Int) throws {
        let corpus = CorpusText.all[index]
        let engine = try LayoutEngine()
        let reference = try ReferenceCut()
        for request in Self.requests(for: corpus, index: index) {
            let answers = try reference.answers(request)
            for mode in CutMode.allCases {
                var modeRequest = request
                modeRequest.cutMode = mode
                let truncation = try engine.truncate(modeRequest)
                let got = ReferenceCut.Answer(
                    truncated: truncation.truncated, kept: truncation.cutIndex, suffixWraps: truncation.suffixWraps)
                #expect(
                    got == answers[mode],
                    "\(corpus.name) width \(request.width) lines \(request.lines) suffix \"\(request.suffix)\" \(mode)")
            }
        }
    }

    /// The comparison only means something if the corpus reaches every rule.
    @Test func corpusExercisesEveryRule() throws {
        #expect(CorpusText.all.count >= 40)
        let reference = try ReferenceCut()
        var notTruncated = 0, truncated = 0, suffixWraps = 0, wordDiffersFromGrapheme = 0, wordEqualsGrapheme = 0
        for (index, corpus) in CorpusText.all.enumerated() {
            for request in Self.requests(for: corpus, index: index) {
                let answers = try reference.answers(request)
                guard let word = answers[.word], let grapheme = answers[.grapheme] else { continue }
                if !word.truncated { notTruncated += 1; continue }
                truncated += 1
                if grapheme.suffixWraps { suffixWraps += 1 }
                if word != grapheme { wordDiffersFromGrapheme += 1 } else if !grapheme.suffixWraps { wordEqualsGrapheme += 1 }
            }
        }
        #expect(notTruncated >= 100)
        #expect(truncated >= 800)
        #expect(suffixWraps >= 20)
        #expect(wordDiffersFromGrapheme >= 150)
        #expect(wordEqualsGrapheme >= 100)
        print(
            "corpus: \(truncated) truncated, \(notTruncated) not, \(suffixWraps) suffix wraps, word ≠ grapheme \(wordDiffersFromGrapheme), word = grapheme \(wordEqualsGrapheme)"
        )
    }
}
