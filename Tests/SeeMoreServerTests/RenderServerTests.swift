import Foundation
import SeeMore
import SeeMoreCommandLine
import Testing

@testable import SeeMoreServer
@testable import seemore_serve

/// `seemore serve` over real HTTP on a free loopback port; every server is stopped by its test.
@Suite struct RenderServerTests {
    /// The `seemore` the servers' workers run: the one built beside this test bundle.
    static let seemore = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/debug/seemore").standardized.path
    static let text = "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds."

    /// Runs `body` with a started server; stops it afterwards, whatever happens.
    static func withServer(_ configure: (inout RenderServer.Options) -> Void = { _ in }, _ body: (String) throws -> Void) throws {
        var options = RenderServer.Options()
        options.workerProgram = Self.seemore
        options.port = 0
        options.jobs = 2
        configure(&options)
        let server = try RenderServer(options: options)
        try server.start()
        defer { server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        try body(server.url)
    }

    static func query(_ fields: [String: String]) -> String {
        var components = URLComponents()
        components.queryItems = fields.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.percentEncodedQuery ?? ""
    }

    @Test func renderPNG_isByteIdenticalToSeemoreRender() throws {
        try Self.withServer { url in
            for (state, theme, scale) in [("collapsed", "light", "1"), ("expanded", "dark", "2")] {
                let response = try Curl.request(
                    url + "render.png?"
                        + Self.query(["text": Self.text, "width": "240", "state": state, "theme": theme, "scale": scale]))
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "image/png")
                let folder = try Curl.folder()
                defer { try? FileManager.default.removeItem(at: folder) }
                let exit = SeeMoreCommand.run(
                    [
                        "render", "--text", Self.text, "--width", "240", "--state", state, "--theme", theme, "--scale", scale,
                        "--out", folder.path, "--name", "card",
                    ], io: CommandIO(readStandardInput: { Data() }, writeOutput: { _ in }, writeError: { _ in }))
                #expect(exit == 0)
                let written = try Data(contentsOf: folder.appendingPathComponent("card.\(state).png"))
                #expect(response.body == [UInt8](written), "\(state) \(theme) @\(scale)x")
            }
        }
    }

    @Test func etag_givesNotModified_andTheCacheAnswersAgain() throws {
        try Self.withServer { url in
            let address = url + "render.png?" + Self.query(["text": "Cached card", "width": "200"])
            let first = try Curl.request(address)
            let tag = try #require(first.headers["etag"])
            #expect(try Curl.request(address, headers: ["If-None-Match": tag]).status == 304)
            #expect(try Curl.request(address, headers: ["If-None-Match": "\"other\""]).status == 200)
            let again = try Curl.request(address)
            #expect(again.body == first.body && again.headers["etag"] == tag)
            let metrics = try Curl.request(url + "metrics").text
            #expect(metrics.contains("seemore_cache_hits_total 2"))
            #expect(metrics.contains("seemore_requests_total{route=\"/render.png\",status=\"304\"} 1"))
            // Another input, another tag.
            let other = try Curl.request(url + "render.png?" + Self.query(["text": "Cached card", "width": "201"]))
            #expect(other.headers["etag"] != tag)
        }
    }

