import Foundation
@testable import SeeMoreCards
@testable import SeeMoreGoldens
@testable import SeeMoreImage
@testable import SeeMoreSupport
@testable import SeeMoreText
@testable import SeeMoreWorkers
import Testing

/// Goldens come from pull requests: a symbolic link must not leak its target, a PNG bomb must not be
/// decoded, and no file outside the suite folder is read.
@Suite struct UntrustedGoldenTests {
    static let secret = "TOP-SECRET-\(UInt32.random(in: 0...UInt32.max))"

    /// The fixture suite with every golden recorded: its file and the suite.
    static func recordedSuite() throws -> (path: String, suite: GoldenSuite) {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        _ = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.missing))
        return (path, suite)
    }

    /// A recorded suite whose case `victim` has its golden (or layout snapshot) replaced by a link to a secret.
    static func suiteWithLinkedGolden(layout: Bool) throws -> (suite: String, folder: String, victim: GoldenCase) {
        let (path, suite) = try Self.recordedSuite()
        let secretFile = try BinaryRunner.temporaryFile(Array((secret + "\n").utf8), name: "secret.txt")
        let victim = suite.cases[2]
        let target = suite.folder + "/" + (layout ? victim.layoutPath : victim.pngPath)
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: secretFile.path)
        return (path, suite.folder, victim)
    }

    @Test(arguments: [false, true])
    func linkedGoldenOrLayout_failsAsUnsafe_andItsTargetLeaksNowhere(layout: Bool) throws {
        let (suitePath, _, victim) = try Self.suiteWithLinkedGolden(layout: layout)
        let artifacts = try BinaryRunner.temporaryFolder()
        let output = try BinaryRunner.run([
            "check", "--suite", suitePath, "--templates", CardFixtures.templatesFolder, "--record", "never",
            "--artifacts", artifacts.path,
        ])
        #expect(output.status == 65, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(victim.name) && output.stdout.contains("symbolic link"), "\(output.stdout)")
        #expect(!output.stdout.contains(Self.secret) && !output.stderr.contains(Self.secret))
        for (name, data) in GoldenFixtures.files(under: artifacts.path) {
            #expect(!String(decoding: data, as: UTF8.self).contains(Self.secret), "the secret reached \(name)")
        }
    }

    @Test func linkedFolder_isNotFollowedForReadingOrWriting() throws {
        let path = try GoldenFixtures.suiteFile()
        let suite = try GoldenFixtures.load(path)
        let outside = try BinaryRunner.temporaryFolder()
        // The template's folder inside the suite is a link to a folder outside it.
        try FileManager.default.createSymbolicLink(atPath: suite.folder + "/x", withDestinationPath: outside.path)
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.all))
        let linked = summary.results.filter { $0.name.hasPrefix("x/") }
        #expect(!linked.isEmpty && linked.allSatisfy { $0.outcome == .unsafeGolden && $0.recordedPath == nil })
        #expect(GoldenFixtures.files(under: outside.path).isEmpty, "nothing was written through the link")
    }

    @Test func pngBomb_isNotDecoded_andMemoryStaysBounded() throws {
        let (path, suite) = try Self.recordedSuite()
        // 12000 × 12000 gray pixels in 0.9 MB: 576 MB as RGBA if decoded.
        let bomb = PNGBomb.zeros(width: 12_000, height: 12_000)
        #expect(bomb.count < 1_000_000)
        #expect(PNGCodec.header(bomb)?.width == 12_000)
        let victim = suite.cases[0]
        try Data(bomb).write(to: URL(fileURLWithPath: suite.folder + "/" + victim.pngPath))
        let artifacts = try BinaryRunner.temporaryFolder()
        let run = try ChildProcess.run([
            BinaryRunner.executable.path, "check", "--suite", path, "--templates", CardFixtures.templatesFolder,
            "--record", "never", "--jobs", "1", "--artifacts", artifacts.path,
        ])
        #expect(run.status == 65, "\(run.output)")
        #expect(run.output.contains("12000×12000 pixels, more than any card has"), "\(run.output)")
        // Decoding the bomb alone would take 576 MB.
        ChildProcess.expectPeak(run, below: 200_000)
        #expect(!FileManager.default.fileExists(atPath: artifacts.path + "/" + victim.name + ".golden.png"))
        // Within the pixel budget but of another size: a size change found from the header alone.
        try Data(PNGBomb.zeros(width: 8_000, height: 8_000)).write(to: URL(fileURLWithPath: suite.folder + "/" + victim.pngPath))
        let summary = try GoldenRunner.run(suite, options: try GoldenFixtures.options(.never))
        let result = try #require(summary.results.first { $0.name == victim.name })
        #expect(result.outcome == .sizeChanged && result.message.hasPrefix("8000×8000 → "), "\(result.message)")
    }

    /// Goldens a pull request could hold that broke the process: three zero-length IDAT chunks (the
    /// hand-written decoder freed a buffer twice: exit 134, no report), five of them, a chunk length
    /// past the file, a tEXt chunk declaring 2 GB (libpng allocated it) — each the case's
    /// `unreadable golden`, the run ends with its report, and no process grows past 200 MB.
    /// Of the size the case draws, so they are decoded.
    static func hostileGoldens(width: Int, height: Int) -> [(name: String, bytes: [UInt8])] {
        let header = PNGBomb.chunk("IHDR", PNGBomb.be(width) + PNGBomb.be(height) + [8, 6, 0, 0, 0])
        let start = PNGBomb.signature + header
        let end = PNGBomb.chunk("IEND", [])
        let declared = PNGBomb.be(0x7FFF_FFFF)
        return [
            ("three empty IDATs", start + Array(repeating: PNGBomb.chunk("IDAT", []), count: 3).flatMap { $0 } + end),
            ("five empty IDATs", start + Array(repeating: PNGBomb.chunk("IDAT", []), count: 5).flatMap { $0 } + end),
            ("an IDAT past the file", start + PNGBomb.be(5000) + Array("IDAT".utf8) + [0x78, 0x01, 0, 0]),
            ("a 2 GB tEXt", start + declared + Array("tEXt".utf8) + [UInt8](repeating: 0x61, count: 40)),
            ("a 2 GB zTXt", start + declared + Array("zTXt".utf8) + [UInt8](repeating: 0x61, count: 40)),
            ("a 2 GB iTXt", start + declared + Array("iTXt".utf8) + [UInt8](repeating: 0x61, count: 40)),
        ]
    }

    @Test(arguments: [1, 2])
    func hostileGoldens_areUnreadable_neverACrashOrAMemoryBomb(jobs: Int) throws {
        let (path, suite) = try Self.recordedSuite()
        let victims = Array(suite.cases.prefix(6))
        var goldens: [(name: String, bytes: [UInt8])] = []
        for (index, victim) in victims.enumerated() {
            let file = URL(fileURLWithPath: suite.folder + "/" + victim.pngPath)
            let size = try #require(PNGCodec.header(Array(try Data(contentsOf: file))))
            let golden = Self.hostileGoldens(width: size.width, height: size.height)[index]
            try Data(golden.bytes).write(to: file)
            goldens.append(golden)
        }
        #expect(goldens[0].bytes.count == 81)
        let artifacts = try BinaryRunner.temporaryFolder()
        let run = try ChildProcess.run([
            BinaryRunner.executable.path, "check", "--suite", path, "--templates", CardFixtures.templatesFolder,
            "--record", "never", "--jobs", "\(jobs)", "--artifacts", artifacts.path,
        ])
        #expect(run.status == 65, "\(run.output)")
        let report = try String(contentsOfFile: artifacts.path + "/report.json", encoding: .utf8)
        for (victim, golden) in zip(victims, goldens) {
            #expect(run.output.contains(victim.name), "\(golden.name)")
            let line = run.output.split(separator: "\n").first { $0.contains(victim.name) } ?? ""
            #expect(line.contains("unreadable golden"), "\(golden.name): \(line)")
            #expect(report.contains(victim.name), "\(golden.name)")
        }
        ChildProcess.expectPeak(run, below: 200_000)
    }

    /// A golden of another size that declares far more pixels than the card (32767 × 2048 in 195 KB:
    /// 16 s and 813 MB a case to decode and diff on the canvas of both) is a size change found from its
    /// header: not decoded, not diffed, not copied for the reviewer; memory stays under 200 MB.
    @Test func sizeChangeBomb_isNotDecoded() throws {
        let (path, suite) = try Self.recordedSuite()
        let bomb = PNGBomb.zeros(width: 32_767, height: 2_048)
        #expect(bomb.count < 500_000)
        let victims = Array(suite.cases.prefix(4))
        for victim in victims { try Data(bomb).write(to: URL(fileURLWithPath: suite.folder + "/" + victim.pngPath)) }
        let artifacts = try BinaryRunner.temporaryFolder()
        let run = try ChildProcess.run([
            BinaryRunner.executable.path, "check", "--suite", path, "--templates", CardFixtures.templatesFolder,
            "--record", "never", "--jobs", "2", "--artifacts", artifacts.path,
        ])
        #expect(run.status == 1, "\(run.output)")
        for victim in victims {
            let line = run.output.split(separator: "\n").first { $0.contains(victim.name + ":") } ?? ""
            #expect(line.contains("32767×2048 → ") && line.contains("not decoded"), "\(line)")
            #expect(!FileManager.default.fileExists(atPath: artifacts.path + "/" + victim.name + ".golden.png"))
            #expect(!FileManager.default.fileExists(atPath: artifacts.path + "/" + victim.name + ".diff.png"))
        }
        ChildProcess.expectPeak(run, below: 200_000)
        // A golden of another size within the budget is still decoded and diffed on the canvas of both.
        let small = try #require(suite.cases.last)
        let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: suite.folder + "/" + small.pngPath))))
        let cropped = RGBAImage(
            width: image.width, height: image.height - 1, pixels: Array(image.pixels.dropLast(image.width * 4)))!
        let comparison = GoldenComparison.compare(
            actual: image, actualLayout: LayoutSnapshot(text: ""), golden: try PNGCodec.encode(cropped, scale: 1),
            goldenLayout: nil, tolerance: Tolerance())
        #expect(comparison.outcome == .sizeChanged && comparison.diff != nil && comparison.goldenShown)
    }

    @Test func decode_refusesMorePixelsThanAllowed() throws {
        let bomb = PNGBomb.zeros(width: 4_000, height: 4_000)
        #expect(throws: PNGCodec.CodecError.self) { try PNGCodec.decode(bomb, maximumPixels: 1_000_000) }
        let small = try PNGCodec.decode(PNGBomb.zeros(width: 30, height: 20))
        #expect(small.width == 30 && small.height == 20)
    }
}

