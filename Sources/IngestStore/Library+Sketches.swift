import Foundation
import IngestCore

/// The near-duplicate index (SPEC §6): each document's sketch bands (`SketchBands`) in a hash
/// table in a file beside the library (`BandTable`, `<library>-bands`), mapped by every process
/// that opens the library. A look-up probes a slot or two per band and scores the documents that
/// share bands, read by rowid — no process loads the index (a first look-up used to read every
/// sketch: 2 s and 50 MB per process at 100,000 documents), each sees at once what the other
/// workers recorded, and the time of a look-up does not grow with the library (bench/neardup: a
/// B-tree in the SQLite file, 32 descents per look-up, took 2.3–3× longer at 100,000 documents
/// than at 1,000).
///
/// The table is derived from the sketches in the library's `documents` and is built again from
/// them whenever it does not match the library: missing, cut short, another library's
/// (`sketch_index.identity`), or behind or ahead of the library's count of band edits
/// (`sketch_index.stamp`, bumped by every transaction that edits bands, in the table too) — a
/// process that died inside such a transaction, or a library file copied without its table.
extension Library {
    /// The index's layout version, in `PRAGMA user_version`. 1: bands in a `sketch_bands` table of
    /// the SQLite file (dropped on open); 2: bands in the `BandTable` file.
    static let sketchIndexVersion: Int64 = 2

    /// The band table's file for the library at `path`.
    public static func bandTablePath(_ path: String) -> String { path + "-bands" }

