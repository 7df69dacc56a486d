import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestStore

final class LibraryTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("library") }
    override func tearDown() { dir.remove() }

    func entry(_ id: String, fingerprint: String, title: String = "Titre", sketch: [UInt32] = []) -> LibraryEntry {
        LibraryEntry(id: id, title: title, titleKey: ContentKey.title(title), fingerprint: fingerprint, basis: .content,
                     sketch: sketch, sourceName: "\(id).txt", outputPath: "\(id).json")
    }

    func testFileDatabaseUsesWAL() throws {
        let library = try Library(path: dir.url.appendingPathComponent("sub/lib.sqlite").path)
        XCTAssertEqual(try library.journalMode(), "wal")
    }

    func testClaimIsExclusiveAndSurvivesReopening() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        do {
            let library = try Library(path: path)
            XCTAssertNil(try library.claim(entry("a", fingerprint: "f1")))
            XCTAssertEqual(try library.claim(entry("b", fingerprint: "f1"))?.id, "a")
            XCTAssertNil(try library.claim(entry("c", fingerprint: "f2")))
            try library.release(id: "c")
            XCTAssertNil(try library.claim(entry("c", fingerprint: "f2")))
        }
        let reopened = try Library(path: path)
        XCTAssertEqual(try reopened.document(withFingerprint: "f1")?.id, "a")
        XCTAssertEqual(try reopened.documentCount(), 2)
    }

    func testConcurrentClaimsOfTheSameContentYieldOneDocument() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        let winners = Counter()
        let entries = (0..<16).map { entry("id\($0)", fingerprint: "same") }
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            if (try? library.claim(entries[i])) == .some(nil) { winners.add() }
        }
        XCTAssertEqual(winners.value, 1)
    }

    func testSourceStatesAndTitles() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        let e = entry("a", fingerprint: "f1", title: "Chapitre 1")
        try library.record(e, sources: [("sha", "1", "out\na.json")])
        XCTAssertEqual(try library.sourceState(sha256: "sha", pipelineVersion: "1", target: "out\na.json")?.status, .done)
        XCTAssertNil(try library.sourceState(sha256: "sha", pipelineVersion: "2", target: "out\na.json"))
        XCTAssertEqual(try library.documents(withTitleKey: "chapitre 1").map(\.id), ["a"])
    }

    func testNearDuplicatesBySketch() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        let text = String(repeating: "la cellule est l unite du vivant elle contient un noyau ", count: 20)
        let sketch = Fingerprinter.sketch(text)
        try library.record(entry("a", fingerprint: "f1", sketch: sketch), sources: [])
        let noisy = Fingerprinter.sketch(text.replacingOccurrences(of: "noyau", with: "noyan"))
        let found = try library.nearDuplicates(of: noisy, threshold: 0.5)
        XCTAssertEqual(found.first?.0.id, "a")
        XCTAssertEqual(found.first?.0.sketch, sketch)
        XCTAssertTrue(try library.nearDuplicates(of: Fingerprinter.sketch("un tout autre texte sur la revolution francaise de 1789"), threshold: 0.5).isEmpty)
    }

    /// The index scores candidates from its flat buffer, sixteen bins at a time: exactly the
    /// similarity `Fingerprinter` defines, empty bins included.
    func testIndexSimilarityMatchesFingerprinter() {
        var rng = SeededGenerator(seed: 0x5e7)
        var index = SketchIndex()
        var sketches: [[UInt32]] = []
        for i in 0..<60 {
            let count = i % 10 == 9 ? 20 : Fingerprinter.sketchSize
            let sketch = (0..<count).map { _ -> UInt32 in
                Int.random(in: 0..<4, using: &rng) == 0 ? .max : UInt32.random(in: 0..<3, using: &rng)
            }
            sketches.append(sketch)
            index.insert(entry("e\(i)", fingerprint: "f\(i)", sketch: sketch))
        }
        for query in sketches + [[UInt32](repeating: .max, count: Fingerprinter.sketchSize)] {
            for (position, stored) in sketches.enumerated() {
                XCTAssertEqual(index.similarity(query, at: position), Fingerprinter.similarity(query, stored))
            }
        }
    }

    /// `record` after a successful `claim` keeps the row the claim wrote and adds the source.
    func testRecordAfterClaimKeepsTheClaimedRow() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        let e = entry("a", fingerprint: "f1", title: "Chapitre 1")
        XCTAssertNil(try library.claim(e))
        try library.record(e, sources: [("sha", "1", "t")], claimed: true)
        XCTAssertEqual(try library.documentCount(), 1)
        XCTAssertEqual(try library.document(withFingerprint: "f1"), e)
        XCTAssertEqual(try library.sourceState(sha256: "sha", pipelineVersion: "1", target: "t")?.documentID, "a")
    }

    /// Claims and near-duplicate look-ups from several threads at once (the index has its own
    /// lock): every claimed document ends up found, once, most similar first.
    func testConcurrentClaimsAndLookUps() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        let text = String(repeating: "la cellule est l unite du vivant elle contient un noyau ", count: 20)
        let sketch = Fingerprinter.sketch(text)
        let entries = (0..<16).map { entry("id\($0)", fingerprint: "f\($0)", sketch: sketch) }
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            _ = try? library.nearDuplicateList(of: sketch, threshold: 0.5)
            _ = try? library.claim(entries[i])
            _ = try? library.nearDuplicateList(of: sketch, threshold: 0.5, excluding: "id\(i)")
        }
        let found = try library.nearDuplicateList(of: sketch, threshold: 0.5, excluding: "id3")
        XCTAssertEqual(Set(found.map(\.id)), Set((0..<16).filter { $0 != 3 }.map { "id\($0)" }))
        XCTAssertEqual(found.count, 15)
        XCTAssertTrue(found.allSatisfy { $0.similarity == 1 && $0.sourceName == "\($0.id).txt" })
        XCTAssertEqual(try library.nearDuplicates(of: sketch, threshold: 0.5).map(\.0.id).sorted(),
                       (0..<16).map { "id\($0)" }.sorted())
    }

    /// With a limit, the most similar near-duplicates are kept, in decreasing similarity.
    func testNearDuplicateListKeepsTheMostSimilar() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        var words = (0..<400).map { "mot\($0)" }
        let base = Fingerprinter.sketch(words.joined(separator: " "))
        for i in 0..<8 {
            // Version i changes i×8 words of 400: less similar as i grows.
            for w in 0..<(i * 8) { words[w * 7 % 400] = "autre\(i)x\(w)" }
            XCTAssertNil(try library.claim(entry("v\(i)", fingerprint: "f\(i)", sketch: Fingerprinter.sketch(words.joined(separator: " ")))))
            words = (0..<400).map { "mot\($0)" }
        }
        let all = try library.nearDuplicateList(of: base, threshold: 0.3)
        XCTAssertEqual(all.count, 8)
        XCTAssertEqual(all.map(\.similarity), all.map(\.similarity).sorted(by: >))
        let top = try library.nearDuplicateList(of: base, threshold: 0.3, limit: 3)
        XCTAssertEqual(top.map(\.id), Array(all.prefix(3)).map(\.id))
        XCTAssertEqual(top.first?.id, "v0")
        XCTAssertEqual(try library.nearDuplicateList(of: base, threshold: 0.3, limit: 0).count, 0)
    }

    /// In a large library, entries sharing a single band with the query (same-language texts
    /// share common shingles) are scored only up to a budget, the newest first; every entry
    /// sharing two bands or more is scored, however old: the near-duplicate is still found.
    func testSingleBandCandidatesAreBoundedAndNearDuplicatesStillFound() {
        var rng = SeededGenerator(seed: 0xBA5D)
        func random() -> [UInt32] { (0..<Fingerprinter.sketchSize).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) } }
        let query = random()
        var index = SketchIndex()
        var near = query
        for i in stride(from: 0, to: near.count, by: 10) { near[i] = UInt32.random(in: 0..<UInt32.max, using: &rng) }
        index.insert(entry("near", fingerprint: "n", sketch: near))   // the oldest entry
        let singles = SketchIndex.singleBandBudget + 300
        for i in 0..<singles {
            var s = random()
            let band = i % 32 * SketchIndex.rowsPerBand
            for k in band..<band + SketchIndex.rowsPerBand { s[k] = query[k] }   // one band in common
            index.insert(entry("s\(i)", fingerprint: "f\(i)", sketch: s))
        }
        for i in 0..<50 { index.insert(entry("other\(i)", fingerprint: "o\(i)", sketch: random())) }
        let candidates = index.candidatePositions(of: query)
        XCTAssertEqual(candidates, candidates.sorted())
        XCTAssertEqual(candidates.count, 1 + SketchIndex.singleBandBudget)
        XCTAssertEqual(candidates.first, 0, "the near-duplicate, sharing most bands, is always a candidate")
        XCTAssertEqual(candidates.last, singles, "the newest single-band entries are kept")
        let hits = index.hits(of: query, threshold: 0.8, excluding: nil)
        XCTAssertEqual(hits.map(\.position), [0])
        // Under the budget, every entry sharing a band is a candidate.
        var small = SketchIndex()
        for i in 0..<20 {
            var s = random()
            for k in 0..<SketchIndex.rowsPerBand { s[k] = query[k] }
            small.insert(entry("t\(i)", fingerprint: "t\(i)", sketch: s))
        }
        small.insert(entry("unrelated", fingerprint: "u", sketch: random()))
        XCTAssertEqual(small.candidatePositions(of: query), Array(0..<20))
    }

    func testUnopenableLibraryIsANamedError() {
        XCTAssertThrowsError(try Library(path: "/proc/no/such/dir/lib.sqlite")) {
            XCTAssertEqual(($0 as? IngestError)?.code, .libraryUnavailable)
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var value = 0
    func add() { lock.lock(); value += 1; lock.unlock() }
}

extension LibraryTests {
    /// A delivery on record keeps its status when the same document is recorded again (nothing
    /// delivered twice); a newer revision supersedes an older one still pending.
    func testDeliveriesAreRecordedOnceAndNewerRevisionsSupersedeOlderOnes() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        func pending(_ revision: Int) -> PendingDelivery {
            PendingDelivery(key: "a.r\(revision)", documentID: "a", revision: revision, outputDirectory: "/out", outputPath: "a.json")
        }
        try library.record(entry("a", fingerprint: "f1"), sources: [("s1", "v", "t")], delivery: pending(1))
        XCTAssertEqual(try library.deliveries([.pending]).map(\.key), ["a.r1"])
        try library.updateDelivery(key: "a.r1", status: .delivered, addingAttempts: 2, error: nil, sink: "http://x")
        try library.addPendingDelivery(pending(1))
        XCTAssertEqual(try library.delivery(key: "a.r1")?.status, .delivered)
        XCTAssertEqual(try library.delivery(key: "a.r1")?.attempts, 2)
        // Delivered stays delivered, whatever a later attempt elsewhere reports.
        try library.updateDelivery(key: "a.r1", status: .pending, addingAttempts: 1, error: "timeout", sink: nil)
        XCTAssertEqual(try library.delivery(key: "a.r1")?.status, .delivered)
        try library.addPendingDelivery(pending(2))
        try library.addPendingDelivery(pending(3))
        XCTAssertEqual(try library.delivery(key: "a.r2")?.status, .superseded)
        XCTAssertEqual(try library.deliveries([.pending], outputDirectory: "/out").map(\.key), ["a.r3"])
        XCTAssertEqual(try library.deliveries([.pending], outputDirectory: "/elsewhere"), [])
        XCTAssertEqual(try library.deliveryCounts(), [.delivered: 1, .superseded: 1, .pending: 1])
    }
}
