import FoundationEssentials
import SeeMoreSupport

/// Where a browser breaks texts into lines: each text is laid out in the page as a block with the
/// given CSS (font, size, line height, width, language, line-breaking properties), and its lines are
/// read back from the boxes of its characters — a line ends where the next character's box starts
/// lower down. Many texts go in one script, so the browser lays out thousands in one call.
package enum WebLines {
    /// One text to lay out, and how.
    package struct Request: Equatable, Sendable {
        package var text: String
        /// CSS `font-family`, e.g. `"DejaVu Sans", "IPAGothic"`.
        package var family: String
        /// CSS px (SeeMore's points at 72 dpi are the browser's px at a device scale of 1).
        package var size: Double
        package var lineHeight: Double
        package var width: Double
        package var language: String? = nil
        /// Other CSS declarations of the block (`line-break: strict; word-break: keep-all`).
        package var style = ""
        /// Parts of the text in a style of their own (a bold name, semibold links), in order, apart.
        package var spans: [Span] = []

        package init(text: String, family: String, size: Double, lineHeight: Double, width: Double) {
            self.text = text
            self.family = family
            self.size = size
            self.lineHeight = lineHeight
            self.width = width
        }
    }

    /// Characters `range` (Unicode scalars of the text) drawn in a `<span>` with CSS `style`.
    package struct Span: Equatable, Sendable {
        package var range: Range<Int>
        package var style: String

        package init(range: Range<Int>, style: String) {
            self.range = range
            self.style = style
        }
    }

    /// Why the browser's answer cannot be used.
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// One line as the browser laid it out: its text (trailing spaces included) and the box of its
    /// visible characters, in CSS px from the block's top left (spaces at either end left out: a
    /// space hangs past the width at a break).
    package struct Line: Equatable, Sendable {
        package var text: String
        package var box: Rect

        package init(text: String, box: Rect) {
            (self.text, self.box) = (text, box)
        }
    }

    /// Each text's lines as the browser breaks them, in the order asked (a line's text as laid out,
    /// its trailing spaces included).
    /// - Throws: `Browser.Failure`, or `Failure` for an answer of another shape.
    package static func lines(of requests: [Request], in browser: Browser) throws -> [[String]] {
        try layout(of: requests, in: browser).map { $0.map(\.text) }
    }

    /// Each text's lines with their boxes, in the order asked.
    /// - Throws: `Browser.Failure`, or `Failure` for an answer of another shape.
    package static func layout(of requests: [Request], in browser: Browser) throws -> [[Line]] {
        let answer = try browser.evaluate(functions + "layoutAll(\(items(requests).serialized()))")
        guard let texts = answer.array, texts.count == requests.count else {
            throw Failure(message: "the browser answered \(answer.array?.count ?? 0) texts' lines for \(requests.count)")
        }
        return try texts.map(lines)
    }

    /// A text laid out as `layout` lays it out, photographed: the PNG at `scale` device pixels per
    /// CSS px of the block (the text's width, as high as its lines), its lines, and the families the
    /// browser drew its characters in (its own choice where a family lacks a character).
    package struct Picture: Equatable, Sendable {
        package var png: [UInt8]
        package var width: Double
        package var height: Double
        package var lines: [Line]
        package var fonts: [String]
    }

    /// The largest picture taken, in CSS px high (a longer text is photographed down to there).
    static let maximumPictureHeight = 4_000.0

    /// Photographs `request` laid out alone at the page's top left.
    /// - Throws: `Browser.Failure`, or `Failure` for an answer of another shape.
    package static func picture(of request: Request, scale: Double, in browser: Browser) throws -> Picture {
        let answer = try browser.evaluate(functions + "showOne(\(items([request]).serialized()))")
        defer { _ = try? browser.evaluate(functions + "removeShown()") }
        guard let height = answer["height"]?.number, let found = answer["lines"] else {
            throw Failure(message: "the browser laid out no block to photograph")
        }
        var fonts: [String] = []
        let document = try browser.call("DOM.getDocument", ["depth": .number(0)])
        if let root = document["root"]?["nodeId"]?.number {
            _ = try browser.call("CSS.enable")
            let nodes = try browser.call(
                "DOM.querySelectorAll", ["nodeId": .number(root), "selector": .string("#seemore-shown, #seemore-shown span")])
            for node in nodes["nodeIds"]?.array ?? [] {
                guard let id = node.number else { continue }
                let used = try browser.call("CSS.getPlatformFontsForNode", ["nodeId": .number(id)])
                for font in used["fonts"]?.array ?? [] {
                    if let family = font["familyName"]?.string, !fonts.contains(family) { fonts.append(family) }
                }
            }
        }
        let shownHeight = min(max(height, 1), maximumPictureHeight)
        let shot = try browser.call(
            "Page.captureScreenshot",
            [
                "format": .string("png"), "captureBeyondViewport": .bool(true),
                "clip": .object([
                    ("x", .number(0)), ("y", .number(0)), ("width", .number(request.width)),
                    ("height", .number(shownHeight)), ("scale", .number(scale)),
                ]),
            ])
        guard let data = shot["data"]?.string, let png = Data(base64Encoded: data) else {
            throw Failure(message: "the browser's screenshot is no PNG")
        }
        return Picture(
            png: Array(png), width: request.width, height: shownHeight, lines: try lines(found), fonts: fonts)
    }

    /// The items of a script: each text, its block's CSS, its language and its spans.
    private static func items(_ requests: [Request]) -> JSONValue {
        JSONValue.array(
            requests.map { request in
                .object([
                    ("text", .string(request.text)),
                    (
                        "style",
                        .string(
                            "font-family: \(request.family); font-size: \(JSONValue.format(request.size))px; "
                                + "line-height: \(JSONValue.format(request.lineHeight))px; width: \(JSONValue.format(request.width))px; "
                                + request.style)
                    ),
                    ("lang", request.language.map { .string($0) } ?? .null),
                    (
                        "spans",
                        .array(
                            request.utf16Spans(request.spans).map {
                                .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound)), .string($1)])
                            })
                    ),
                ])
            })
    }

    /// One text's lines from the script's answer: `[text, left, top, right, bottom]` each.
    private static func lines(_ node: JSONNode) throws -> [Line] {
        guard let lines = node.array else { throw Failure(message: "the browser's lines are not a list") }
        return try lines.map { line in
            guard let parts = line.array, parts.count == 5, let text = parts[0].string else {
                throw Failure(message: "the browser's line is not [text, left, top, right, bottom]")
            }
            let edges = parts.dropFirst().map { $0.number ?? 0 }
            return Line(
                text: text,
                box: Rect(x: edges[0], y: edges[1], width: max(0, edges[2] - edges[0]), height: max(0, edges[3] - edges[1])))
        }
    }

    /// Gives the page a font file's face under `family`, so CSS naming the family draws with exactly
    /// these bytes (as SeeMore draws with a suite's `fontFiles`); waits until the face is loaded.
    /// - Throws: `Browser.Failure` when the browser cannot load it (bytes that are no font).
    package static func addFont(
        _ bytes: [UInt8], family: String, weight: Int, italic: Bool, to browser: Browser
    ) throws {
        let arguments = JSONValue.array([
            .string(Data(bytes).base64EncodedString()), .string(family), .string(String(weight)),
            .string(italic ? "italic" : "normal"),
        ])
        _ = try browser.evaluate(
            """
            (async ([data, family, weight, style]) => {
              const binary = atob(data);
              const bytes = new Uint8Array(binary.length);
              for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
              const face = new FontFace(family, bytes.buffer, { weight, style });
              await face.load();
              document.fonts.add(face);
              return JSON.stringify(true);
            })(\(arguments.serialized()))
            """)
    }

    /// The page's functions: `layOut` lays out an item in a fresh block (its spans in elements of
    /// their own) once the fonts are loaded and reads its lines: the text is cut where a character's
    /// first box has its middle below the previous one's bottom (a character's box moves down only at
    /// a line break; spaces that hang at a line's end have boxes on that line). `layoutAll` lays out
    /// many and removes each block; `showOne` leaves one block at the page's top left for a picture,
    /// and `removeShown` removes it.
    static let functions = """
        var layOut = (item) => {
          const block = document.createElement('div');
          block.style.cssText = 'white-space: pre-wrap; overflow-wrap: break-word; unicode-bidi: plaintext; text-align: start; ' + item.style;
          if (item.lang) block.lang = item.lang;
          // The text in pieces: plain text nodes, and spans of their own style.
          const pieces = [];
          let at = 0;
          for (const [from, to, style] of item.spans) {
            if (from > at) pieces.push([item.text.slice(at, from), null]);
            pieces.push([item.text.slice(from, to), style]);
            at = to;
          }
          if (at < item.text.length || pieces.length === 0) pieces.push([item.text.slice(at), null]);
          const nodes = [];
          for (const [part, style] of pieces) {
            const node = document.createTextNode(part);
            if (style === null) { block.appendChild(node); } else {
              const span = document.createElement('span');
              span.style.cssText = style;
              span.appendChild(node);
              block.appendChild(span);
            }
            nodes.push(node);
          }
          document.body.appendChild(block);
          const origin = block.getBoundingClientRect();
          const lines = [];
          const text = item.text;
          const range = document.createRange();
          let start = 0, lastBottom = null, offset = 0, box = null;
          const end = (at) => {
            const b = box || [0, 0, 0, 0];
            lines.push([text.slice(start, at), b[0] - origin.left, b[1] - origin.top, b[2] - origin.left, b[3] - origin.top]);
            start = at;
            box = null;
          };
          for (const node of nodes) {
            const data = node.data;
            for (let i = 0; i < data.length; ) {
              const code = data.codePointAt(i);
              const next = i + (code > 0xFFFF ? 2 : 1);
              range.setStart(node, i);
              range.setEnd(node, next);
              const boxes = range.getClientRects();
              if (boxes.length > 0) {
                // Below the last character's box: a new line (boxes of other fonts on one line
                // differ in height, but each one's middle is above the others' bottoms).
                const first = boxes[0];
                const middle = (first.top + first.bottom) / 2;
                if (lastBottom !== null && middle > lastBottom) end(offset + i);
                lastBottom = first.bottom;
                if (!/\\s/.test(data.slice(i, next))) {
                  box = box === null ? [first.left, first.top, first.right, first.bottom]
                    : [Math.min(box[0], first.left), Math.min(box[1], first.top), Math.max(box[2], first.right), Math.max(box[3], first.bottom)];
                }
              }
              i = next;
            }
            offset += data.length;
          }
          if (text.length > 0) end(text.length);
          return [block, lines];
        };
        var layoutAll = async (items) => {
          await document.fonts.ready;
          document.body.style.margin = '0';
          const results = [];
          for (const item of items) {
            const [block, lines] = layOut(item);
            block.remove();
            results.push(lines);
          }
          return JSON.stringify(results);
        };
        var showOne = async (items) => {
          await document.fonts.ready;
          document.body.style.margin = '0';
          document.body.style.background = 'white';
          const [block, lines] = layOut(items[0]);
          block.id = 'seemore-shown';
          block.style.position = 'absolute';
          block.style.left = '0';
          block.style.top = '0';
          block.style.color = 'black';
          return JSON.stringify({ height: block.getBoundingClientRect().height, lines });
        };
        var removeShown = () => {
          const block = document.getElementById('seemore-shown');
          if (block) block.remove();
          return JSON.stringify(true);
        };

        """
}

extension WebLines.Request {
    /// `spans` in UTF-16 offsets of the text (as JavaScript counts), kept inside it, in order, apart.
    func utf16Spans(_ spans: [WebLines.Span]) -> [(Range<Int>, String)] {
        var offsets: [Int] = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        var result: [(Range<Int>, String)] = []
        var end = 0
        for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = min(max(span.range.lowerBound, 0), offsets.count - 1)
            let upper = min(max(span.range.upperBound, lower), offsets.count - 1)
            guard offsets[lower] >= end, upper > lower else { continue }
            result.append((offsets[lower]..<offsets[upper], span.style))
            end = offsets[upper]
        }
        return result
    }
}
