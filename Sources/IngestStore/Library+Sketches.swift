import Foundation
import IngestCore

/// The near-duplicate index, in the library file (SPEC §6): each document's sketch bands
/// (`SketchBands`) in a table keyed by band. A look-up reads a few rows per band of the new
/// sketch and scores the documents that share bands, read by rowid — no process loads the whole
/// index (a first look-up used to read every sketch: 2 s and 50 MB per process at 100,000
/// documents), and each sees at once what the other workers recorded.
extension Library {
    /// The index's layout version, in `PRAGMA user_version`: below it, the bands are built from
    /// the stored sketches once (a library written before the index was in the file).
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
            if (try connection.query("PRAGMA user_version").first?.first?.int ?? 0) < sketchIndexVersion {
                for row in try connection.query("SELECT rowid, sketch FROM documents WHERE sketch IS NOT NULL") {
                    try insertBands(of: decode(row[1].blob), document: row[0].int ?? 0, connection)
                }
                try connection.execute("PRAGMA user_version = \(sketchIndexVersion)")
            }
            try connection.query("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    static func insertBands(of sketch: [UInt32], document: Int64, _ connection: SQLiteConnection) throws {
        for key in SketchBands.keys(sketch) {
            try connection.query("INSERT OR IGNORE INTO sketch_bands (band, document) VALUES (?, ?)", [.int(key), .int(document)])
        }
    }

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
        /// `Fingerprinter.similarity` of the two sketches.
        public var similarity: Double
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
                    let similarity = row.withBlob(0) { SketchBands.overlap(sketch, stored: $0) }.similarity
                    guard similarity >= threshold, let found = row.text(1), found != id else { return false }
                    hits.append((rowid, NearDuplicate(id: found, title: row.text(2) ?? "", sourceName: row.text(3) ?? "",
                                                      outputPath: row.text(4), similarity: similarity)))
                    return false
                }
            }
            hits.sort { $0.found.similarity != $1.found.similarity ? $0.found.similarity > $1.found.similarity : $0.rowid < $1.rowid }
            return hits.prefix(limit).map(\.found)
        }
    }

    /// Entries read per band, the newest first (`candidates`).
    static let bucketRead = 64
    /// Single-band candidates scored at most per look-up (`candidates`).
    static let singleBandBudget = 16

    /// The rowids of the documents to score for `sketch`, in a time that does not grow with the
    /// library. Texts in one language share their commonest shingles, so some bands are shared by
    /// a share of the whole library (bench/neardup: one band in 32 matches about 1 % of it): of
    /// each band only the newest `bucketRead` entries are read. Every entry sharing two bands or
    /// more among those is scored (a near-duplicate shares two with p > 0.9999); of those sharing
    /// one, the newest `singleBandBudget` — a revision near the revision threshold can be missed
    /// for it in a large library, never a near-duplicate unless every band it shares is crowded.
    func candidates(of sketch: [UInt32]) throws -> [Int64] {
        var bands: [Int64: Int] = [:]
        for key in SketchBands.keys(sketch) {
            try connection.forEachRow("SELECT document FROM sketch_bands WHERE band = ? ORDER BY document DESC LIMIT \(Self.bucketRead)",
                                      [.int(key)]) { row in
                bands[row.int(0), default: 0] += 1
                return true
            }
        }
        var strong: [Int64] = [], single: [Int64] = []
        for (rowid, count) in bands { if count >= 2 { strong.append(rowid) } else { single.append(rowid) } }
        if single.count > Self.singleBandBudget {
            single.sort(by: >)
            single.removeSubrange(Self.singleBandBudget...)
        }
        return strong + single
    }
}
