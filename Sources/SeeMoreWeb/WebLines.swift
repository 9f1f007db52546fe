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

    /// Each text's lines as the browser breaks them, in the order asked (a line's text as laid out,
    /// its trailing spaces included).
    /// - Throws: `Browser.Failure`, or `Failure` for an answer of another shape.
    package static func lines(of requests: [Request], in browser: Browser) throws -> [[String]] {
        let items = JSONValue.array(
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
        let answer = try browser.evaluate(script + "(\(items.serialized()))")
        guard let texts = answer.array, texts.count == requests.count else {
            throw Failure(message: "the browser answered \(answer.array?.count ?? 0) texts' lines for \(requests.count)")
        }
        return try texts.map { text in
            guard let lines = text.array?.compactMap(\.string), lines.count == text.array?.count else {
                throw Failure(message: "the browser's lines are not a list of strings")
            }
            return lines
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

    /// Lays out each item in a fresh block (its spans in elements of their own) once the fonts are
    /// loaded and returns its lines: the text is cut where a character's first box has its middle
    /// below the previous one's bottom (a character's box moves down only at a line break; spaces
    /// that hang at a line's end have boxes on that line).
    static let script = """
        (async (items) => {
          await document.fonts.ready;
          document.body.style.margin = '0';
          const results = [];
          for (const item of items) {
            const block = document.createElement('div');
            block.style.cssText = 'white-space: pre-wrap; overflow-wrap: break-word; ' + item.style;
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
            const lines = [];
            const text = item.text;
            const range = document.createRange();
            let start = 0, lastBottom = null, offset = 0;
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
                  const middle = (boxes[0].top + boxes[0].bottom) / 2;
                  if (lastBottom !== null && middle > lastBottom) { lines.push(text.slice(start, offset + i)); start = offset + i; }
                  lastBottom = boxes[0].bottom;
                }
                i = next;
              }
              offset += data.length;
            }
            if (text.length > 0) lines.push(text.slice(start));
            block.remove();
            results.push(lines);
          }
          return JSON.stringify(results);
        })
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