/// Highly compressed PNGs of zeros, written by hand (fixed-Huffman deflate: one literal, then
/// 258-byte copies of it), so a test can make a bomb without zlib.
enum PNGBomb {
    static func zeros(width: Int, height: Int) -> [UInt8] {
        let header = be(width) + be(height) + [8, 0, 0, 0, 0]
        // A filter byte and `width` gray bytes per row, all zero.
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibZeros((width + 1) * height)) + chunk("IEND", [])
    }

    /// A zlib stream of `raw` zero bytes (at least 1), about a thousandth of their size.
    static func zlibZeros(_ raw: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        bits.code(0x30, length: 8)  // literal 0
        var left = raw - 1
        while left >= 3 {
            let length = min(258, left)
            // Lengths 3…258 as fixed codes with their extra bits; distance 1 is code 0, no extra bits.
            let (symbol, extra, extraBits) = lengthSymbol(length)
            if symbol < 280 { bits.code(symbol - 256, length: 7) } else { bits.code(0xC0 + symbol - 280, length: 8) }
            bits.write(extra, count: extraBits)
            bits.code(0, length: 5)
            left -= length
        }
        for _ in 0..<left { bits.code(0x30, length: 8) }
        bits.code(0, length: 7)  // end of block
        // Adler-32 of `raw` zeros: a = 1, b = raw mod 65521.
        let adler = UInt32(raw % 65521) << 16 | 1
        return [0x78, 0x01] + bits.finished + be(Int(adler))
    }

    /// A PNG header that declares `width` × `height` pixels, with no pixel data worth the name.
    static func headerOnly(width: Int, height: Int) -> [UInt8] {
        signature + chunk("IHDR", be(width) + be(height) + [8, 0, 0, 0, 0]) + chunk("IDAT", [0x78, 0x01, 0x03, 0, 0, 0, 0, 1])
            + chunk("IEND", [])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be(body.count) + typed + be(Int(crc32(typed)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Deflate's length symbol (257…285) for a match length, with its extra bits.
    static func lengthSymbol(_ length: Int) -> (Int, Int, Int) {
        if length == 258 { return (285, 0, 0) }
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        ]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
        let index = bases.lastIndex { $0 <= length } ?? 0
        return (257 + index, length - bases[index], extras[index])
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var filled = 0

        /// `count` bits of `value`, least significant first (deflate's order for extra bits and headers).
        mutating func write(_ value: Int, count: Int) {
            buffer |= UInt64(value & ((1 << count) - 1)) << UInt64(filled)
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                filled -= 8
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func code(_ code: Int, length: Int) {
            var reversed = 0
            for index in 0..<length where (code >> index) & 1 == 1 { reversed |= 1 << (length - 1 - index) }
            write(reversed, count: length)
        }

        /// The bytes with the last partial byte flushed.
        var finished: [UInt8] { filled > 0 ? bytes + [UInt8(buffer & 0xFF)] : bytes }
    }
}

/// Runs a program and reports its exit status, its output and its peak memory (from `wait4`).
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var peakKilobytes: Int
    }

    /// Expects the program's peak memory (its own and its workers') under `kilobytes`, but under
    /// AddressSanitizer, whose shadow memory would count.
    static func expectPeak(_ result: Result, below kilobytes: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard ProcessInfo.processInfo.environment["SEEMORE_SANITIZER"] == nil else { return }
        #expect(
            result.peakKilobytes > 0 && result.peakKilobytes < kilobytes, "peak memory \(result.peakKilobytes) KB",
            sourceLocation: sourceLocation)
    }

    /// Runs `arguments` through a small Python process that forks and execs them: a child spawned
    /// from this test process directly would count this process's pages (Linux records the memory of
    /// the process it was forked from when it execs: about 150 MB here) in its peak.
    static func run(_ arguments: [String]) throws -> Result {
        let script = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, usage = os.wait4(pid, 0)
            code = os.waitstatus_to_exitcode(status)
            sys.stderr.write("\\npeak-kilobytes=%d\\n" % usage.ru_maxrss)
            sys.exit(code if code >= 0 else 128 - code)
            """
        var result = try spawn(["/usr/bin/python3", "-c", script] + arguments)
        if let range = result.output.range(of: "\npeak-kilobytes=", options: .backwards) {
            result.peakKilobytes = Int(result.output[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            result.output = String(result.output[..<range.lowerBound])
        } else {
            result.peakKilobytes = 0
        }
        return result
    }

    static func spawn(_ arguments: [String]) throws -> Result {
        let outputFile = try BinaryRunner.temporaryFolder().appendingPathComponent("out.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return Result(status: (status >> 8) & 0xFF, output: output, peakKilobytes: usage.ru_maxrss)
    }
}
