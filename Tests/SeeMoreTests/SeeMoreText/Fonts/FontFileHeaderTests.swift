import Foundation
@testable import SeeMoreText
import Testing

/// Font files are known by their bytes before fontconfig loads them: a collection of thousands of
/// faces (16 384 took 7.7 s and 119 MB a render on main), too many faces in all, a web font renamed
/// `.ttf` (drawn as boxes on main) and a path with a NUL byte (taken on main) are refused by name.
@Suite struct FontFileHeaderTests {
    /// A collection header of `faces` entries, each pointing at offset 0 (the tables are never read).
    static func collection(faces: Int) -> [UInt8] {
        var bytes = Array("ttcf".utf8) + [0, 1, 0, 0]
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: faces >> shift)) }
        for _ in 0..<min(faces, 20_000) { bytes += [0, 0, 0, 0] }
        return bytes
    }

    @Test func aCollectionOfThousandsOfFaces_isRefusedBeforeLoading() throws {
        let file = try BinaryRunner.temporaryFile(Self.collection(faces: 16_384), name: "Many.ttc").path
        let reason = "it is a font collection of 16384 faces; at most 64 are loaded"
        #expect(throws: FontFilesError(entry: file, reason: reason)) { try FontFiles.expand([file], relativeTo: "/") }
        #expect(throws: FontFilesError(entry: file, reason: reason)) { try LayoutEngine(fonts: FontFiles(files: [file])) }
        let started = Date()
        let run = try BinaryRunner.run([
            "render", "--text", "x", "--font-files", file, "--out", FileManager.default.temporaryDirectory.path,
        ])
        #expect(run.status == 65 && run.stderr.contains("Many.ttc: \(reason)"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func facesAreCountedInAll() throws {
        let folder = try BinaryRunner.temporaryFolder().path
        for index in 0..<17 {
            try Data(Self.collection(faces: 64)).write(to: URL(fileURLWithPath: folder + "/Font\(index + 10).ttc"))
        }
        #expect(throws: FontFilesError(entry: folder + "/Font26.ttc", reason: "the font files hold more than 1024 faces in all"))
        {
            try FontFiles.expand([folder], relativeTo: "/")
        }
    }

    @Test func aWebFontRenamedTTF_isNamedForWhatItIs() throws {
        for (magic, kind) in [("wOFF", "WOFF"), ("wOF2", "WOFF2")] {
            let file = try BinaryRunner.temporaryFile(
                Array(magic.utf8) + [0, 1, 0, 0] + Array(repeating: 0, count: 40), name: "Brand.ttf"
            ).path
            #expect(
                throws: FontFilesError(
                    entry: file,
                    reason: "it is a \(kind) web font, whatever its name: convert it to TrueType or OpenType (.ttf, .otf)")
            ) { try FontFiles.expand([file], relativeTo: "/") }
        }
    }

    @Test func aPathWithANulByte_isRefused() throws {
        #expect(throws: FontFilesError(entry: FontFilesTests.regular + "\0.txt", reason: "the path contains a NUL character")) {
            try FontFiles.expand([FontFilesTests.regular + "\0.txt"], relativeTo: "/")
        }
    }

    /// The header reader takes any bytes: random and mutated headers are classified, never a crash,
    /// and a real font and collection are read as such.
    @Test func anyBytes_areClassified() throws {
        #expect(FontFileHeader.read(FontFilesTests.regular) == .font)
        #expect(FontFileHeader(Self.collection(faces: 10)) == .collection(faces: 10))
        #expect(FontFileHeader(Array("ttcf".utf8)) == .unknown)
        var generator = SystemRandomNumberGenerator()
        let seeds: [[UInt8]] = [Self.collection(faces: 3), Array("OTTO".utf8) + [0, 0], Array("wOF2".utf8), []]
        for _ in 0..<20_000 {
            var bytes = seeds.randomElement(using: &generator) ?? []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                if bytes.isEmpty || Bool.random(using: &generator) {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                } else {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            let header = FontFileHeader(Array(bytes.prefix(Int.random(in: 0...16, using: &generator))))
            if case .collection(let faces) = header { #expect(faces >= 0 && faces <= Int(UInt32.max)) }
        }
    }
}
