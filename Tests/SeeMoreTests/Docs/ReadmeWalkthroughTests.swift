import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// The README's "Five minutes with SeeMore", run as a new user runs it: its `sh` blocks, verbatim and
/// in order, in one shell, in a fresh clone of this repository where the built `seemore` stands where
/// `make preview` puts it; then what the prose says each step shows is checked against what it did.
@Suite struct ReadmeWalkthroughTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        .standardized.path

    /// The `sh` code blocks of the README's section `heading`, each as its lines (list indentation removed).
    static func shellBlocks(in readme: String, section heading: String) -> [String] {
        guard let start = readme.range(of: "\n## " + heading + "\n") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [String] = []
        var current: [String]? = nil
        var indent = 0
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```sh" {
                current = []
                indent = line.count - trimmed.count
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
        }
        return blocks
    }

    /// Runs `script` with bash in `folder`; returns its status and everything it printed.
    static func bash(_ script: String, in folder: String) throws -> (status: Int32, output: String) {
        let outputFile = try BinaryRunner.temporaryFolder().appendingPathComponent("output.txt")
        try Data().write(to: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        // A new user's shell: not CI (whose record mode is never), no record mode of the test run's.
        for name in ["CI", "SEEMORE_RECORD", "SNAPSHOT_ARTIFACTS"] { environment[name] = nil }
        // No seemore of this machine's (an earlier make install): the README's own steps must find it.
        environment["PATH"] = (environment["PATH"] ?? "").split(separator: ":")
            .filter { !FileManager.default.isExecutableFile(atPath: $0 + "/seemore") }.joined(separator: ":")
        process.environment = environment
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8))
    }

    @Test func theFiveMinuteWalkthrough_runsAsWritten_andShowsWhatItSays() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        let blocks = Self.shellBlocks(in: readme, section: "Five minutes with SeeMore")
        try #require(blocks.count == 5, "render, change, check, approve, undo: \(blocks)")

        // A fresh clone, with the working tree's changes committed in it (the README under test among them).
        let clone = try BinaryRunner.temporaryFolder().appendingPathComponent("SeeMore").path
        let git = "git -c user.name=test -c user.email=test@example.invalid"
        let setUp = try Self.bash(
            """
            set -e
            git clone --quiet --depth 1 "file://\(Self.repository)" "\(clone)"
            git -C "\(Self.repository)" ls-files -m -z | while IFS= read -r -d '' file; do
                cp "\(Self.repository)/$file" "\(clone)/$file"
            done
            cd "\(clone)" && \(git) commit --quiet --allow-empty -am "the working tree"
            mkdir -p .build/release
            cp "\(BinaryRunner.executable.path)" "\(BinaryRunner.executable.deletingLastPathComponent().path)/seemore-serve" .build/release/
            """, in: "/")
        try #require(setUp.status == 0, "\(setUp.output)")

        // Every block in order in one shell, as a reader pastes them; each block's status marked.
        var script = ""
        for (index, block) in blocks.enumerated() {
            script += "{\n\(block)\n}\necho \"@@block \(index) status $?\"\n"
        }
        let run = try Self.bash(script, in: clone)
        let output = run.output
        func status(_ index: Int) -> Int? {
            output.split(separator: "\n").first { $0.hasPrefix("@@block \(index) status ") }.flatMap {
                Int($0.split(separator: " ").last!)
            }
        }
        #expect(!output.contains("command not found"), "\(output)")

        // 1. The card is cut to three lines ending in "… More", beside the expanded card and its metadata.
        #expect(status(0) == 0, "\(output)")
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: clone + "/cards/launch.json")))
                as? [String: Any])
        let collapsed = try #require(metadata["collapsed"] as? [String: Any])
        #expect(collapsed["truncated"] as? Bool == true)
        #expect(collapsed["lineCount"] as? Int == 3)
        #expect((collapsed["lines"] as? [String])?.last?.hasSuffix("… More") == true, "\(collapsed)")
        #expect(readme.contains("`cards/launch.collapsed.png` is the text cut to three lines, ending in \"… More\""))
        for file in ["launch.collapsed.png", "launch.expanded.png"] {
            #expect(FileManager.default.fileExists(atPath: clone + "/cards/" + file))
        }

        // 2–3. The changed suffix fails exactly the inline-more cases the README counts, names what
        // changed as it says, and prints where the report is.
        #expect(status(1) == 0, "\(output)")
        #expect(status(2) == 1, "\(output)")
        let counted = try #require(readme.firstMatch(of: /It fails: (\d+) inline-more cases changed/)).1
        let failing = output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }
        #expect(failing.count == Int(counted), "\(failing.count) failed, the README says \(counted)")
        #expect(failing.allSatisfy { $0.contains(" inline-more/") }, "\(failing)")
        let example = try #require(readme.firstMatch(of: /each named with what changed \(`([^`]*)`/)).1
        let words = String(example).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(output.contains(words), "no case says \(words)")
        #expect(output.contains("Report: ") && output.contains(".build/seemore-artifacts/index.html"), "\(output)")
        // One change group, with the sentence the README quotes.
        #expect(readme.contains("they are one\n   change: check lists them as one change group"))
        #expect(output.contains("\n1 change group:\n"), "\(output)")
        let sentence = try #require(readme.firstMatch(of: /and a sentence, `([^`]*)`/)).1
        let groupLine = output.split(separator: "\n").first { $0.contains(" \(counted) cases  ") } ?? ""
        #expect(groupLine.contains(String(sentence)), "\(groupLine)")

        // 4. Approved, every case passes.
        #expect(status(3) == 0, "\(output)")
        let passing = output.split(separator: "\n").last { $0.contains(" cases: ") } ?? ""
        #expect(passing.contains(" 0 failed"), "\(passing)")

        // 5. Undone: the clone is as it was, nothing left behind that git would see.
        #expect(status(4) == 0, "\(output)")
        let clean = try Self.bash("git status --porcelain", in: clone)
        #expect(clean.status == 0 && clean.output.isEmpty, "left behind: \(clean.output)")
        // The picture the README shows for step 1 is the golden of the same collapsed card.
        let picture = "golden-images/inline-more/en-cut/DejaVuSans-15@320.light.collapsed.png"
        #expect(readme.contains("(\(picture))"))
        let golden = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: clone + "/" + picture))))
        let card = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: clone + "/cards/launch.collapsed.png"))))
        #expect(golden.width == card.width && golden.height == card.height && golden.pixels == card.pixels)
    }

    /// "Your content": its scan, run as written in a folder holding the sample corpus, prints the
    /// lines the README quotes, and writes the report it describes.
    @Test func theScanSection_runsAsWritten_andPrintsWhatItQuotes() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        let blocks = Self.shellBlocks(in: readme, section: "Your content")
        try #require(blocks.count == 1, "one scan: \(blocks)")
        let folder = try BinaryRunner.temporaryFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/examples/corpus", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository + "/examples/corpus/posts.jsonl", toPath: folder + "/examples/corpus/posts.jsonl")
        let binaries = BinaryRunner.executable.deletingLastPathComponent().path
        let run = try Self.bash("export PATH=\"\(binaries):$PATH\"\n" + blocks[0], in: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Scanned 2000 texts of posts.jsonl"), "\(run.output)")
        // The example lines, each as printed.
        guard let quoted = readme.range(of: "the cut lints it found, for example:\n\n```\n"),
            let end = readme[quoted.upperBound...].range(of: "\n```")
        else {
            Issue.record("the README quotes no output")
            return
        }
        let lines = readme[quoted.upperBound..<end.lowerBound].split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines { #expect(run.output.contains(line + "\n"), "not printed: \(line)") }
        for file in ["index.html", "scan.json", "cases.jsonl"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/scan/" + file), "\(file)")
        }
        #expect(readme.contains("(docs/scan.png)") && FileManager.default.fileExists(atPath: Self.repository + "/docs/scan.png"))
    }

    /// "As your platform breaks lines": its comparison with Chromium, run as written, passes its own
    /// gate (99%), and prints lines of the shape the README quotes, for the same cells.
    @Test func theCompareSection_runsAsWritten() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        let blocks = Self.shellBlocks(in: readme, section: "As your platform breaks lines")
        try #require(blocks.count == 1, "one comparison: \(blocks)")
        let folder = try BinaryRunner.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/examples/corpus", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository + "/examples/corpus/posts.jsonl", toPath: folder + "/examples/corpus/posts.jsonl")
        let binaries = BinaryRunner.executable.deletingLastPathComponent().path
        let run = try Self.bash("export PATH=\"\(binaries):$PATH\"\n" + blocks[0], in: folder)
        print(run.output)
        #expect(run.status == 0, "below its --min-agreement 0.99: \(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/compare/compare.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/compare/index.html"))
        // The quoted lines' cells and wording (the exact figures follow the installed Chromium).
        guard let quoted = readme.range(of: "and says how many lines break the same:\n\n```sh\n"),
            let output = readme[quoted.upperBound...].range(of: "```\n\n```\n"),
            let end = readme[output.upperBound...].range(of: "\n```")
        else {
            Issue.record("the README quotes no output")
            return
        }
        for line in readme[output.upperBound..<end.lowerBound].split(separator: "\n") {
            let shape = line.replacing(/[0-9.]+/, with: "N")
            let printed = run.output.split(separator: "\n").contains {
                $0.replacing(/[0-9.]+/, with: "N") == shape && $0.prefix(12) == line.prefix(12)
            }
            #expect(printed, "no line like \(line)")
        }
    }
}

