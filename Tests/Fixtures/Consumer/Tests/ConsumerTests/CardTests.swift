// The README's example, verbatim, in a package that is not SeeMore.
import SeeMoreTesting
import Testing

@Test func inlineMoreCard() {
    assertCardSnapshot("We shipped the new onboarding flow today! …", template: "inline-more", width: 320)
}

// Record modes and tolerances come with `import SeeMoreTesting` alone.
@Test func typesComeAlong() {
    let mode: RecordMode = .never
    let tolerance = Tolerance(threshold: 0.1)
    #expect(mode == .never && tolerance.maxDiffPixels == 0)
}
