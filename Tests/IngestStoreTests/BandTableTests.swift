import Foundation
import IngestTestSupport
import XCTest
@testable import IngestStore

final class BandTableTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("bandtable") }
    override func tearDown() { dir.remove() }

    var path: String { dir.url.appendingPathComponent("lib.sqlite-bands").path }

    func documents(_ table: BandTable, _ key: Int64) -> [Int64] {
        var found: [Int64] = []
        table.documents(under: [key]) { found = Array($0) }
        return found.sorted()
    }

    /// Seeded inserts and removals, through several growths, against a plain model: every bucket
    /// holds what the model does (at most `cap`, the first come; a removal makes room again;
    /// an entry already there is not added twice), and a reader of the same file sees it all.
    func testEntriesFollowAModelThroughGrowth() throws {
        let cap = 4
        for seed in [UInt64(7), 8, 9] {
            var rng = SeededGenerator(seed: seed)
            var table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [], bucketCap: cap)
            var model: [Int64: [Int64]] = [:]
            // Few keys for many documents (crowded buckets), negative keys and keys of 32 bits.
            let keys: [Int64] = (0..<1_500).map { _ in Int64(Int32.random(in: .min ... .max, using: &rng)) } + [0, -1, Int64(Int32.max), Int64(Int32.min)]
            for step in 0..<20_000 {
                let key = keys[Int.random(in: 0..<(step % 7 == 0 ? 20 : keys.count), using: &rng)]
                let document = Int64.random(in: 1...3_000, using: &rng)
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    let there = model[key]?.contains(document) ?? false
                    XCTAssertEqual(table.remove(key: key, document: document), there)
                    model[key]?.removeAll { $0 == document }
                } else {
                    if !table.hasRoom { table = try table.grown(bucketCap: cap) }
                    let bucket = model[key] ?? []
                    let added = !bucket.contains(document) && bucket.count < cap
                    XCTAssertEqual(table.insert(key: key, document: document, bucketCap: cap), added, "seed \(seed) step \(step)")
                    if added { model[key, default: []].append(document) }
                }
            }
            XCTAssertGreaterThan(table.log2, BandTable.smallestLog2, "seed \(seed): grew")
            let reader = try XCTUnwrap(BandTable.open(path: path))
            for key in keys {
                XCTAssertEqual(documents(table, key), (model[key] ?? []).sorted(), "seed \(seed)")
                XCTAssertEqual(documents(reader, key), (model[key] ?? []).sorted(), "seed \(seed)")
            }
            XCTAssertEqual(table.entryCount, model.values.map(\.count).reduce(0, +))
            XCTAssertEqual(table.entries().count, table.entryCount)
            XCTAssertLessThanOrEqual(Double(table.usedSlots), Double(table.slotCount) * BandTable.largestLoad)
        }
    }

    /// A process reading the table sees each entry as soon as it is written; when the table is
    /// replaced by a larger one it sees the old one superseded, and the file at the path is the new.
    func testAReaderSeesWritesAtOnceAndAReplacedTableAsSuperseded() throws {
        let identity = UUID()
        let writer = try BandTable.build(path: path, identity: identity, stamp: 5, entries: [(1, 1)], bucketCap: 4)
        let reader = try XCTUnwrap(BandTable.open(path: path))
        XCTAssertEqual(reader.identity, identity)
        XCTAssertEqual(reader.stamp, 5)
        XCTAssertTrue(writer.insert(key: 42, document: 7, bucketCap: 4))
        XCTAssertEqual(documents(reader, 42), [7])
        XCTAssertTrue(writer.remove(key: 42, document: 7))
        XCTAssertEqual(documents(reader, 42), [])
        XCTAssertFalse(reader.isSuperseded)
        var key: Int64 = 100
        while writer.hasRoom { XCTAssertTrue(writer.insert(key: key, document: 3, bucketCap: 4)); key += 1 }
        let grown = try writer.grown(bucketCap: 4)
        XCTAssertEqual(grown.log2, writer.log2 + 1)
        XCTAssertTrue(reader.isSuperseded)
        XCTAssertFalse(writer.isCurrentFile)
        XCTAssertTrue(grown.isCurrentFile)
        let reopened = try XCTUnwrap(BandTable.open(path: path))
        XCTAssertFalse(reopened.isSuperseded)
        XCTAssertEqual(reopened.identity, identity)
        XCTAssertEqual(reopened.stamp, 5)
        XCTAssertEqual(documents(reopened, 1), [1])
        XCTAssertEqual(reopened.entries().count, writer.entryCount)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".new"))
    }

    /// What is not a whole table opens as none (the library then builds it again): no file, an
    /// empty or short one, another format, a size that is not its slot count's, a build cut short
    /// before its magic was written.
    func testWhatIsNotAWholeTableOpensAsNone() throws {
        XCTAssertNil(BandTable.open(path: path))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertNil(BandTable.open(path: path))
        let table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [(3, 9)], bucketCap: 4)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertNotNil(BandTable.open(path: path))
        for broken in [whole.prefix(100), whole.prefix(whole.count - 8), whole + Data(count: 8),
                       Data(repeating: 0xFF, count: whole.count), Data(count: 8) + whole.dropFirst(8)] {
            try broken.write(to: URL(fileURLWithPath: path))
            XCTAssertNil(BandTable.open(path: path), "\(broken.count) bytes")
        }
        // A log2 out of range with a matching size cannot make it map past the file.
        var huge = whole
        huge.replaceSubrange(8..<16, with: withUnsafeBytes(of: UInt64(40).littleEndian) { Data($0) })
        try huge.write(to: URL(fileURLWithPath: path))
        XCTAssertNil(BandTable.open(path: path))
        _ = table
    }

    /// Rowids the slot cannot hold (none, or beyond 32 bits) are not indexed: a wrong candidate
    /// would cost a look-up, a wrapped rowid would name another document.
    func testRowidsBeyondThirtyTwoBitsAreNotIndexed() throws {
        let table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [], bucketCap: 4)
        XCTAssertFalse(table.insert(key: 1, document: 0, bucketCap: 4))
        XCTAssertFalse(table.insert(key: 1, document: Int64(UInt32.max), bucketCap: 4))
        XCTAssertFalse(table.insert(key: 1, document: 1 << 33, bucketCap: 4))
        XCTAssertTrue(table.insert(key: 1, document: Int64(UInt32.max) - 1, bucketCap: 4))
        XCTAssertEqual(documents(table, 1), [Int64(UInt32.max) - 1])
    }
}