/// The README's "Every reader" matrix, as written, in a suite beside the brand example's templates,
/// fonts and catalogs: it loads, and its cases carry the names the README quotes.
struct ReadmeEveryReaderTests {
    @Test func theMatrix_loadsWithTheBrandExample_andNamesItsCases() throws {
        let readme = try String(contentsOfFile: ReadmeWalkthroughTests.repository + "/README.md", encoding: .utf8)
        let paragraph = try #require(readme.range(of: "**Every reader.**"))
        let rest = readme[paragraph.upperBound...]
        let open = try #require(rest.range(of: "```json\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let matrix = String(rest[open.upperBound..<close.lowerBound])
        let brand = ReadmeWalkthroughTests.repository + "/examples/brand"
        let folder = try BinaryRunner.temporaryFolder().path
        for part in ["templates", "fonts", "strings"] {
            try FileManager.default.copyItem(atPath: brand + "/" + part, toPath: folder + "/" + part)
        }
        let original = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: brand + "/suite.json")))
                as? [String: Any])
        let texts = try JSONSerialization.data(withJSONObject: try #require(original["texts"]))
        let catalogs = try JSONSerialization.data(withJSONObject: try #require(original["catalogs"]))
        let suite = """
            {"templates": "templates", "fontFiles": ["fonts/"], "hermeticFonts": true, "catalogs": \(String(decoding: catalogs, as: UTF8.self)),
             "texts": \(String(decoding: texts, as: UTF8.self)), "matrices": [\(matrix)]}
            """
        try Data(suite.utf8).write(to: URL(fileURLWithPath: folder + "/suite.json"))
        let names = try GoldenSuite.load(path: folder + "/suite.json").cases.map(\.name)
        #expect(names.count == 2 * 2 * 2 * 2)
        #expect(names.contains("acme-post/launch/Inter-15@390.AX3.ar.expanded.light.collapsed"), "\(names)")
        #expect(readme.contains("`…@390.AX3.ar.expanded.light.collapsed`"))
    }
}
