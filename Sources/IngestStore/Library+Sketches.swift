import Foundation
import IngestCore

/// The near-duplicate index, in the library file (SPEC §6): each document's sketch bands
/// (`SketchBands`) in a table keyed by band. A look-up reads a few rows per band of the new
/// sketch and scores the documents that share bands, read by rowid — no process loads the whole
/// index (a first look-up used to read every sketch: 2 s and 50 MB per process at 100,000
/// documents), and each sees at once what the other workers recorded.
extension Library {
    /// The index's layout version, in `PRAGMA user_version`: below it, the bands are built from
    /// the stored sketches once (a library written before the index was in the file). A library
    /// indexed before buckets were capped keeps its longer buckets: a look-up reads the oldest
    /// `bucketCap` of each, as in a capped one, and no insert goes into a full bucket; cutting
    /// them on open would cost a 100,000-document library about 40 s for some disk space only.
    static let sketchIndexVersion: Int64 = 1

    static func setUpSketchIndex(_ connection: SQLiteConnection) throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS sketch_bands (
                -- band: a key of SketchBands.keys(sketch); document: the rowid of the document
                band INTEGER NOT NULL, document INTEGER NOT NULL,
                PRIMARY KEY (band, document)) WITHOUT ROWID;
            """)
        guard (try connection.query("PRAGMA user_version").first?.first?.int ?? 0) < sketchIndexVersion else { return }
        try connection.query("BEGIN IMMEDIATE")
        do {
            // Another process may have built it while this one waited for the lock.
            let version = try connection.query("PRAGMA user_version").first?.first?.int ?? 0
            if version < 1 {
                try connection.execute("DELETE FROM sketch_bands")
                for row in try connection.query("SELECT rowid, sketch FROM documents WHERE sketch IS NOT NULL ORDER BY rowid") {
                    try insertBands(of: decode(row[1].blob), document: row[0].int ?? 0, connection)
                }
            }
            if version < sketchIndexVersion { try connection.execute("PRAGMA user_version = \(sketchIndexVersion)") }
            try connection.query("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Indexes `sketch` under `document`: in each band whose bucket holds fewer than `bucketCap`
    /// documents (a full bucket keeps its oldest).
    static func insertBands(of sketch: [UInt32], document: Int64, _ connection: SQLiteConnection) throws {
        for key in SketchBands.keys(sketch) {
            try connection.query(insertSQL, [.int(key), .int(document)])
        }
    }
    private static let insertSQL = """
        INSERT OR IGNORE INTO sketch_bands (band, document) SELECT ?1, ?2
        WHERE (SELECT COUNT(*) FROM (SELECT 1 FROM sketch_bands WHERE band = ?1 LIMIT \(bucketCap))) < \(bucketCap)
        """

    /// Indexes a document's sketch under its rowid; inside the transaction that writes the row.
    func insertBands(of sketch: [UInt32], document: Int64) throws {
        try Self.insertBands(of: sketch, document: document, connection)
    }

    /// Removes the bands of the document `id` (before its row is replaced, updated or deleted);
    /// inside that transaction.
    func removeBands(ofDocumentWithID id: String) throws {
        guard let row = try connection.query("SELECT rowid, sketch FROM documents WHERE id = ?", [.text(id)]).first,
              let rowid = row[0].int else { return }
        for key in SketchBands.keys(Self.decode(row[1].blob)) {
            try connection.query("DELETE FROM sketch_bands WHERE band = ? AND document = ?", [.int(key), .int(rowid)])
        }
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
        return try locked {
            // One read transaction: one snapshot, and the WAL's read lock taken once, not per statement.
            try connection.query("BEGIN")
            defer { try? connection.query("COMMIT") }
            var hits: [(rowid: Int64, found: NearDuplicate)] = []
            for rowid in try candidates(of: sketch) {
                try connection.forEachRow("SELECT sketch, id, title, source_name, output_path FROM documents WHERE rowid = ?",
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
    private static let bucketSQL = "SELECT document FROM sketch_bands WHERE band = ? ORDER BY document LIMIT \(bucketCap)"

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
    func candidates(of sketch: [UInt32]) throws -> [Int64] {
        // Per document: bands shared, and the size of the smallest bucket it came from.
        var shared: [Int64: (bands: Int, bucket: Int)] = [:]
        var rows: [Int64] = []
        rows.reserveCapacity(Self.bucketCap)
        for key in SketchBands.keys(sketch) {
            rows.removeAll(keepingCapacity: true)
            try connection.forEachRow(Self.bucketSQL, [.int(key)]) { row in
                rows.append(row.int(0))
                return true
            }
            for rowid in rows {
                let seen = shared[rowid] ?? (0, .max)
                shared[rowid] = (seen.bands + 1, min(seen.bucket, rows.count))
            }
        }
        var strong: [Int64] = [], single: [(rowid: Int64, bucket: Int)] = []
        for (rowid, entry) in shared {
            if entry.bands >= 2 { strong.append(rowid) } else { single.append((rowid, entry.bucket)) }
        }
        if single.count > Self.singleBandBudget {
            single.sort { $0.bucket != $1.bucket ? $0.bucket < $1.bucket : $0.rowid > $1.rowid }
            single.removeSubrange(Self.singleBandBudget...)
        }
        return strong + single.map(\.rowid)
    }
}