    static func setUpSketchIndex(_ connection: SQLiteConnection) throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS sketch_index (
                -- one row: the library's identity (its band table's must match) and its count of band edits
                identity TEXT NOT NULL, stamp INTEGER NOT NULL);
            """)
    }

    fileprivate static func indexState(_ connection: SQLiteConnection) throws -> (identity: UUID, stamp: Int64)? {
        guard let row = try connection.query("SELECT identity, stamp FROM sketch_index LIMIT 1").first,
              let identity = row[0].text.flatMap(UUID.init(uuidString:)), let stamp = row[1].int else { return nil }
        return (identity, stamp)
    }

    fileprivate static func matches(_ table: BandTable, _ state: (identity: UUID, stamp: Int64)) -> Bool {
        !table.isSuperseded && table.identity == state.identity && table.stamp == state.stamp
    }

    /// The library's band table: the file's when it matches the library, else built from the
    /// sketches (inside a write transaction, which also moves a layout-1 library's bands out).
    static func openBandTable(path: String, _ connection: SQLiteConnection) throws -> BandTable {
        let tablePath = bandTablePath(path)
        // A `sketch_bands` table in a library of layout 2: a version of ingest from before the band
        // table has written to it (it makes that table again and indexes there, not here).
        func olderVersionWrote() throws -> Bool {
            !(try connection.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sketch_bands'").isEmpty)
        }
        if try connection.query("PRAGMA user_version").first?.first?.int ?? 0 >= sketchIndexVersion, try !olderVersionWrote(),
           let state = try indexState(connection), let table = BandTable.open(path: tablePath), matches(table, state) {
            return table
        }
        try connection.query("BEGIN IMMEDIATE")
        do {
            // Another process may have done it while this one waited for the lock.
            let version = try connection.query("PRAGMA user_version").first?.first?.int ?? 0
            let rebuild = try version >= sketchIndexVersion && olderVersionWrote()
            if rebuild || version < sketchIndexVersion {
                try connection.execute("DROP TABLE IF EXISTS sketch_bands; PRAGMA user_version = \(sketchIndexVersion)")
            }
            let state: (identity: UUID, stamp: Int64)
            if let known = try indexState(connection) {
                state = known
            } else {
                state = (UUID(), 0)
                try connection.query("DELETE FROM sketch_index")
                try connection.query("INSERT INTO sketch_index (identity, stamp) VALUES (?, 0)", [.text(state.identity.uuidString)])
            }
            let table: BandTable
            if !rebuild, let existing = BandTable.open(path: tablePath), matches(existing, state) {
                table = existing
            } else {
                table = try buildBandTable(path: tablePath, state: state, connection)
            }
            try connection.query("COMMIT")
            return table
        } catch {
            try? connection.execute("ROLLBACK")
            throw IngestError(.libraryUnavailable, ["path": path], detail: "band table: \(error)")
        }
    }

    /// A new band table of every stored sketch, oldest document first (a bucket keeps its oldest).
    private static func buildBandTable(path: String, state: (identity: UUID, stamp: Int64),
                                       _ connection: SQLiteConnection) throws -> BandTable {
        var entries: [(key: Int64, document: Int64)] = []
        var signatures: [(document: Int64, signature: SketchSignature)] = []
        try connection.forEachRow("SELECT rowid, sketch FROM documents WHERE sketch IS NOT NULL ORDER BY rowid") { row in
            let document = row.int(0)
            let sketch = row.withBlob(1, decode)
            let keys = SketchBands.keys(sketch)
            guard !keys.isEmpty else { return true }
            for key in keys { entries.append((key, document)) }
            if let signature = SketchSignature(sketch) { signatures.append((document, signature)) }
            return true
        }
        return try BandTable.build(path: path, identity: state.identity, stamp: state.stamp, entries: entries,
                                   signatures: signatures, bucketCap: bucketCap)
    }


    /// Inside a write transaction: the table built again (its file gone or not a table).
    fileprivate static func rebuildBandTable(path: String, _ connection: SQLiteConnection) throws -> BandTable {
        guard let state = try indexState(connection) else {
            throw IngestError(.libraryUnavailable, ["path": path], detail: "sketch_index has no row")
        }
        return try buildBandTable(path: bandTablePath(path), state: state, connection)
    }

    /// An edit of the band table, undone if its transaction fails.
    enum BandEdit {
        case added(key: Int64, document: Int64), removed(key: Int64, document: Int64)
        case signed(document: Int64, previous: SketchSignature?)
    }




    /// Every (band key, document) of the index, sorted (tests, and what a rebuild must give back).
    func indexedBands() -> [[Int64]] {
        locked { store in store.readableBands().entries().map { [$0.key, $0.document] }.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) } }
    }

    /// What a document lists of a near-duplicate.
    public struct NearDuplicate: Sendable, Equatable {
        public var id: String
        public var title: String
        public var sourceName: String
        /// Where it was written (relative to its output folder): a near-duplicate of the very
        /// output being written again is that document, not a duplicate of it.
        public var outputPath: String?
        /// The two sketches' overlap: the kind is decided from it (`DuplicateKind.of`).
        public var overlap: SketchOverlap
        /// `Fingerprinter.similarity` of the two sketches (their Jaccard index).
        public var similarity: Double { overlap.jaccard }
    }

    /// The documents at least `threshold` similar to `sketch` (`Fingerprinter.similarity`), except
    /// `id`, most similar first (the older first among equals), `limit` at most.
    public func nearDuplicateList(of sketch: [UInt32], threshold: Double, excluding id: String? = nil,
                                  limit: Int = .max) throws -> [NearDuplicate] {
        guard !sketch.isEmpty, limit > 0 else { return [] }
        return try locked { store in
            let rowids = store.candidates(of: sketch, threshold: threshold)
            guard !rowids.isEmpty else { return [] }
            // One read transaction: one snapshot, and the WAL's read lock taken once, not per statement.
            try store.connection.query("BEGIN")
            defer { _ = try? store.connection.query("COMMIT") }
            var hits: [(rowid: Int64, found: NearDuplicate)] = []
            for rowid in rowids {
                try store.connection.forEachRow("SELECT sketch, id, title, source_name, output_path FROM documents WHERE rowid = ?",
                                          [.int(rowid)]) { row in
                    let overlap = row.withBlob(0) { SketchBands.overlap(sketch, stored: $0) }
                    guard overlap.jaccard >= threshold, let found = row.text(1), found != id else { return false }
                    hits.append((rowid, NearDuplicate(id: found, title: row.text(2) ?? "", sourceName: row.text(3) ?? "",
                                                      outputPath: row.text(4), overlap: overlap)))
                    return false
                }
            }
            hits.sort { $0.found.similarity != $1.found.similarity ? $0.found.similarity > $1.found.similarity : $0.rowid < $1.rowid }
            return hits.prefix(limit).map(\.found)
        }
    }

    /// Documents a band's bucket keeps, the oldest (`insertBands`, `candidates`).
    static let bucketCap = 4
    /// Single-band candidates scored at most per look-up (`candidates`).
    static let singleBandBudget = 2

}

extension LibraryStore {
    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`), with the band table
    /// current for writing; if anything fails, the transaction is rolled back and the table's
    /// edits undone. The caller holds the lock.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try connection.query("BEGIN IMMEDIATE")
        bandEdits = []
        var stampBumped = false
        do {
            // Another process may have grown or rebuilt the table since this one opened it.
            if bands.isSuperseded || !bands.isCurrentFile {
                if let current = BandTable.open(path: Library.bandTablePath(path)),
                   let state = try Library.indexState(connection), Library.matches(current, state) {
                    bands = current
                } else {
                    bands = try Library.rebuildBandTable(path: path, connection)
                }
            }
            let result = try body()
            if !bandEdits.isEmpty {
                try connection.query("UPDATE sketch_index SET stamp = stamp + 1")
                bands.stamp += 1
                stampBumped = true
            }
            try connection.query("COMMIT")
            bandEdits = []
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            for edit in bandEdits.reversed() {
                switch edit {
                case .added(let key, let document): bands.remove(key: key, document: document)
                case .removed(let key, let document): bands.insert(key: key, document: document, bucketCap: Library.bucketCap)
                case .signed(let document, let previous):
                    bands.setSignature(previous ?? SketchSignature(words: SIMD8(repeating: 0)), document: document)
                }
            }
            if stampBumped { bands.stamp -= 1 }
            bandEdits = []
            throw error
        }
    }

    /// Indexes `sketch` under `document`: its signature, then each band whose bucket holds fewer
    /// than `bucketCap` documents (a full bucket keeps its oldest). Inside `writeTransaction`.
    func insertBands(of sketch: [UInt32], document: Int64) throws {
        let keys = SketchBands.keys(sketch)
        guard !keys.isEmpty else { return }
        if !bands.holdsSignature(of: document) { bands = try bands.grown(bucketCap: Library.bucketCap, toHold: document) }
        // The signature before the bands: a reader that finds the document in a bucket finds it too.
        bandEdits.append(.signed(document: document, previous: bands.signature(of: document)))
        bands.setSignature(SketchSignature(sketch) ?? SketchSignature(words: SIMD8(repeating: 0)), document: document)
        for key in keys {
            if !bands.hasRoom { bands = try bands.grown(bucketCap: Library.bucketCap) }
            if bands.insert(key: key, document: document, bucketCap: Library.bucketCap) { bandEdits.append(.added(key: key, document: document)) }
        }
    }

    /// Removes the bands of the document `id` (before its row is replaced, updated or deleted).
    /// Inside `writeTransaction`.
    func removeBands(ofDocumentWithID id: String) throws {
        guard let row = try connection.query("SELECT rowid, sketch FROM documents WHERE id = ?", [.text(id)]).first,
              let rowid = row[0].int else { return }
        for key in SketchBands.keys(Library.decode(row[1].blob)) where bands.remove(key: key, document: rowid) {
            bandEdits.append(.removed(key: key, document: rowid))
        }
    }

    /// The table as readers see it: a superseded one gives way to the file now at its path.
    func readableBands() -> BandTable {
        if bands.isSuperseded, let current = BandTable.open(path: Library.bandTablePath(path)) { bands = current }
        return bands
    }

    /// The rowids of the documents to score for `sketch`, in a time bounded whatever the size of
    /// the library. Texts in one language share their commonest shingles, so some band keys are
    /// shared by a share of the whole library (bench/neardup: at 100,000 documents a fifth of the
    /// index's rows were in buckets of more than 16, a few in buckets of thousands). So a bucket
    /// keeps its oldest `bucketCap` documents and no more (`insertBands`): a look-up reads 32 × 4
    /// rows at most and the index stops growing in its common buckets. Every document read in two
    /// bands or more is scored (a near-duplicate shares two with p > 0.9999, most of them bands of
    /// its own text that few documents share); of those read in one band, `singleBandBudget`, from
    /// the rarest bands first (a band shared by many says little). What can be missed in a large
    /// library: a revision near the revision threshold, sharing a single band; a near-duplicate
    /// only when `bucketCap` older documents fill each of the bands it shares (a chapter imported
    /// dozens of times: the first four of them are found, the original first).
    /// With a `threshold`, those whose signature says they cannot reach it are let go
    /// (`SketchSignature`): no row read for them. Only the candidates' signatures are read, not
    /// those of every document met in a bucket (in a 100,000-document library a look-up meets
    /// about 60, and each signature read is a cache miss).
    func candidates(of sketch: [UInt32], threshold: Double = 0) -> [Int64] {
        // Per document: bands shared, and the size of the smallest bucket it came from. At most
        // 32 × 4 documents (about 60 in a 100,000-document library): a small open-addressing set
        // on the stack, in the order met, rather than a dictionary hashing each rowid with SipHash.
        var shared: [(rowid: Int64, bands: Int, bucket: Int)] = []
        shared.reserveCapacity(64)
        let keys = SketchBands.keys(sketch)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 512) { where_ in
            where_.initialize(repeating: -1)
            readableBands().documents(under: keys) { bucket in
                for rowid in bucket {
                    var h = Int(truncatingIfNeeded: (UInt64(bitPattern: rowid) &* 0x9E37_79B9_7F4A_7C15) >> 55)
                    while where_[h] >= 0 && shared[Int(where_[h])].rowid != rowid { h = (h + 1) & 511 }
                    if where_[h] >= 0 {
                        let i = Int(where_[h])
                        shared[i].bands += 1
                        shared[i].bucket = min(shared[i].bucket, bucket.count)
                    } else if shared.count < 256 {   // (more only if keys collided: the set stays half empty)
                        where_[h] = Int32(shared.count)
                        shared.append((rowid, 1, bucket.count))
                    }
                }
            }
        }
        var strong: [Int64] = [], single: [(rowid: Int64, bucket: Int)] = []
        for entry in shared {
            if entry.bands >= 2 { strong.append(entry.rowid) } else { single.append((entry.rowid, entry.bucket)) }
        }
        if single.count > Library.singleBandBudget {
            single.sort { $0.bucket != $1.bucket ? $0.bucket < $1.bucket : $0.rowid > $1.rowid }
            single.removeSubrange(Library.singleBandBudget...)
        }
        let all = strong + single.map(\.rowid)
        guard threshold > SketchSignature.margin, let signature = SketchSignature(sketch) else { return all }
        let table = readableBands()
        return all.filter { table.signature(of: $0).map { signature.mayReach(threshold, $0) } ?? true }
    }
}
