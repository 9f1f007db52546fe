import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SeeMore

/// The counter `check --jobs N` workers claim cases from.
@Suite struct CaseClaimsTests {
    /// Claims taken in turn through two mappings of one counter: chunks of `CaseClaims.chunk` from the
    /// start, the last one short, every case once, then nothing.
    @Test func claimsInTurn_coverEveryCaseOnce() throws {
        let parent = try #require(CaseClaims())
        let descriptor = try #require(parent.descriptor)
        let workers = [try #require(CaseClaims(sharedAs: descriptor)), try #require(CaseClaims(sharedAs: descriptor))]
        var claimed: [Int] = []
        var turn = 0
        while let chunk = workers[turn % 2].next(of: 21) {
            #expect(chunk.lowerBound % CaseClaims.chunk == 0)
            #expect(chunk.count == CaseClaims.chunk || chunk.upperBound == 21)
            claimed += chunk
            turn += 1
        }
        #expect(claimed == Array(0..<21))
        #expect(turn == 3)
        #expect(workers[0].next(of: 21) == nil)
        #expect(parent.next(of: 21) == nil)
    }

    /// Four threads claiming at once, each through its own mapping, never get the same case twice.
    @Test func claimsAtOnce_neverOverlap() throws {
        let parent = try #require(CaseClaims())
        let descriptor = try #require(parent.descriptor)
        let cases = 10_000
        let mappings = try (0..<4).map { _ in try #require(CaseClaims(sharedAs: descriptor)) }
        let counts = Mutex([Int](repeating: 0, count: cases))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var mine: [Int] = []
            while let chunk = mappings[worker].next(of: cases) { mine += chunk }
            counts.withLock { for index in mine { $0[index] += 1 } }
        }
        #expect(counts.withLock { $0.allSatisfy { $0 == 1 } })
    }

    /// What is no shared counter is refused: a closed descriptor, a file open for reading only, a file
    /// of another size.
    @Test func somethingElse_isNoCounter() throws {
        #expect(CaseClaims(sharedAs: -1) == nil)
        let folder = try BinaryRunner.temporaryFolder()
        let path = folder.appendingPathComponent("eight").path
        try Data(count: 8).write(to: URL(fileURLWithPath: path))
        let readOnly = open(path, O_RDONLY)
        defer { close(readOnly) }
        #expect(CaseClaims(sharedAs: readOnly) == nil)
        try Data(count: 9).write(to: URL(fileURLWithPath: path))
        let nine = open(path, O_RDWR)
        defer { close(nine) }
        #expect(CaseClaims(sharedAs: nine) == nil)
    }
}
