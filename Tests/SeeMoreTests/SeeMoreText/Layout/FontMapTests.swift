import CPangoCairo
@testable import SeeMoreGoldens
@testable import SeeMoreText
import Testing

@Suite struct FontMapTests {
    /// Pango measures every font of a laid-out line with a sample in a context of the font map's own:
    /// at the layouts' 72 dpi that sample shares their fontsets instead of loading one per font at 96.
    @Test func fontMap_takesTheLayoutsResolutionAtTheFirstText() throws {
        try TextStack.serialized {
            let map = try FontMap()
            let resolution = { pango_cairo_font_map_get_resolution(OpaquePointer(map.pointer)) }
            #expect(resolution() == 96, "Pango's own until then: setting it waits for fontconfig")
            let layout = try Layout(context: try TextContext(fontMap: map))
            #expect(resolution() == 96)
            layout.setText(Array("Hello 世界".utf8))
            #expect(resolution() == 72)
            #expect(layout.lineCount == 1)
        }
    }
}
