import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreScan
@testable import SeeMoreSupport
import SeeMoreWorkers
import Testing

/// `seemore scan` end to end: the cuts it reads off real layouts, one run against its shards merged,
/// worker processes against one, and the corpus's bad records.
@Suite struct ScanRunTests {
    /// Made posts in several scripts, with links, mentions, hashtags and long words; one in twelve
    /// a short one that fits.
    static func corpus(_ count: Int) -> String {
        let texts = [
            "Shipping the new onboarding flow today. Thanks to everyone who tested the beta (and sent notes) — details at https://example.com/blog/2026/onboarding-notes #launch",
            "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
            "오늘 회의에서 새로운 디자인 시스템을 발표했습니다. 많은 분들이 관심을 가져주셔서 감사합니다. 다음 주에 자세한 문서를 공유하겠습니다 @seemore",
            "Antidisestablishmentarianismsupercalifragilisticexpialidociouspneumonoultramicroscopicsilicovolcanoconiosis is one word, they said.",
            "Xin chào các bạn! Hôm nay chúng tôi ra mắt phiên bản mới với nhiều tính năng hấp dẫn, hãy thử ngay và cho chúng tôi biết ý kiến nhé.",
            "สวัสดีครับ วันนี้เราเปิดตัวฟีเจอร์ใหม่ที่ทุกคนรอคอย ลองใช้งานแล้วบอกเราด้วยนะครับว่าเป็นอย่างไรบ้าง ขอบคุณมากครับ",
            "Thanks @a_very_long_handle_that_goes_on_and_on_forever_and_ever for the review of the layout engine and the cut.",
        ]
        var lines: [String] = []
        for number in 0..<count {
            let text = number % 12 == 11 ? "Short post \(number)." : texts[number % texts.count] + " (\(number))"
            let value = JSONValue.object([("id", .string("post-\(number)")), ("text", .string(text))])
            lines.append(value.serialized(indent: nil))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func matrix() throws -> ScanMatrix {
        ScanMatrix(templates: [try CardFixtures.template("inline-more"), try CardFixtures.template("x")], widths: [240, 320])
    }

    /// The matrix's flags for a worker.
    static let matrixArguments = [
        "--template", "inline-more,x", "--widths", "240,320", "--templates", CardFixtures.templatesFolder,
    ]

    /// The same matrix as a worker's job.
    static var matrixJob: ScanJob {
        var job = ScanJob()
        job.templates = ["inline-more", "x"]
        job.widths = [240, 320]
        job.templatesFolder = CardFixtures.templatesFolder
        return job
    }

    /// Scans `corpus` into a fresh folder.
    static func scan(
        _ corpus: String, shard: Shard? = nil, workers: Workers<ScanJob>? = nil, gallery: Int = 4
    ) throws -> (folder: String, result: ScanResult, bad: [CorpusError]) {
        let folder = try BinaryRunner.temporaryFolder().path
        let file = try BinaryRunner.temporaryFile(Array(corpus.utf8), name: "posts.jsonl")
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        var reader = CorpusReader(descriptor: descriptor, format: .jsonl)
        var options = ScanRun.Options(matrix: try matrix(), corpusName: "posts.jsonl", folder: folder)
        options.shard = shard
        options.galleryLimit = gallery
        var bad: [CorpusError] = []
        let result = try ScanRun(options: options, workers: workers).run(&reader) { bad.append($0) }
        return (folder, result, bad)
    }

    static func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func files(_ folder: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in ["scan.json", "cases.jsonl", "index.html"] { found[name] = try contents(folder + "/" + name) }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/gallery") {
            found["gallery/" + name] = try contents(folder + "/gallery/" + name)
        }
        return found
    }

    @Test func theCut_isReadOffTheLaidOutCard() throws {
        let cutter = try ScanCutter(matrix: ScanMatrix(templates: [try CardFixtures.template("inline-more")], widths: [240]))
        func scan(_ text: String) -> ScanCase { cutter.cases(of: SeeMoreScan.CorpusText(id: "t", text: text, line: 1))[0] }
        let short = scan("Short.")
        #expect(!short.truncated && short.kept == 6 && short.characters == 6 && short.shownShare == 1 && short.lines == 1)
        let long = scan(CardFixtures.longText)
        #expect(long.truncated && long.lines == 3 && long.kept > 20 && long.kept < long.characters && long.lints.isEmpty)
        #expect(long.fonts == ["DejaVu Sans"] && long.unknownGlyphs == 0 && !long.characterCut)
        // No word fits the last line: word mode cuts between letters, inside the link.
        let link = scan("See https://example.com/" + String(repeating: "abcdefghij", count: 30) + " now")
        #expect(link.truncated && link.characterCut && link.lints.map(\.kind) == [.cutInURL], "\(link.lints)")
        // Korean with Latin punctuation: the full stop is drawn in another font than its word, which a
        // reader does not notice: no lint (#41; on main "'발표했습니다.' mixes NanumGothic and DejaVu Sans").
        let korean = scan("오늘 회의에서 새로운 디자인 시스템을 발표했습니다. 많은 분들이 관심을 가져주셔서 감사합니다. 다음 주에 자세한 문서를 공유하겠습니다")
        #expect(!korean.lints.contains { $0.kind == .mixedFonts }, "\(korean.lints)")
        // Japanese whose Han the first fallback font lacks (IPAGothic has no 鸭): one word in two fonts.
        let japanese = scan("今日は北京烤鸭を食べました。とてもおいしかったです。また行きたいと思います。")
        #expect(japanese.lints.contains { $0.kind == .mixedFonts && $0.detail.contains("北京烤鸭") }, "\(japanese.lints)")
        #expect(korean.fonts.count == 2)
        // The Korean is drawn by the fallback (inline-more asks for DejaVu Sans), and counted by family.
        #expect(korean.fallbackRuns.contains { $0.font == "NanumGothic" && $0.text.hasPrefix("오늘") }, "\(korean.fallbackRuns)")
        var statistics = ScanStatistics()
        statistics.add(korean)
        #expect(statistics.cells[korean.cell]?.fallbackFonts == ["NanumGothic": 1])
    }

    /// The scan reads the cut off the search's own layouts (`CardRenderer.cut`): what it finds is what
    /// the painted card shows, in every template that cuts.
    @Test func theScansCut_isTheCardsCut() throws {
        let renderer = try CardRenderer()
        // The made posts, a text drawn all in the fallback's font (inline-more asks for DejaVu Sans), and
        // a right-to-left one (its ending is isolated by invisible marks).
        let texts =
            Self.corpus(14).split(separator: "\n").compactMap { line -> String? in
                guard case .success(let node) = JSONNode.parse(Array(line.utf8)) else { return nil }
                return node["text"]?.string
            } + ["吾輩は猫である", String(repeating: "مرحبا بكم في هذا المنشور الطويل جدا الذي يستمر ", count: 4)]
        for name in CardFixtures.templateNames where name != "chat-input" {
            for text in texts {
                let request = CardRequest(text: text, template: try CardFixtures.template(name), width: 320)
                let cut = try #require(try renderer.cut(request))
                let card = try renderer.measure(request)
                let label = "\(name): \(text.prefix(30))"
                #expect(cut.truncation.truncated == card.truncated, "\(label)")
                #expect(cut.truncation.kept == card.kept, "\(label)")
                #expect(cut.truncation.lines == card.lines, "\(label)")
                #expect(cut.mixedFonts == card.mixedFonts, "\(label)")
                #expect(cut.fallbackRuns == card.fallbackRuns, "\(label)")
                #expect(cut.truncation.unknownGlyphs == card.unknownGlyphs, "\(label)")
            }
        }
        #expect(try renderer.cut(CardRequest(text: "Hi", template: try CardFixtures.template("chat-input"))) == nil)
    }

    @Test func oneRun_equalsItsShardsMerged() throws {
        let corpus = Self.corpus(120)
        let whole = try Self.scan(corpus)
        #expect(whole.result.texts == 120 && whole.bad.isEmpty)
        let cell = try #require(whole.result.statistics.cells[.init(template: "x", width: 240)])
        #expect(cell.texts == 120 && cell.truncated > 80 && cell.truncated < 120)
        #expect(!whole.result.gallery.all.isEmpty, "the made posts have lints")
        let shards = try (1...3).map { try Self.scan(corpus, shard: Shard(index: $0, count: 3)) }
        #expect(shards.map(\.result.texts).reduce(0, +) == 120 && shards.allSatisfy { $0.result.texts > 20 })
        let merged = try BinaryRunner.temporaryFolder().path
        let result = try ScanMerge.merge(shards.map(\.folder).reversed(), into: merged)
        #expect(result == whole.result)
        let (one, combined) = (try Self.files(whole.folder), try Self.files(merged))
        #expect(one.keys.sorted() == combined.keys.sorted())
        for (name, bytes) in one { #expect(combined[name] == bytes, "\(name) differs") }
        // Read back, scan.json is the result it was written from.
        let read = try ScanResult(json: Array(try Self.contents(merged + "/scan.json")), path: "scan.json")
        #expect(read == result)
    }

    @Test func merge_refusesShardsThatDoNotBelongTogether() throws {
        let corpus = Self.corpus(30)
        let first = try Self.scan(corpus, shard: Shard(index: 1, count: 3))
        let second = try Self.scan(corpus, shard: Shard(index: 2, count: 3))
        let out = try BinaryRunner.temporaryFolder().path
        #expect(throws: ScanResult.MergeError(message: "shard 3/3 missing")) {
            try ScanMerge.merge([first.folder, second.folder], into: out)
        }
        #expect(throws: ScanResult.MergeError.self) { try ScanMerge.merge([first.folder, first.folder], into: out) }
        let whole = try Self.scan(corpus)
        #expect(throws: ScanResult.MergeError.self) { try ScanMerge.merge([whole.folder], into: out) }
        // A damaged scan.json is named by its field.
        let damaged = first.folder + "/scan.json"
        var text = String(decoding: try Self.contents(damaged), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"truncated\": ", with: "\"truncated\": -")
        try Data(text.utf8).write(to: URL(fileURLWithPath: damaged))
        #expect {
            try ScanMerge.merge([first.folder, second.folder], into: out)
        } throws: { error in
            "\(error)".contains("cells[0].truncated: expected a whole number")
        }
    }