    @Test func postRender_givesTheMetadataWithBothPictures() throws {
        try Self.withServer { url in
            let body = Array(
                #"{"text": "\#(Self.text)", "width": 240, "template": "x", "markup": false, "state": "collapsed"}"#.utf8)
            let response = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"], body: body)
            #expect(response.status == 200)
            let json = response.json
            #expect(json["template"] as? String == "x")
            let collapsed = try #require(json["collapsed"] as? [String: Any])
            #expect(collapsed["truncated"] as? Bool == true)
            let file = try #require(collapsed["file"] as? String)
            let picture = try Curl.request(url + file.dropFirst())
            #expect(picture.status == 200 && picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // Links, mentions and hashtags with their tap targets.
            let tagged = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                body: Array(#"{"text": "Thanks @anna_k, see https://example.com #launch", "width": 320}"#.utf8))
            let entities = try #require((tagged.json["collapsed"] as? [String: Any])?["entities"] as? [[String: Any]])
            #expect(entities.map { $0["kind"] as? String } == ["mention", "url", "hashtag"])
            #expect(entities.allSatisfy { ($0["rects"] as? [Any])?.count == 1 && ($0["range"] as? [Int])?.count == 2 })
        }
    }

    @Test func badRequests_nameTheField() throws {
        try Self.withServer { url in
            let cases: [([String: String], Int, String?)] = [
                (["text": "a", "width": "abc"], 400, "width"),
                (["text": "a", "width": "-1"], 400, "width"),
                (["text": "a", "lines": "0"], 400, "lines"),
                (["text": "a", "lines": "101"], 400, "lines"),
                (["text": "a", "suffixColor": "blue"], 400, "suffixColor"),
                (["text": "a", "width": "4097"], 400, "width"),
                (["text": "a", "scale": "4"], 400, "scale"),
                (["text": "a", "theme": "sepia"], 400, "theme"),
                (["text": "a", "template": "../../etc/passwd"], 400, "template"),
                (["text": "a", "template": "nope"], 400, "template"),
                (["text": "a", "state": "open"], 400, "state"),
                (["text": "a", "lang": "not a tag"], 400, "lang"),
                (["text": "a", "colour": "red"], 400, "colour"),
                (["width": "200"], 400, "text"),
                (["text": "a", "font": "DejaVu Sans 5000"], 400, nil),
                (["text": "<b>a", "markup": "1"], 400, nil),
            ]
            for (fields, status, field) in cases {
                let response = try Curl.request(url + "render.png?" + Self.query(fields))
                #expect(response.status == status, "\(fields.keys.sorted()): \(response.text)")
                #expect(response.headers["content-type"] == "application/json")
                #expect(response.json["field"] as? String == field, "\(response.text)")
                #expect(!(response.json["error"] as? String ?? "").isEmpty)
            }
            #expect(try Curl.request(url + "nowhere").status == 404)
            let wrongMethod = try Curl.request(url + "render.png?text=a", method: "DELETE")
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "GET")
            #expect(try Curl.request(url + "render", method: "GET").status == 405)
            let notJSON = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "text/plain"], body: Array("text=a".utf8))
            #expect(notJSON.status == 415)
            let brokenJSON = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"], body: Array("{".utf8))
            #expect(brokenJSON.status == 400)
            let longText = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                body: Array(#"{"text": "\#(String(repeating: "a", count: 100_001))"}"#.utf8))
            #expect(longText.status == 413 && longText.json["field"] as? String == "text", "\(longText.text)")
            let megabyte = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                body: Array(repeating: UInt8(ascii: " "), count: 1 << 20))
            #expect(megabyte.status == 413)
            // The server lives on after all of that.
            #expect(try Curl.request(url + "healthz").text == "ok\n")
        }
    }

