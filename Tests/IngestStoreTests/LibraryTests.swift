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
        let oldest = try library.locked { store in try store.connection.query("SELECT id FROM documents ORDER BY rowid LIMIT \(Library.bucketCap)") }
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
        let largest = Dictionary(grouping: library.indexedBands(), by: { $0[0] }).values.map(\.count).max()
        XCTAssertEqual(largest, Library.bucketCap)
        let candidates = library.locked { store in store.candidates(of: query) }
        XCTAssertEqual(candidates.count, 1 + Library.singleBandBudget)
        XCTAssertTrue(candidates.contains(1), "the near-duplicate, sharing most bands, is always a candidate")
        XCTAssertTrue(candidates.contains(2), "a single band shared by no other entry comes first")
        XCTAssertFalse(candidates.contains { (3...Int64(2 + Library.bucketCap * 2)).contains($0) }, "a crowded band comes last")
        // With a threshold, the signatures let go first what cannot reach it (no row read): here
        // all but the near-duplicate, which shares most bands.
        XCTAssertEqual(library.locked { store in store.candidates(of: query, threshold: 0.5) }, [1])
        XCTAssertEqual(try library.nearDuplicateList(of: query, threshold: 0.8).map(\.id), ["near"])
        // Under the budget, every entry sharing a band is a candidate; of a band shared by more
        // than a bucket keeps, the oldest are.
        let small = try Library(path: dir.url.appendingPathComponent("small.sqlite").path)
        for i in 0..<Library.singleBandBudget { XCTAssertNil(try small.claim(entry("t\(i)", fingerprint: "t\(i)", sketch: sharing([0])))) }
        XCTAssertNil(try small.claim(entry("unrelated", fingerprint: "u", sketch: random())))
        XCTAssertEqual(small.locked { store in store.candidates(of: query) }.sorted(), Array(1...Int64(Library.singleBandBudget)))
        let common = try Library(path: dir.url.appendingPathComponent("common.sqlite").path)
        for i in 0..<(Library.bucketCap + 10) {
            XCTAssertNil(try common.claim(entry("c\(i)", fingerprint: "c\(i)", sketch: sharing([0, 1]))))
        }
        XCTAssertEqual(common.locked { store in store.candidates(of: query) }.sorted(), Array(1...Int64(Library.bucketCap)))
        // A kept entry released: its place goes to the next document indexed, not to an older one.
        try common.release(id: "c0")
        XCTAssertNil(try common.claim(entry("late", fingerprint: "l", sketch: sharing([0, 1]))))
        XCTAssertEqual(common.locked { store in store.candidates(of: query) }.sorted(),
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
        func bandRows() -> Int { library.indexedBands().count }
        XCTAssertNil(try library.claim(entry("a", fingerprint: "f1", sketch: v1)))
        XCTAssertEqual(try other.nearDuplicateList(of: v1, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(bandRows(), SketchBands.keys(v1).count)
        try library.supersede(entry("a", fingerprint: "f2", sketch: v2))
        XCTAssertTrue(try other.nearDuplicateList(of: v1, threshold: 0.8).isEmpty)
        XCTAssertEqual(try other.nearDuplicateList(of: v2, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(bandRows(), SketchBands.keys(v2).count)
        try library.record(entry("a", fingerprint: "f3", sketch: v1), sources: [])   // the row replaced
        XCTAssertEqual(try other.nearDuplicateList(of: v1, threshold: 0.8).map(\.id), ["a"])
        XCTAssertEqual(bandRows(), SketchBands.keys(v1).count)
        try other.release(id: "a")
        XCTAssertTrue(try library.nearDuplicateList(of: v1, threshold: 0.5).isEmpty)
        XCTAssertEqual(bandRows(), 0)
    }

    /// A library whose index was a table of its SQLite file (layout 1) gets its band table when
    /// it is opened — its buckets capped as inserts cap them — and loses the old table.
    func testIndexIsBuiltForALibraryOfTheEarlierLayout() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let sketch = Fingerprinter.sketch(String(repeating: "les ondes sonores se propagent dans l air ", count: 20))
        do {
            let library = try Library(path: path)
            for i in 0..<(Library.bucketCap + 3) { XCTAssertNil(try library.claim(entry("a\(i)", fingerprint: "f\(i)", sketch: sketch))) }
            try library.locked { store in
                try store.connection.execute("""
                    CREATE TABLE sketch_bands (band INTEGER NOT NULL, document INTEGER NOT NULL, PRIMARY KEY (band, document)) WITHOUT ROWID;
                    DROP TABLE sketch_index; PRAGMA user_version = 1
                    """)
            }
        }
        try FileManager.default.removeItem(atPath: Library.bandTablePath(path))
        let reopened = try Library(path: path)
        XCTAssertEqual(try reopened.nearDuplicateList(of: sketch, threshold: 0.8).map(\.id), (0..<Library.bucketCap).map { "a\($0)" })
        try reopened.locked { store in
            XCTAssertEqual(try store.connection.query("PRAGMA user_version").first?.first?.int, Library.sketchIndexVersion)
            XCTAssertTrue(try store.connection.query("SELECT name FROM sqlite_master WHERE name = 'sketch_bands'").isEmpty)
        }
    }

    /// A library of layout 2 that an older ingest has written to (it makes its `sketch_bands`
    /// table again and indexes there, bumping no stamp): the band table is built again on the next
    /// open, with the documents that version added, and that table dropped.
    func testDocumentsAnOlderVersionAddedAreIndexedOnTheNextOpen() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let sketches = (0..<2).map { Fingerprinter.sketch(DistinctText.chapter($0)) }
        do {
            let library = try Library(path: path)
            XCTAssertNil(try library.claim(entry("new", fingerprint: "f0", sketch: sketches[0])))
            // What the older version does: its table, then a row of its own (and bands only there).
            try library.locked { store in
                try store.connection.execute("""
                    CREATE TABLE IF NOT EXISTS sketch_bands (band INTEGER NOT NULL, document INTEGER NOT NULL, PRIMARY KEY (band, document)) WITHOUT ROWID
                    """)
                try store.connection.query("""
                    INSERT INTO documents (id, title, title_key, fingerprint, basis, sketch, source_name, created_at)
                    VALUES ('old', 'Titre', 'titre', 'f1', 'content', ?, 'old.txt', '2026-12-05T00:00:00Z')
                    """, [.blob(Library.encode(sketches[1]))])
            }
            XCTAssertTrue(try library.nearDuplicateList(of: sketches[1], threshold: 0.8).isEmpty)
        }
        let reopened = try Library(path: path)
        XCTAssertEqual(try reopened.nearDuplicateList(of: sketches[1], threshold: 0.8).map(\.id), ["old"])
        XCTAssertEqual(try reopened.nearDuplicateList(of: sketches[0], threshold: 0.8).map(\.id), ["new"])
        XCTAssertTrue(try reopened.locked { store in try store.connection.query("SELECT 1 FROM sqlite_master WHERE name = 'sketch_bands'") }.isEmpty)
    }

    /// Sketches sharing bands at random (seeded), claimed, superseded and released: the band table
    /// built again from the library holds what the one kept up as they went holds.
    func testRebuiltBandTableHoldsWhatTheOneKeptUpHolds() throws {
        for seed in [UInt64(1), 2, 3] {
            var rng = SeededGenerator(seed: seed)
            let pool = (0..<6).map { _ in (0..<SketchBands.bins).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) } }
            // Each band of each sketch taken from one of six shared sketches, or its own.
            func sketch() -> [UInt32] {
                var s = (0..<SketchBands.bins).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) }
                for band in 0..<(SketchBands.bins / SketchBands.rowsPerBand) where Int.random(in: 0..<3, using: &rng) > 0 {
                    let from = pool[Int.random(in: 0..<pool.count, using: &rng)]
                    for k in band * SketchBands.rowsPerBand..<(band + 1) * SketchBands.rowsPerBand { s[k] = from[k] }
                }
                return s
            }
            let path = dir.url.appendingPathComponent("lib\(seed).sqlite").path
            let library = try Library(path: path)
            let sketches = (0..<150).map { _ in sketch() }
            for (i, s) in sketches.enumerated() {
                XCTAssertNil(try library.claim(entry("d\(i)", fingerprint: "f\(i)", sketch: s)))
            }
            // Released and superseded documents leave room that later ones do not take in order
            // (a rebuild gives it to the oldest): only documents added last are let go here.
            for i in 140..<150 where i % 2 == 0 { try library.release(id: "d\(i)") }
            try library.supersede(entry("d149", fingerprint: "f149b", sketch: sketches[149].map { $0 ^ 1 }))
            let kept = library.indexedBands()
            XCTAssertGreaterThan(library.locked { $0.bands.slotCount }, 1 << BandTable.smallestLog2, "seed \(seed): the table grew")
            try FileManager.default.removeItem(atPath: Library.bandTablePath(path))
            let rebuilt = try Library(path: path)
            XCTAssertEqual(rebuilt.indexedBands(), kept, "seed \(seed)")
            for s in sketches.prefix(20) {
                XCTAssertEqual(try rebuilt.nearDuplicateList(of: s, threshold: 0.1).map(\.id),
                               try library.nearDuplicateList(of: s, threshold: 0.1).map(\.id), "seed \(seed)")
            }
        }
    }

    /// The band table is built again whenever it does not match the library: gone, cut short,
    /// another library's, or an older copy (band edits it never saw); a table that matches is
    /// used as it is, not rewritten.
    func testBandTableThatDoesNotMatchTheLibraryIsBuiltAgain() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path, table = Library.bandTablePath(path)
        let sketches = (0..<5).map { Fingerprinter.sketch(DistinctText.chapter($0)) }
        let library = try Library(path: path)
        for (i, s) in sketches.prefix(4).enumerated() { XCTAssertNil(try library.claim(entry("d\(i)", fingerprint: "f\(i)", sketch: s))) }
        let expected = library.indexedBands()
        func inode() throws -> UInt64 { (try FileManager.default.attributesOfItem(atPath: table)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0 }
        func reopened() throws -> Library {
            let l = try Library(path: path)
            XCTAssertEqual(l.indexedBands(), expected)
            XCTAssertEqual(try l.nearDuplicateList(of: sketches[3], threshold: 0.8).map(\.id), ["d3"])
            return l
        }
        let before = try inode()
        _ = try reopened()
        XCTAssertEqual(try inode(), before, "a matching table is not rewritten")
        // Gone.
        try FileManager.default.removeItem(atPath: table)
        _ = try reopened()
        // Cut short.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: table))
        try handle.truncate(atOffset: 5000)
        try handle.close()
        _ = try reopened()
        // Garbage of the right size.
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: table)[.size] as? Int)
        try Data(repeating: 0x5A, count: size).write(to: URL(fileURLWithPath: table))
        _ = try reopened()
        // Another library's.
        let otherPath = dir.url.appendingPathComponent("other.sqlite").path
        let other = try Library(path: otherPath)
        XCTAssertNil(try other.claim(entry("x", fingerprint: "x", sketch: sketches[4])))
        try FileManager.default.removeItem(atPath: table)
        try FileManager.default.copyItem(atPath: Library.bandTablePath(otherPath), toPath: table)
        _ = try reopened()
        // An older copy: the library has had band edits since (a document claimed, then released).
        let old = dir.url.appendingPathComponent("old-bands").path
        try FileManager.default.copyItem(atPath: table, toPath: old)
        let current = try reopened()
        XCTAssertNil(try current.claim(entry("d4", fingerprint: "f4", sketch: sketches[4])))
        try current.release(id: "d4")
        XCTAssertEqual(current.indexedBands(), expected)
        try FileManager.default.removeItem(atPath: table)
        try FileManager.default.copyItem(atPath: old, toPath: table)
        let stale = try inode()
        _ = try reopened()
        XCTAssertNotEqual(try inode(), stale, "an older copy is built again")
    }

    /// A write transaction that fails after editing the band table leaves it as it was (its edits
    /// undone with the rollback, the library's count of band edits and the table's still equal).
    func testFailedTransactionLeavesTheBandTableAsItWas() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let library = try Library(path: path)
        let sketches = (0..<3).map { Fingerprinter.sketch(DistinctText.chapter($0)) }
        XCTAssertNil(try library.claim(entry("a", fingerprint: "fa", sketch: sketches[0])))
        let before = library.indexedBands()
        try library.locked { store in
            try store.connection.execute("CREATE TEMP TRIGGER refuse BEFORE INSERT ON revisions BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        // A new row with its bands, then the revision refused: all of it rolled back.
        XCTAssertThrowsError(try library.record(entry("b", fingerprint: "fb", sketch: sketches[1]), sources: [("s", "1", "t")]))
        // The row replaced (bands removed, then added), then refused.
        XCTAssertThrowsError(try library.record(entry("a", fingerprint: "fa2", sketch: sketches[2]), sources: [("s", "1", "t")]))
        XCTAssertEqual(library.indexedBands(), before)
        // Signatures too: the kept one as it was, none for the rowids the failed rows took.
        XCTAssertEqual(library.locked { $0.bands.signature(of: 1) }, SketchSignature(sketches[0]))
        XCTAssertNil(library.locked { $0.bands.signature(of: 2) })
        XCTAssertNil(library.locked { $0.bands.signature(of: 3) })
        XCTAssertEqual(try library.nearDuplicateList(of: sketches[0], threshold: 0.8).map(\.id), ["a"])
        XCTAssertTrue(try library.nearDuplicateList(of: sketches[1], threshold: 0.5).isEmpty)
        let stamp = try library.locked { store in try store.connection.query("SELECT stamp FROM sketch_index").first?.first?.int }
        XCTAssertEqual(stamp, library.locked { $0.bands.stamp })
    }

    /// Two libraries on one file (two workers): as one grows the band table (a new file in its
    /// place), the other follows it, for look-ups and for its own writes.
    func testAGrownBandTableIsFollowedByEveryConnection() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let first = try Library(path: path), second = try Library(path: path)
        let startSlots = second.locked { $0.bands.slotCount }
        var sketches: [[UInt32]] = []
        for i in 0..<200 {
            let s = Fingerprinter.sketch(DistinctText.chapter(i))
            sketches.append(s)
            let writer = i % 3 == 0 ? second : first
            XCTAssertNil(try writer.claim(entry("d\(i)", fingerprint: "f\(i)", sketch: s)))
            let reader = writer === first ? second : first
            XCTAssertEqual(try reader.nearDuplicateList(of: s, threshold: 0.8).first?.id, "d\(i)", "document \(i)")
        }
        XCTAssertGreaterThan(first.locked { $0.bands.slotCount }, startSlots)
        XCTAssertEqual(first.indexedBands(), second.indexedBands())
        XCTAssertEqual(first.locked { $0.bands.slotCount }, second.locked { $0.bands.slotCount })
        // Nothing was lost to a write into a replaced file: a rebuild gives the same table.
        try FileManager.default.removeItem(atPath: Library.bandTablePath(path))
        XCTAssertEqual(try Library(path: path).indexedBands(), first.indexedBands())
    }

    /// Two connections (two workers) claiming at the same time, the table growing under both:
    /// every document is found by either, and nothing was written into a replaced file.
    func testConcurrentClaimsThroughGrowthsLoseNoBand() throws {
        let path = dir.url.appendingPathComponent("lib.sqlite").path
        let libraries = [try Library(path: path), try Library(path: path)]
        let sketches = (0..<240).map { Fingerprinter.sketch(DistinctText.chapter($0)) }
        let entries = sketches.enumerated().map { entry("d\($0.offset)", fingerprint: "f\($0.offset)", sketch: $0.element) }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: entries.count, by: 2) {
                if (try? libraries[worker].claim(entries[i])) != .some(nil) { failures.add() }
            }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertGreaterThan(libraries[0].locked { $0.bands.slotCount }, 1 << BandTable.smallestLog2)
        for (i, s) in sketches.enumerated() {
            for library in libraries {
                XCTAssertEqual(try library.nearDuplicateList(of: s, threshold: 0.8).first?.id, "d\(i)")
            }
        }
        let kept = libraries[0].indexedBands()
        XCTAssertEqual(libraries[1].indexedBands(), kept)
        try FileManager.default.removeItem(atPath: Library.bandTablePath(path))
        XCTAssertEqual(try Library(path: path).indexedBands().count, kept.count)
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
