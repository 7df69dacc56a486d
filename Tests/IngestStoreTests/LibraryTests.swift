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
        let found = try library.nearDuplicateList(of: noisy, threshold: 0.5)
        XCTAssertEqual(found.map(\.id), ["a"])
        XCTAssertEqual(found.first?.similarity, Fingerprinter.similarity(noisy, sketch))
        XCTAssertEqual(found.first?.sourceName, "a.txt")
        XCTAssertEqual(found.first?.outputPath, "a.json")
        XCTAssertTrue(try library.nearDuplicateList(of: Fingerprinter.sketch("un tout autre texte sur la revolution francaise de 1789"), threshold: 0.5).isEmpty)
        XCTAssertTrue(try library.nearDuplicateList(of: noisy, threshold: 0.5, excluding: "a").isEmpty)
    }

    /// Candidates are scored in place from the stored blob, sixteen bins at a time: exactly the
    /// overlap `SketchOverlap` defines, empty bins and odd sizes included.
    func testStoredOverlapMatchesSketchOverlap() {
        var rng = SeededGenerator(seed: 0x5e7)
        var sketches: [[UInt32]] = []
        for i in 0..<60 {
            let count = i % 10 == 9 ? 20 : (i % 10 == 8 ? SketchBands.bins : Fingerprinter.sketchSize)
            sketches.append((0..<count).map { _ -> UInt32 in
                Int.random(in: 0..<4, using: &rng) == 0 ? .max : UInt32.random(in: 0..<3, using: &rng)
            })
        }
        for query in sketches + [[UInt32](repeating: .max, count: Fingerprinter.sketchSize)] {
            for stored in sketches {
                let overlap = Library.encode(stored).withUnsafeBytes { SketchBands.overlap(query, stored: $0) }
                XCTAssertEqual(overlap, SketchOverlap(query, stored))
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

    /// Claims and near-duplicate look-ups from several threads at once: every claimed document is
    /// recorded once, and the same text claimed 16 times is found in the first `bucketCap` of them
    /// (the buckets they fill keep their oldest), most similar first.
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
        XCTAssertEqual(try library.documentCount(), 16)
        let oldest = try library.locked { try library.connection.query("SELECT id FROM documents ORDER BY rowid LIMIT \(Library.bucketCap)") }
            .compactMap { $0.first?.text }
        let found = try library.nearDuplicateList(of: sketch, threshold: 0.5)
        XCTAssertEqual(found.map(\.id), oldest)
        XCTAssertTrue(found.allSatisfy { $0.similarity == 1 && $0.sourceName == "\($0.id).txt" })
        XCTAssertEqual(try library.nearDuplicateList(of: sketch, threshold: 0.5, excluding: oldest[1]).map(\.id),
                       oldest.filter { $0 != oldest[1] })
    }

    /// With a limit, the most similar near-duplicates are kept, in decreasing similarity. (As many
    /// versions as a band's bucket keeps: the bands no version changed are shared by all of them.)
    func testNearDuplicateListKeepsTheMostSimilar() throws {
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        var words = (0..<400).map { "mot\($0)" }
        let base = Fingerprinter.sketch(words.joined(separator: " "))
        for i in 0..<Library.bucketCap {
            // Version i changes i×16 words of 400: less similar as i grows.
            for w in 0..<(i * 16) { words[w * 7 % 400] = "autre\(i)x\(w)" }
            XCTAssertNil(try library.claim(entry("v\(i)", fingerprint: "f\(i)", sketch: Fingerprinter.sketch(words.joined(separator: " ")))))
            words = (0..<400).map { "mot\($0)" }
        }
        let all = try library.nearDuplicateList(of: base, threshold: 0.3)
        XCTAssertEqual(all.count, Library.bucketCap)
        XCTAssertEqual(all.map(\.similarity), all.map(\.similarity).sorted(by: >))
        let top = try library.nearDuplicateList(of: base, threshold: 0.3, limit: 3)
        XCTAssertEqual(top.map(\.id), Array(all.prefix(3)).map(\.id))
        XCTAssertEqual(top.first?.id, "v0")
        XCTAssertEqual(try library.nearDuplicateList(of: base, threshold: 0.3, limit: 0).count, 0)
    }

    /// In a large library, a band's bucket keeps its oldest `bucketCap` entries and no more;
    /// entries sharing a single band with the query (same-language texts share common shingles)
    /// are scored only up to a budget, from the rarest bands first; every entry read in two bands
    /// or more is scored, however many newer ones share them: the near-duplicate is still found.
    func testCandidatesAreBoundedAndNearDuplicatesStillFound() throws {
        var rng = SeededGenerator(seed: 0xBA5D)
        // Sketches of as many bins as the bands are cut from (a larger one is folded first).
        func random() -> [UInt32] { (0..<SketchBands.bins).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) } }
        let query = random()
        func sharing(_ bands: [Int]) -> [UInt32] {
            var s = random()
            for band in bands { for k in band * SketchBands.rowsPerBand..<(band + 1) * SketchBands.rowsPerBand { s[k] = query[k] } }
            return s
        }
        let library = try Library(path: dir.url.appendingPathComponent("lib.sqlite").path)
        // The oldest entry: every bin but one in ten the query's (bands 0, 2, 5, 7… differ).
        var near = query
        for i in stride(from: 0, to: near.count, by: 10) { near[i] = UInt32.random(in: 0..<UInt32.max, using: &rng) }
        XCTAssertNil(try library.claim(entry("near", fingerprint: "n", sketch: near)))
        // Old too, but alone in sharing band 0 with the query: the rarest band.
        XCTAssertNil(try library.claim(entry("rare", fingerprint: "r", sketch: sharing([0]))))
        // Band 1, which the near-duplicate shares, is crowded: more entries than a bucket keeps.
        // The others it shares have ten entries each.
        for i in 0..<(Library.bucketCap * 2) {
            XCTAssertNil(try library.claim(entry("crowd\(i)", fingerprint: "c\(i)", sketch: sharing([1]))))
        }
        for i in 0..<300 {
            XCTAssertNil(try library.claim(entry("s\(i)", fingerprint: "f\(i)", sketch: sharing([2 + i % 30]))))
        }
        for i in 0..<50 { XCTAssertNil(try library.claim(entry("other\(i)", fingerprint: "o\(i)", sketch: random()))) }
        let largest = try library.locked {
            try library.connection.query("SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM sketch_bands GROUP BY band)")
        }
        XCTAssertEqual(largest.first?.first?.int, Int64(Library.bucketCap))
        let candidates = try library.locked { try library.candidates(of: query) }
        XCTAssertEqual(candidates.count, 1 + Library.singleBandBudget)
        XCTAssertTrue(candidates.contains(1), "the near-duplicate, sharing most bands, is always a candidate")
        XCTAssertTrue(candidates.contains(2), "a single band shared by no other entry comes first")
        XCTAssertFalse(candidates.contains { (3...Int64(2 + Library.bucketCap * 2)).contains($0) }, "a crowded band comes last")
        XCTAssertEqual(try library.nearDuplicateList(of: query, threshold: 0.8).map(\.id), ["near"])
        // Under the budget, every entry sharing a band is a candidate; of a band shared by more
        // than a bucket keeps, the oldest are.
        let small = try Library(path: dir.url.appendingPathComponent("small.sqlite").path)
        for i in 0..<Library.singleBandBudget { XCTAssertNil(try small.claim(entry("t\(i)", fingerprint: "t\(i)", sketch: sharing([0])))) }
        XCTAssertNil(try small.claim(entry("unrelated", fingerprint: "u", sketch: random())))
        XCTAssertEqual(try small.locked { try small.candidates(of: query) }.sorted(), Array(1...Int64(Library.singleBandBudget)))
        let common = try Library(path: dir.url.appendingPathComponent("common.sqlite").path)
        for i in 0..<(Library.bucketCap + 10) {
            XCTAssertNil(try common.claim(entry("c\(i)", fingerprint: "c\(i)", sketch: sharing([0, 1]))))
        }
        XCTAssertEqual(try common.locked { try common.candidates(of: query) }.sorted(), Array(1...Int64(Library.bucketCap)))
        // A kept entry released: its place goes to the next document indexed, not to an older one.
        try common.release(id: "c0")
        XCTAssertNil(try common.claim(entry("late", fingerprint: "l", sketch: sharing([0, 1]))))
        XCTAssertEqual(try common.locked { try common.candidates(of: query) }.sorted(),
                       Array(2...Int64(Library.bucketCap)) + [Int64(Library.bucketCap + 11)])
    }

    /// The index follows the rows: a released claim, a superseded sketch, a replaced row leave no
    /// band behind, and another connection (another worker) finds a document as soon as it is
    /// claimed.
    func testIndexFollowsTheRowsAcrossConnections() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let library = try Library(path: path), other = try Library(path: path)
        let v1 = Fingerprinter.sketch(String(repeating: "les ondes sonores se propagent dans l air ", count: 20))
        let v2 = Fingerprinter.sketch(String(repeating: "la lumiere est une onde electromagnetique ", count: 20))
        func bandRows() throws -> Int { Int(try library.locked { try library.connection.query("SELECT COUNT(*) FROM sketch_bands") }.first?.first?.int ?? -1) }
        XCTAssertNil(try library.claim(entry("a", fingerprint: "f1", sketch: v1)))
        XCTAssertEqual(try other.nearDuplicateList(of: v1, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(try bandRows(), SketchBands.keys(v1).count)
        try library.supersede(entry("a", fingerprint: "f2", sketch: v2))
        XCTAssertTrue(try other.nearDuplicateList(of: v1, threshold: 0.8).isEmpty)
        XCTAssertEqual(try other.nearDuplicateList(of: v2, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(try bandRows(), SketchBands.keys(v2).count)
        try library.record(entry("a", fingerprint: "f3", sketch: v1), sources: [])   // the row replaced
        XCTAssertEqual(try other.nearDuplicateList(of: v1, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(try bandRows(), SketchBands.keys(v1).count)
        try other.release(id: "a")
        XCTAssertTrue(try library.nearDuplicateList(of: v1, threshold: 0.5).isEmpty)
        XCTAssertEqual(try bandRows(), 0)
    }

    /// A library written before the index was in the file (sketches only) gets its bands when it
    /// is opened, its buckets capped as inserts cap them.
    func testIndexIsBuiltForALibraryWrittenBefore() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let sketch = Fingerprinter.sketch(String(repeating: "les ondes sonores se propagent dans l air ", count: 20))
        do {
            let library = try Library(path: path)
            for i in 0..<(Library.bucketCap + 3) { XCTAssertNil(try library.claim(entry("a\(i)", fingerprint: "f\(i)", sketch: sketch))) }
            try library.locked {
                try library.connection.execute("DROP TABLE sketch_bands")
                try library.connection.execute("PRAGMA user_version = 0")
            }
        }
        let reopened = try Library(path: path)
        XCTAssertEqual(try reopened.nearDuplicateList(of: sketch, threshold: 0.8).map(\.id), (0..<Library.bucketCap).map { "a\($0)" })
        XCTAssertEqual(try reopened.locked { try reopened.connection.query("PRAGMA user_version") }.first?.first?.int,
                       Library.sketchIndexVersion)
    }

    /// A library indexed before buckets were capped (every document in every band) is not
    /// rewritten when opened, and answers every look-up as a capped one does (seeded: documents
    /// sharing bands with each other at random); a document added to it goes into no full bucket.
    func testUncappedIndexAnswersAsACappedOne() throws {
        for seed in [UInt64(1), 2, 3] {
            var rng = SeededGenerator(seed: seed)
            let pool = (0..<6).map { _ in (0..<SketchBands.bins).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) } }
            // Each band of each sketch taken from one of six shared sketches, or its own.
            let sketches: [[UInt32]] = (0..<60).map { _ in
                var s = (0..<SketchBands.bins).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) }
                for band in 0..<(SketchBands.bins / SketchBands.rowsPerBand) where Int.random(in: 0..<3, using: &rng) > 0 {
                    let from = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    for k in band * SketchBands.rowsPerBand..<(band + 1) * SketchBands.rowsPerBand { s[k] = from[k] }
                }
                return s
            }
            func rows(_ library: Library) throws -> [[Int64]] {
                try library.locked { try library.connection.query("SELECT band, document FROM sketch_bands ORDER BY band, document") }
                    .map { $0.compactMap(\.int) }
            }
            let capped = try Library(path: dir.url.appendingPathComponent("capped\(seed).sqlite").path)
            let oldPath = dir.url.appendingPathComponent("old\(seed).sqlite").path
            do {
                let old = try Library(path: oldPath)
                for (i, s) in sketches.enumerated() {
                    XCTAssertNil(try capped.claim(entry("d\(i)", fingerprint: "f\(i)", sketch: s)))
                    XCTAssertNil(try old.claim(entry("d\(i)", fingerprint: "f\(i)", sketch: s)))
                }
                // What layout 1 wrote: every band of every document.
                try old.locked {
                    for (i, s) in sketches.enumerated() {
                        for key in SketchBands.keys(s) {
                            try old.connection.query("INSERT OR IGNORE INTO sketch_bands (band, document) VALUES (?, ?)", [.int(key), .int(Int64(i + 1))])
                        }
                    }
                    try old.connection.execute("PRAGMA user_version = 1")
                }
                XCTAssertGreaterThan(try rows(old).count, try rows(capped).count, "seed \(seed): some buckets over the cap")
            }
            let before = try rows(Library(path: oldPath))
            let reopened = try Library(path: oldPath)
            XCTAssertEqual(try rows(reopened), before, "seed \(seed): not rewritten")
            for s in sketches {
                XCTAssertEqual(try reopened.locked { try reopened.candidates(of: s) }.sorted(),
                               try capped.locked { try capped.candidates(of: s) }.sorted(), "seed \(seed)")
                XCTAssertEqual(try reopened.nearDuplicateList(of: s, threshold: 0.1).map(\.id),
                               try capped.nearDuplicateList(of: s, threshold: 0.1).map(\.id), "seed \(seed)")
            }
            // One more document: indexed in the same bands in both (none into a full bucket).
            var extra = sketches[0]
            extra[0] &+= 1
            XCTAssertNil(try reopened.claim(entry("late", fingerprint: "late", sketch: extra)))
            XCTAssertNil(try capped.claim(entry("late", fingerprint: "late", sketch: extra)))
            XCTAssertEqual(Set(try rows(reopened)).subtracting(before), Set(try rows(capped)).subtracting(before), "seed \(seed)")
        }
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