    @Test func anEditedTemplate_isReadAgain() throws {
        let folder = try Curl.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = try #require(TemplateLoader.standard().path(for: "inline-more"))
        let file = folder.appendingPathComponent("inline-more.json")
        try FileManager.default.copyItem(atPath: builtIn, toPath: file.path)
        try Self.withServer({ $0.templatesFolder = folder.path }) { url in
            let address = url + "render.png?" + Self.query(["text": Self.text, "width": "240"])
            let before = try Curl.request(address)
            let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "#0095F6", with: "#D00000")
            try edited.write(to: file, atomically: true, encoding: .utf8)
            let after = try Curl.request(address)
            #expect(before.status == 200 && after.status == 200)
            #expect(after.headers["etag"] != before.headers["etag"])
            #expect(after.body != before.body, "the new suffix color is drawn")
        }
    }

    @Test func review_needsItsTokenAndASuite() throws {
        try Self.withServer { url in
            let noSuite = try Curl.request(url + "review/?token=x")
            #expect(noSuite.status == 404, "no suite given, no review")
        }
        try Self.withServer({
            $0.suite = "/nonexistent/suite.json"
            $0.token = "secret"
        }) { url in
            #expect(try Curl.request(url + "review/").status == 403)
            #expect(try Curl.request(url + "review/?token=wrong").status == 403)
            #expect(try Curl.request(url + "review/events?token=wrong").status == 403)
            let approve = try Curl.request(
                url + "review/approve", method: "POST", headers: ["Content-Type": "application/json"],
                body: Array(#"{"cases": ["a"]}"#.utf8))
            #expect(approve.status == 403)
            let foreign = try Curl.request(
                url + "review/approve", method: "POST",
                headers: ["Content-Type": "application/json", "X-SeeMore-Token": "secret", "Origin": "http://evil.example"],
                body: Array(#"{"cases": ["a"]}"#.utf8))
            #expect(foreign.status == 403)
            #expect(try Curl.request(url + "review/approve").status == 405, "approving is never a GET")
            // A suite that cannot be checked is an answer, not a crash.
            let broken = try Curl.request(url + "review/", headers: ["X-SeeMore-Token": "secret"])
            #expect(broken.status == 500 && (broken.json["error"] as? String ?? "").contains("check"))
            #expect(try Curl.request(url + "healthz").status == 200)
        }
    }

    /// The review's checks write their report and pictures into a temporary folder of the server's,
    /// which goes when the server stops.
    @Test func review_leavesNoArtifactsBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-review-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        try Data(
            #"{"texts": {"t": "Morning coffee."}, "matrices": [{"templates": ["x"], "texts": ["t"], "fonts": ["DejaVu Sans 15"], "widths": [240]}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: suite))
        var options = RenderServer.Options()
        options.workerProgram = Self.seemore
        options.port = 0
        options.suite = suite
        options.token = "t"
        options.templatesFolder =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Templates")
            .standardized.path
        let server = try RenderServer(options: options)
        try server.start()
        let page = try Curl.request(server.url + "review/", headers: ["X-SeeMore-Token": "t"])
        #expect(page.status == 200)
        let artifacts = try #require(server.review?.artifacts)
        #expect(FileManager.default.fileExists(atPath: artifacts + "/index.html"))
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: artifacts))
    }

    /// `--font-files`: every card is drawn with the server's font files.
    @Test func fontFiles_drawEveryCard() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fonts").standardized
            .path
        try Self.withServer({ $0.fonts = FontFiles(files: try! FontFiles.expand([fonts], relativeTo: "/"), hermetic: true) }) {
            url in
            let response = try Curl.request(
                url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                body: Array(#"{"text": "aaaa 日本", "font": "SeeMore Test Sans 15", "width": 240}"#.utf8))
            #expect(response.status == 200)
            #expect(response.json["fonts"] as? [String] == ["SeeMore Test Sans"], "\(response.json)")
            #expect(response.json["unknownGlyphs"] as? Int == 2)
        }
    }

    /// A template that names its own font files is drawn with them by a server started without any;
    /// the other templates keep the machine's fonts.
    @Test func aTemplateWithItsOwnFontFiles_isDrawnWithThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-fonts-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: here.appendingPathComponent("../Fonts").standardized, to: folder.appendingPathComponent("fonts"))
        let base = try Data(contentsOf: here.appendingPathComponent("../../Templates/inline-more.json").standardized)
        var template = try #require(try JSONSerialization.jsonObject(with: base) as? [String: Any])
        template["fontFiles"] = ["fonts/"]
        var body = try #require(template["body"] as? [String: Any])
        body["font"] = "SeeMore Test Sans 15"
        template["body"] = body
        try JSONSerialization.data(withJSONObject: template).write(to: folder.appendingPathComponent("test-sans.json"))
        try Self.withServer({ $0.templatesFolder = folder.path }) { url in
            for (template, fonts) in [("test-sans", ["SeeMore Test Sans"]), ("inline-more", ["DejaVu Sans"])] {
                let response = try Curl.request(
                    url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                    body: Array(#"{"text": "aaaa bbbb", "width": 240, "template": "\#(template)"}"#.utf8))
                #expect(response.status == 200 && response.json["fonts"] as? [String] == fonts, "\(response.json)")
            }
        }
    }

    /// A suite with its own fonts is reviewed with exactly them by a server started without any:
    /// the brand example passes.
    @Test func review_drawsASuiteWithItsOwnFonts() throws {
        let brand = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/brand")
            .standardized.path
        var options = RenderServer.Options()
        options.workerProgram = Self.seemore
        options.port = 0
        options.jobs = 1
        options.suite = brand + "/suite.json"
        options.token = "t"
        let server = try RenderServer(options: options)
        try server.start()
        defer { server.stop() }
        let page = try Curl.request(server.url + "review/", headers: ["X-SeeMore-Token": "t"])
        #expect(page.status == 200)
        let artifacts = try #require(server.review?.artifacts)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: artifacts + "/report.json")))
        let counts = (report as? [String: Any])?["summary"] as? [String: Any]
        #expect(counts?["passed"] as? Int == 70 && counts?["failed"] as? Int == 0, "\(counts ?? [:])")
    }

    /// A request's `locale` takes its template's strings from the server's `--catalog`, in the workers
    /// too; a key the catalogs lack is a 400 naming the field.
    @Test func aLocale_takesTheStringsFromTheServersCatalogs() throws {
        let brand = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/brand")
            .standardized.path
        try Self.withServer({
            $0.templatesFolder = brand + "/templates"
            $0.catalogs = [brand + "/strings"]
        }) { url in
            func render(_ locale: String) throws -> (status: Int, text: String) {
                let response = try Curl.request(
                    url + "render", method: "POST", headers: ["Content-Type": "application/json"],
                    body: Array(#"{"text": "\#(Self.text)", "template": "acme-post", "width": 240, "locale": "\#(locale)"}"#.utf8)
                )
                return (response.status, response.text)
            }
            let german = try render("de")
            #expect(german.status == 200 && german.text.contains("Mehr lesen"), "\(german.text)")
            let arabic = try render("ar")
            #expect(arabic.status == 200 && arabic.text.contains("اقرأ المزيد"), "\(arabic.text)")
            let list = try Curl.request(url + "templates").json
            let locales = list["locales"] as? [String]
            #expect(locales == ["ar", "de", "en", "ja"], "the playground's choices: \(locales ?? [])")
            // "Copy as CLI" gets the flags that make render draw as this server does.
            #expect(
                list["renderFlags"] as? [String] == ["--templates", brand + "/templates", "--catalog", brand + "/strings"],
                "\(list["renderFlags"] ?? "")")
            let unknown = try render("x-")
            #expect(unknown.status == 400 && unknown.text.contains("locale"), "\(unknown.text)")
        }
    }

    @Test func suffixColor_isDrawn() throws {
        try Self.withServer { url in
            let plain = try Curl.request(url + "render.png?" + Self.query(["text": Self.text, "width": "240"]))
            let red = try Curl.request(
                url + "render.png?" + Self.query(["text": Self.text, "width": "240", "suffixColor": "#D00000"]))
            #expect(plain.status == 200 && red.status == 200 && plain.body != red.body)
        }
    }

    @Test func templates_areListedWithTheirJSON() throws {
        try Self.withServer { url in
            let response = try Curl.request(url + "templates")
            let list = try #require(response.json["templates"] as? [[String: Any]])
            let names = list.compactMap { $0["name"] as? String }
            #expect(Set(["x", "inline-more", "fade-overlay", "read-more-tail", "chat-input"]).isSubset(of: Set(names)))
            #expect((list.first?["json"] as? String)?.contains("themes") == true)
        }
    }

    /// Expanded cards of long texts: each keeps a worker busy while more requests arrive.
    static func slowBodies(_ count: Int) -> [String] {
        let long = String(repeating: "Many words for a long card that takes a while to draw. ", count: 300)
        return (0..<count).map { #"{"text": "\#(long)\#($0)", "state": "expanded", "width": 2000}"# }
    }

    @Test func fullQueue_isServiceUnavailableWithRetryAfter() throws {
        try Self.withServer({ options in
            options.jobs = 1
            options.limits.maximumQueue = 1
        }) { url in
            let codes = try Curl.postInParallel(url + "render", bodies: Self.slowBodies(8)).map(\.status)
            #expect(codes.count == 8)
            #expect(codes.contains("503"), "\(codes)")
            #expect(codes.contains("200"), "\(codes)")
            #expect(codes.allSatisfy { $0 == "200" || $0 == "503" }, "\(codes)")
        }
    }

    /// No long card is drawn in 1 ms: each is 503, as it waited for the worker past the budget or
    /// was being drawn past it (and the worker was ended and replaced); whether any waits depends on
    /// how fast the requests come (the pool's own test has both, see `WorkerPoolTests`).
    @Test func renderPastTheBudget_isServiceUnavailable_andEndsItsWorker() throws {
        var options = RenderServer.Options()
        options.workerProgram = Self.seemore
        options.port = 0
        options.jobs = 1
        options.limits.timeBudgetMilliseconds = 1
        let server = try RenderServer(options: options)
        try server.start()
        defer { server.stop() }
        let answers = try Curl.postInParallel(server.url + "render", bodies: Self.slowBodies(6))
        #expect(answers.count == 6 && answers.allSatisfy { $0.status == "503" }, "\(answers.map(\.status))")
        #expect(
            answers.allSatisfy { $0.body.contains("waited longer than 1 ms") || $0.body.contains("took longer than 1 ms") },
            "\(answers.map(\.body))")
        #expect(answers.contains { $0.body.contains("took longer than 1 ms (--time-budget-ms); its worker was ended") })
        #expect(server.workers.replacements >= 1)
    }

    /// A worker killed in the middle of a load fails only the card it was drawing (500, naming the
    /// signal); every other request is answered, and the ones after it too, by its replacement.
    @Test func aWorkerKilledMidLoad_failsOnlyItsCard() throws {
        var options = RenderServer.Options()
        options.workerProgram = Self.seemore
        options.port = 0
        options.jobs = 2
        let server = try RenderServer(options: options)
        try server.start()
        defer { server.stop() }
        let bodies = Self.slowBodies(10)
        let answers = Locked<[(status: String, body: String)]>([])
        let load = DispatchGroup()
        load.enter()
        DispatchQueue.global().async {
            answers.value = (try? Curl.postInParallel(server.url + "render", bodies: bodies)) ?? []
            load.leave()
        }
        // Both workers drawing: kill one.
        let deadline = ContinuousClock.now + .seconds(20)
        while server.workers.depth.running < 2 && ContinuousClock.now < deadline { usleep(5_000) }
        let victim = try #require(server.workers.processIDs.first)
        #expect(kill(victim, SIGKILL) == 0)
        load.wait()
        let statuses = answers.value.map(\.status)
        #expect(statuses.count == 10)
        #expect(statuses.filter { $0 == "500" }.count <= 1, "\(statuses)")
        #expect(statuses.allSatisfy { $0 == "200" || $0 == "500" }, "\(statuses)")
        // (curl prints the statuses as transfers end, the bodies are in request order.)
        let killed = answers.value.filter { $0.body.contains("ended with signal 9 (SIGKILL) while drawing it") }
        #expect(killed.count == statuses.filter { $0 == "500" }.count, "\(answers.value.map(\.body))")
        print("a worker killed mid-load: \(killed.count) of 10 cards failed, \(statuses.filter { $0 == "200" }.count) drawn")
        #expect(server.workers.replacements >= 1 && !server.workers.processIDs.contains(victim))
        let after = try Curl.postInParallel(server.url + "render", bodies: (0..<4).map { #"{"text": "After \#($0)"}"# })
        #expect(after.map(\.status) == ["200", "200", "200", "200"], "\(after)")
    }

    @Test func load_twoThousandRequestsOnEightConnections_allDecode() throws {
        try Self.withServer { url in
            let folder = try Curl.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var config = ""
            for index in 0..<2_000 {
                // A quarter of them distinct (rendered), the rest repeated (cached).
                config +=
                    "url = \"\(url)render.png?\(Self.query(["text": "Load \(index % 500) " + Self.text, "width": "240"]))\"\n"
                config += "output = \"\(folder.path)/\(index).png\"\n"
            }
            try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            let codes = try Curl.run([
                "-s", "-g", "--parallel", "--parallel-max", "8", "-K", folder.appendingPathComponent("config").path, "-w",
                "%{http_code}\n",
            ])
            .split(separator: "\n")
            #expect(codes.count == 2_000)
            #expect(codes.allSatisfy { $0 == "200" })
            for index in stride(from: 0, to: 2_000, by: 97) {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(index).png")))
                #expect((try? PNGCodec.decode(bytes)) != nil, "\(index).png decodes")
            }
        }
    }

    /// A client that sends half a request and stalls has its connection closed after the read timeout,
    /// while other clients are served.
    @Test func slowClient_isTimedOut() throws {
        try Self.withServer({ $0.readTimeout = 1 }) { url in
            let port = try #require(URLComponents(string: url)?.port)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            #expect(connected == 0)
            var wait = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let partial = Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8)
            #expect(send(descriptor, partial, partial.count, 0) == partial.count)
            let started = Date()
            #expect(try Curl.request(url + "healthz").status == 200, "others are served meanwhile")
            var buffer = [UInt8](repeating: 0, count: 64)
            let received = recv(descriptor, &buffer, buffer.count, 0)
            let waited = Date().timeIntervalSince(started)
            #expect(received == 0, "the server closed the stalled connection")
            #expect(waited >= 0.5 && waited < 8, "after about the read timeout: \(waited) s")
        }
    }

    @Test func serveCommand_refusesBadFlags() {
        var errors = ""
        let io = CommandIO(readStandardInput: { Data() }, writeOutput: { _ in }, writeError: { errors += $0 })
        #expect(SeeMoreCommand.run(["serve", "--port", "70000"], io: io, more: ["serve": ServeCommand.run]) == 64)
        #expect(
            SeeMoreCommand.run(["serve", "--host", "not-an-ip", "--port", "0"], io: io, more: ["serve": ServeCommand.run]) == 64)
        #expect(errors.contains("--host must be an IP address"))
        #expect(SeeMoreCommand.run(["serve", "--prot", "1"], io: io, more: ["serve": ServeCommand.run]) == 64)
        #expect(errors.contains("did you mean --port?"))
        #expect(
            SeeMoreCommand.run(["serve", "--suite", "/nonexistent/suite.json"], io: io, more: ["serve": ServeCommand.run]) == 66)
        #expect(errors.contains("cannot read suite file /nonexistent/suite.json (--suite)"))
    }

    /// Started where there is no suite, the server says at once that it serves no review.
    @Test func serveCommand_saysWhenThereIsNoReview() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/seemore-serve").standardized
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // A server that neither prints nor stops is killed after 20 s, so the test fails instead of hanging.
        let pid = process.processIdentifier
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { if ended.wait(timeout: .now() + 20) == .timedOut { kill(pid, SIGKILL) } }
        var text = ""
        while !text.contains("No review") && process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        process.terminate()
        process.waitUntilExit()
        ended.signal()
        #expect(text.contains("Serving on http://127.0.0.1:"), "\(text)")
        #expect(text.contains("No review: there is no golden-images/suite.json here (--suite FILE reviews a suite)"), "\(text)")
        #expect(process.terminationStatus == 0)
    }
}

/// A value shared with another thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