extension BandTableTests {
    /// Signatures are kept by rowid through a growth of the slots and of the signatures' capacity;
    /// a rowid beyond the capacity, or never signed, has none.
    func testSignaturesFollowTheirDocumentsThroughGrowth() throws {
        var rng = SeededGenerator(seed: 0x5164)
        func signature() -> SketchSignature {
            SketchSignature(words: SIMD8((0..<8).map { _ in UInt64.random(in: 1...UInt64.max, using: &rng) }))
        }
        var table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [], bucketCap: 4)
        let capacity = table.signatureCapacity
        let signed = (1..<Int64(capacity)).filter { $0 % 3 == 0 }.map { ($0, signature()) }
        for (document, s) in signed { table.setSignature(s, document: document) }
        XCTAssertNil(table.signature(of: 1))
        XCTAssertFalse(table.holdsSignature(of: Int64(capacity)))
        XCTAssertNil(table.signature(of: Int64(capacity)))
        var key: Int64 = 1
        while table.hasRoom { table.insert(key: key, document: 5, bucketCap: 4); key += 1 }
        table = try table.grown(bucketCap: 4)
        XCTAssertGreaterThanOrEqual(table.signatureCapacity, capacity)
        table = try table.grown(bucketCap: 4, toHold: Int64(capacity) + 10)
        XCTAssertGreaterThan(table.signatureCapacity, capacity + 10)
        let reopened = try XCTUnwrap(BandTable.open(path: path))
        for (document, s) in signed { XCTAssertEqual(reopened.signature(of: document), s) }
        XCTAssertNil(reopened.signature(of: 1))
        XCTAssertEqual(reopened.entryCount, Int(key - 1))
        table.setSignature(SketchSignature(words: SIMD8(repeating: 0)), document: 3)
        XCTAssertNil(reopened.signature(of: 3))
    }
}

extension BandTableTests {
    /// A table the disk has no room for is an error (no SIGBUS later, from a store into a page of
    /// a sparse file), and leaves no file behind: here the room is cut by RLIMIT_FSIZE.
    func testATableWithoutRoomOnDiskIsAnError() throws {
        var old = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &old), 0)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = old
        small.rlim_cur = 64 << 10
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
            signal(SIGXFSZ, oldHandler)
        }
        XCTAssertThrowsError(try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [], bucketCap: 4)) {
            XCTAssertTrue("\($0)".contains("reserve"), "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".new"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// A table's blocks are on disk from the start (not a sparse file): on a full disk the error
    /// comes when the table is made, never as a SIGBUS when a page of it is first written.
    func testATablesBlocksAreReservedWhenItIsMade() throws {
        let entries = (1...3_000).map { (key: Int64($0 * 7919), document: Int64($0)) }
        let table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: entries, bucketCap: 4)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertGreaterThan(table.slotCount, 1 << BandTable.smallestLog2)
        XCTAssertGreaterThanOrEqual(Int(info.st_blocks) * 512, Int(info.st_size))
    }
}

extension BandTableTests {
    /// A damaged table whose header is whole but whose slots are all taken (no empty slot, which
    /// its writers never let happen) is read as far as it goes: look-ups, inserts and removals end.
    func testADamagedTableWithoutAnEmptySlotIsReadToItsEnd() throws {
        let table = try BandTable.build(path: path, identity: UUID(), stamp: 0, entries: [], bucketCap: 4)
        let slotBytes = 8 * table.slotCount
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(BandTable.headerBytes))
        try handle.write(contentsOf: Data(repeating: 0x01, count: slotBytes))
        try handle.close()
        let damaged = try XCTUnwrap(BandTable.open(path: path))
        XCTAssertFalse(damaged.insert(key: 5, document: 5, bucketCap: 4))
        XCTAssertFalse(damaged.remove(key: 5, document: 5))
        var seen = 0
        damaged.documents(under: [5, 6, 0x0101_0101]) { seen += $0.count }
        XCTAssertEqual(seen, 64, "the key every slot holds: as many as a bucket is read for")
    }
}