    /// A folder, and a function that scans 40 texts with the binary (`--jobs 2`, the test matrix and
    /// `extra`) into a folder of it and returns its scan.json.
    static func scanningBinary() throws -> (String, ([String], String) throws -> [String: Any]) {
        let folder = try BinaryRunner.temporaryFolder().path
        let corpus = try BinaryRunner.temporaryFile(Array(corpus(40).utf8), name: "posts.jsonl").path
        return (
            folder,
            { extra, out in
                let run = try BinaryRunner.run(
                    ["scan", "--texts", corpus, "--out", folder + "/" + out, "--jobs", "2"] + matrixArguments + extra)
                #expect(run.status == 0, "\(run.stderr)")
                return try #require(
                    try JSONSerialization.jsonObject(with: contents(folder + "/" + out + "/scan.json")) as? [String: Any])
            }
        )
    }

    /// The texts cut in all cells of a scan.json.
    static func truncated(_ scan: [String: Any]) -> Int {
        ((scan["cells"] as? [[String: Any]]) ?? []).reduce(0) { $0 + ($1["truncated"] as? Int ?? 0) }
    }

    /// `--pseudo` cuts every text in a pseudo-locale, in the workers too: scan.json says which, an
    /// expanded text is cut more often than as written, and shards of two pseudo-locales do not merge.
    @Test func aPseudoLocale_isScannedAndNamed() throws {
        let (folder, scan) = try Self.scanningBinary()
        let plain = try scan([], "plain")
        let expanded = try scan(["--pseudo", "expanded"], "expanded")
        #expect(plain["pseudo"] == nil && expanded["pseudo"] as? String == "expanded")
        #expect(Self.truncated(expanded) > Self.truncated(plain))
        let html = try String(contentsOfFile: folder + "/expanded/index.html", encoding: .utf8)
        #expect(html.contains("pseudo-locale expanded"))
        _ = try scan(["--pseudo", "expanded", "--shard", "1/2"], "one")
        _ = try scan(["--shard", "2/2"], "two")
        #expect {
            try ScanMerge.merge([folder + "/one", folder + "/two"], into: folder + "/merged")
        } throws: { error in
            "\(error)".contains("pseudo-locale")
        }
    }

    /// `--text-size` draws every card at a reader's text size, in the workers too: scan.json says
    /// which, the cells keep the matrix's names, and more texts are cut at AX3 than as the templates say.
    @Test func aTextSize_isScannedAndNamed() throws {
        let (_, scan) = try Self.scanningBinary()
        let plain = try scan(["--fonts", "DejaVu Sans 15"], "plain")
        let large = try scan(["--fonts", "DejaVu Sans 15", "--text-size", "AX3"], "ax3")
        #expect(large["textSize"] as? String == "AX3" && plain["textSize"] == nil)
        #expect(((large["cells"] as? [[String: Any]]) ?? []).allSatisfy { $0["font"] as? String == "DejaVu Sans 15" })
        #expect(Self.truncated(large) > Self.truncated(plain))
        let bad = try BinaryRunner.run(["scan", "--texts", "posts.jsonl", "--text-size", "huge"])
        #expect(bad.status == 64 && bad.stderr.contains("--text-size"), "\(bad.stderr)")
    }

    /// `--catalog --key` cuts every text under each locale's suffix, in the workers too: a cell per
    /// template × locale named by it, a longer suffix keeps fewer characters, and a key missing from a
    /// locale is refused by name before a text is cut.
    @Test func aCatalog_isACellPerLocale() throws {
        let (folder, scan) = try Self.scanningBinary()
        let strings = folder + "/strings"
        for (locale, value) in [("de", "Mehr anzeigen und noch viel mehr dazu"), ("ja", "続き"), ("en", "See more")] {
            try FileManager.default.createDirectory(atPath: strings + "/\(locale).lproj", withIntermediateDirectories: true)
            try Data("\"feed.more\" = \"\(value)\";\n".utf8).write(
                to: URL(fileURLWithPath: strings + "/\(locale).lproj/Feed.strings"))
        }
        let result = try scan(["--catalog", strings, "--key", "feed.more"], "locales")
        #expect(result["locales"] as? [String] == ["de", "en", "ja"])
        let cells = (result["cells"] as? [[String: Any]]) ?? []
        func kept(_ locale: String) -> Int {
            cells.filter { $0["locale"] as? String == locale }.reduce(0) { $0 + ($1["keptCharacters"] as? Int ?? 0) }
        }
        #expect(cells.count == 3 * 2 * 2, "a cell per locale of every template × width")
        #expect(kept("de") < kept("en") && kept("en") < kept("ja"), "de \(kept("de")), en \(kept("en")), ja \(kept("ja"))")
        let cases = String(decoding: try Self.contents(folder + "/locales/cases.jsonl"), as: UTF8.self)
        #expect(cases.contains("\"locale\":\"de\"") && cases.contains("\"keptCharacters\":") && !cases.contains("\"kept\":"))
        let missing = try BinaryRunner.run(
            ["scan", "--texts", "posts.jsonl", "--catalog", strings, "--key", "feed.less", "--out", folder + "/x"])
        #expect(missing.status == 65 && missing.stderr.contains("'feed.less'"), "\(missing.stderr)")
        let alone = try BinaryRunner.run(["scan", "--texts", "posts.jsonl", "--key", "feed.more"])
        #expect(alone.status == 64 && alone.stderr.contains("--catalog"), "\(alone.stderr)")
    }

    /// `--fail-on LINT,…` is a CI gate: exit 1 naming the lints found, 0 when none of them is; the report
    /// is written either way; an unknown lint is a usage error.
    @Test func failOn_gatesOnTheNamedLints() throws {
        let corpus = try BinaryRunner.temporaryFile(Array(Self.corpus(200).utf8), name: "posts.jsonl").path
        let folder = try BinaryRunner.temporaryFolder().path
        func scan(_ extra: [String]) throws -> BinaryRunner.Output {
            try BinaryRunner.run(["scan", "--texts", corpus, "--out", folder, "--jobs", "1"] + Self.matrixArguments + extra)
        }
        let failing = try scan(["--fail-on", "kinsoku,cut-in-mention"])
        #expect(failing.status == 1 && failing.stderr.contains("--fail-on: cut-in-mention in "), "\(failing.stderr)")
        #expect(!failing.stderr.contains("kinsoku in"), "only the lints found are named: \(failing.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/scan.json"))
        let passing = try scan(["--fail-on", "kinsoku"])
        #expect(passing.status == 0, "\(passing.stderr)")
        let unknown = try scan(["--fail-on", "typos"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--fail-on"), "\(unknown.stderr)")
    }

    @Test func workerProcesses_cutAsOneProcessDoes() throws {
        let corpus = Self.corpus(200)
        let alone = try Self.scan(corpus)
        let workers = Workers(
            executable: BinaryRunner.executable.path, job: Self.matrixJob, count: 2, budget: ScanRun.defaultTextBudget)
        let parallel = try Self.scan(corpus, workers: workers)
        #expect(parallel.result == alone.result)
        #expect(try Self.contents(parallel.folder + "/cases.jsonl") == Self.contents(alone.folder + "/cases.jsonl"))
    }

    @Test func workersThatCannotStart_leaveTheCutToThisProcess() throws {
        let corpus = Self.corpus(70)
        let alone = try Self.scan(corpus)
        let workers = Workers(
            executable: "/nonexistent/seemore", job: Self.matrixJob, count: 2, budget: ScanRun.defaultTextBudget)
        let fallback = try Self.scan(corpus, workers: workers)
        #expect(fallback.result == alone.result)
        #expect(try Self.contents(fallback.folder + "/cases.jsonl") == Self.contents(alone.folder + "/cases.jsonl"))
    }

    @Test func aWorkerThatDies_onOneText_losesOnlyThatText() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let corpus = folder.appendingPathComponent("posts.jsonl")
        try Data(Self.corpus(150).utf8).write(to: corpus)
        let out = folder.appendingPathComponent("scan").path
        let output = try BinaryRunner.run(
            ["scan", "--texts", corpus.path, "--out", out, "--jobs", "2"] + Self.matrixArguments,
            environment: ["SEEMORE_TEST_WORKER_ABORT_TEXT": "post-100"])
        #expect(output.status == 70, "\(output.stderr)")
        let lines = String(decoding: try Self.contents(out + "/cases.jsonl"), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 150 * 4)
        let failed = lines.filter { $0.contains("\"error\"") }
        #expect(failed.count == 4 && failed.allSatisfy { $0.contains("\"post-100\"") && $0.contains("the worker failed") })
    }

    @Test func aMalformedRecord_isReportedWithItsLine_andTheScanGoesOn() throws {
        let folder = try BinaryRunner.temporaryFolder()
        let corpus = folder.appendingPathComponent("posts.jsonl")
        var lines = Self.corpus(6).split(separator: "\n").map(String.init)
        lines.insert("{\"text\": 12}", at: 2)
        lines.insert("not json", at: 5)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: corpus)
        let out = folder.appendingPathComponent("scan").path
        let output = try BinaryRunner.run(["scan", "--texts", corpus.path, "--out", out, "--jobs", "1"] + Self.matrixArguments)
        #expect(output.status == 65)
        #expect(output.stderr.contains("posts.jsonl: line 3: no \"text\" string (skipped)"), "\(output.stderr)")
        #expect(output.stderr.contains("posts.jsonl: line 6: not JSON"))
        #expect(output.stdout.contains("Scanned 6 texts") && output.stdout.contains("2 bad record(s) skipped"))
        let result = try ScanResult(json: Array(try Self.contents(out + "/scan.json")), path: "scan.json")
        #expect(result.texts == 6 && result.statistics.badRecords == 2)
        // The texts after the bad lines were scanned, at their own lines.
        let cases = String(decoding: try Self.contents(out + "/cases.jsonl"), as: UTF8.self)
        #expect(cases.contains("\"id\":\"post-5\",\"line\":8,"))
    }

    @Test func aSuite_givesTheMatrix_andFlagsOverrideIt() throws {
        let suite = try GoldenFixtures.suiteFile()
        let folder = try BinaryRunner.temporaryFolder()
        let corpus = folder.appendingPathComponent("posts.jsonl")
        try Data(Self.corpus(5).utf8).write(to: corpus)
        func matrix(_ flags: [String]) throws -> (templates: [String], fonts: [String], widths: [Double]) {
            let run = try BinaryRunner.run(
                [
                    "scan", "--texts", corpus.path, "--suite", suite, "--templates-folder", CardFixtures.templatesFolder,
                    "--jobs", "1",
                    "--out", folder.appendingPathComponent("scan").path, "--json",
                ] + flags)
            #expect(run.status == 0, "\(run.stderr)")
            let result = try ScanResult(json: Array(run.stdout.utf8), path: "stdout")
            #expect(result.texts == 5)
            return (result.templates, result.fonts, result.widths)
        }
        // The suite's fonts are its templates' own: no font column.
        let fromSuite = try matrix([])
        #expect(fromSuite.templates == ["inline-more", "x"] && fromSuite.fonts.isEmpty && fromSuite.widths == [200, 300])
        let overridden = try matrix(["--widths", "320", "--fonts", "IPAGothic 15"])
        #expect(
            overridden.templates == ["inline-more", "x"] && overridden.fonts == ["IPAGothic 15"] && overridden.widths == [320])
    }

    @Test func theCommandLine_namesBadFlags() throws {
        let missing = try BinaryRunner.run(["scan", "--widths", "320"])
        #expect(missing.status == 64 && missing.stderr.contains("give the corpus with --texts"))
        let shard = try BinaryRunner.run(["scan", "--texts", "-", "--shard", "4/3"])
        #expect(shard.status == 64 && shard.stderr.contains("--shard must be I/N"))
        // --templates is a folder, as for render and check (#42: here it named templates); the names go
        // in --template.
        let oldNames = try BinaryRunner.run(["scan", "--texts", "-", "--templates", "inline-more,x"])
        #expect(
            oldNames.status == 64
                && oldNames.stderr.contains(
                    "--templates is a folder of templates, as for render and check, and 'inline-more,x' is none; "
                        + "name the templates to scan with --template inline-more,x"),
            "\(oldNames.stderr)")
        let sameAsCheck = try BinaryRunner.run(["scan", "--texts", "-", "--shard", "1/x/2"])
        #expect(
            sameAsCheck.status == 64 && sameAsCheck.stderr.contains("--shard must be I/N with 1 ≤ I ≤ N ≤ 100000, not '1/x/2'"))
        let widths = try BinaryRunner.run(["scan", "--texts", "-", "--widths", "320,,240"])
        #expect(widths.status == 64 && widths.stderr.contains("--widths takes values separated by commas"))
        let none = try BinaryRunner.run(["scan", "--texts", "/nonexistent/posts.jsonl"])
        #expect(none.status == 66 && none.stderr.contains("cannot read corpus /nonexistent/posts.jsonl"))
        let merge = try BinaryRunner.run(["scan", "merge", "/nonexistent"])
        #expect(merge.status == 66 && merge.stderr.contains("/nonexistent/scan.json: no such file"), "\(merge.stderr)")
    }

    @Test func theReport_escapesTheTexts_andShowsItsPlots() throws {
        // Cut inside its link (a lint), so the gallery shows it with its id.
        let hostile = "<script>alert('x')</script> <b>bold</b> https://example.com/" + String(repeating: "abcdefghij", count: 30)
        let corpus =
            JSONValue.object([("id", .string("<img src=x onerror=alert(1)>")), ("text", .string(hostile))]).serialized(
                indent: nil) + "\n"
        let scan = try Self.scan(corpus)
        let page = String(decoding: try Self.contents(scan.folder + "/index.html"), as: UTF8.self)
        #expect(!page.contains("<script") && !page.contains("<img src=x") && !page.contains("<b>bold"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(
            page.components(separatedBy: "<svg").count - 1 == 1 + 4 + 2 + 1, "cut by width, 4 histograms, 2 line charts, lints")
        #expect(page.contains("src=\"gallery/") && !page.contains("src=\"/"), "pictures from inside the folder")
    }
}
