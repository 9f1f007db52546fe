@testable import SeeMoreText
import Testing

/// Text sizes as the platforms scale them: iOS's published Dynamic Type sizes by style, Android 14's
/// non-linear font scaling, a plain factor.
struct TextSizeTests {
    @Test func parsing_andNames() {
        #expect(TextSize(parsing: "AX3") == .ios(.ax3))
        #expect(TextSize(parsing: "large") == .ios(.large))
        #expect(TextSize(parsing: "android:1.3") == .android(1.3))
        #expect(TextSize(parsing: "1.25") == .factor(1.25))
        for bad in ["ax3", "huge", "android:", "android:9", "0", "-1", "nan", ""] {
            #expect(TextSize(parsing: bad) == nil, "\(bad)")
        }
        #expect(
            TextSize.android(1.3).token == "android1.3" && TextSize.factor(2).token == "x2" && TextSize.ios(.ax5).token == "AX5")
        #expect(TextSize.android(1.3).description == "android:1.3")
    }

    @Test func ios_scalesByTheStylesPublishedRatio() {
        #expect(TextSize.ios(.large).scaled(15) == 15)
        #expect(abs(TextSize.ios(.ax3).scaled(17) - 40) < 1e-9, "body is 40 pt at AX3")
        #expect(abs(TextSize.ios(.ax5).scaled(15) - 15 * 53 / 17) < 1e-9)
        #expect(abs(TextSize.ios(.xSmall).scaled(17) - 14) < 1e-9)
        // A footnote grows by its own curve: 13 pt at large, 44 at AX5.
        #expect(abs(TextSize.ios(.ax5).scaled(13, style: .footnote) - 44) < 1e-9)
        // Captions keep their size below large.
        #expect(TextSize.ios(.xSmall).scaled(12, style: .caption1) == 11)
    }

    @Test func android_scalesLargeTextLess() {
        // Linear up to 1.15.
        #expect(abs(TextSize.android(1.1).scaled(14) - 15.4) < 1e-9)
        #expect(abs(TextSize.android(0.85).scaled(20) - 17) < 1e-9)
        // The curve's own points at 2.0: 14 sp → 26 dp, 30 sp → 38 dp; 100 sp stays 100.
        #expect(TextSize.android(2).scaled(14) == 26)
        #expect(TextSize.android(2).scaled(30) == 38)
        #expect(TextSize.android(2).scaled(100) == 100)
        // Between points, linear: 16 sp at 2.0 is halfway from 26 to 30.
        #expect(abs(TextSize.android(2).scaled(16) - 28) < 1e-9)
        // Between curves: 1.4 is halfway between 1.3 and 1.5: 14 sp → (18.8 + 22) / 2.
        #expect(abs(TextSize.android(1.4).scaled(14) - 20.4) < 1e-9)
        // Past 2.0, linear again.
        #expect(abs(TextSize.android(2.5).scaled(14) - 35) < 1e-9)
        // Large text grows less than small text.
        #expect(TextSize.android(2).scaled(24) / 24 < TextSize.android(2).scaled(12) / 12)
    }
}
